/**
 * `kubectl autoscale (TYPE NAME | TYPE/NAME | -f FILE) [--min=N] --max=N [--cpu-percent=N]`:
 * creates an autoscaling/v1 HorizontalPodAutoscaler for a Deployment, ReplicaSet or StatefulSet
 * (kubectl v1.32 has no --cpu/--memory yet; the API server stores it as autoscaling/v2).
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/autoscale/autoscale.go (v1.32: NewCmdAutoscale,
 * Validate, Run, createHorizontalPodAutoscaler).
 */
import { AggregateError, DRY_RUN_FLAG, FIELD_MANAGER_FLAG, FILENAME_FLAGS, OUTPUT_FLAGS, dryRunStrategy, fail, type CommandSpec, type ErrorEntry } from './command';
import { fetchRefs, MISSING_RESOURCE_ERROR, refsFromFilesOrArgs } from './builder';
import { checkOutputFormat, MUTATION_FORMATS, operationLine, printObjects } from './output';
import { apiVersionOf, resourceByName } from '../api/resources';
import type { KObject } from '../apiserver/store';

/** Kinds served with a scale subresource (upstream asks discovery: scale.NewDiscoveryScaleKindResolver). */
const SCALABLE = new Set(['deployments', 'replicasets', 'statefulsets']);

export const autoscaleCommand: CommandSpec = {
  name: 'autoscale',
  long:
    'Creates an autoscaler that automatically chooses and sets the number of pods that run in a Kubernetes cluster.\n\n Looks up a deployment, replica set, stateful set, or replication controller by name and creates an autoscaler that uses the given resource as a reference. An autoscaler can automatically increase or decrease number of pods deployed within the system as needed.',
  short: 'Auto-scale a deployment, replica set, stateful set, or replication controller',
  use: 'autoscale (-f FILENAME | TYPE NAME | TYPE/NAME) [--min=MINPODS] --max=MAXPODS [--cpu-percent=CPU]',
  flags: [
    ...FILENAME_FLAGS,
    ...OUTPUT_FLAGS,
    DRY_RUN_FLAG,
    FIELD_MANAGER_FLAG('kubectl-autoscale'),
    { name: 'cpu-percent', type: 'int', def: -1 },
    { name: 'max', type: 'int', def: -1 },
    { name: 'min', type: 'int', def: -1 },
    { name: 'name', type: 'string' },
    { name: 'save-config', type: 'bool' }
  ],
  async run(inv) {
    const { flags, out, ctx } = inv;
    if (!flags.changed('max')) fail('required flag(s) "max" not set');
    const strategy = dryRunStrategy(flags);
    const format = flags.str('output');
    checkOutputFormat(format, MUTATION_FORMATS);
    // upstream: Validate
    const max = flags.int('max');
    const min = flags.int('min');
    if (max < 1) fail(`--max=MAXPODS is required and must be at least 1, max: ${max}`);
    if (max < min) fail(`--max=MAXPODS must be larger or equal to --min=MINPODS, max: ${max}, min: ${min}`);
    const filenames = flags.list('filename');
    const errors: ErrorEntry[] = [];
    if (filenames.length === 0 && inv.args.length === 0) fail(MISSING_RESOURCE_ERROR);
    const refs = await refsFromFilesOrArgs(inv, filenames, inv.args, errors, (named) => {
      if (!named) fail('resource(s) were provided, but no name was specified');
    });
    const fetched = await fetchRefs(inv, refs, {});
    errors.push(...fetched.errors);
    const hpaResource = resourceByName('horizontalpodautoscalers');
    let count = 0;
    for (const { resource: r, object } of fetched.items) {
      if (!SCALABLE.has(r.name)) {
        errors.push({ message: `cannot autoscale a ${r.kind}: could not find scale subresource for ${r.group}/${r.version}, Resource=${r.name} in discovery information` });
        continue;
      }
      // upstream: createHorizontalPodAutoscaler (autoscaling/v1).
      const spec: KObject = { maxReplicas: max };
      if (min > 0) spec.minReplicas = min;
      spec.scaleTargetRef = { apiVersion: apiVersionOf(r), kind: r.kind, name: object.metadata.name };
      const cpuPercent = flags.int('cpu-percent');
      if (cpuPercent >= 0) spec.targetCPUUtilizationPercentage = cpuPercent;
      const hpa: KObject = {
        apiVersion: 'autoscaling/v1',
        kind: 'HorizontalPodAutoscaler',
        metadata: { creationTimestamp: null, name: flags.str('name') || object.metadata.name, ...(inv.explicitNamespace ? { namespace: inv.namespace } : {}) },
        spec,
        status: { currentReplicas: 0, desiredReplicas: 0 }
      };
      count++;
      if (strategy === 'client') {
        if (!format || format === 'name') out.out(operationLine(hpaResource, hpa.metadata.name, 'created', strategy, format));
        else out.out(printObjects(inv, [hpa], true));
        continue;
      }
      const res = await ctx.request({ verb: 'create', resource: hpaResource.name, namespace: inv.namespace, body: hpa, dryRun: strategy === 'server' || undefined });
      if (!res.ok) {
        errors.push({ status: res.status });
        continue;
      }
      if (!format || format === 'name') out.out(operationLine(hpaResource, res.object.metadata.name, 'autoscaled', strategy, format));
      else out.out(printObjects(inv, [res.object], true));
    }
    if (errors.length > 0) throw new AggregateError(errors);
    if (count === 0) fail('no objects passed to autoscale');
  }
};
