/**
 * `kubectl create job NAME --image=IMAGE [-- COMMAND...]`, `kubectl create job NAME
 * --from=cronjob/X` and `kubectl create cronjob NAME --image=IMAGE --schedule=S [--restart=R]
 * [-- COMMAND...]`: the objects are those kubectl builds (compare `--dry-run=client -o yaml`).
 * upstream: staging/src/k8s.io/kubectl/pkg/cmd/create/create_job.go (Validate, createJob,
 * createJobFromCronJob), create_cronjob.go (Complete, createCronJob), create.go NameFromCommandArgs.
 */
import type { KObject } from '../apiserver/store';
import { resourceByName } from '../api/resources';
import { fail, failStatus, usageError, type CommandSpec, type Invocation } from './command';
import type { FlagDef } from './flags';
import { resolveType } from './builder';

type Generate = (inv: Invocation, r: ReturnType<typeof resourceByName>, obj: KObject, wrap?: string) => Promise<void>;

/** The NAME before `--` and the command after it. upstream: NameFromCommandArgs (ArgsLenAtDash). */
function nameAndCommand(inv: Invocation): [string, string[]] {
  const dash = inv.flags.parsed.dashAt;
  const args = dash >= 0 ? inv.args.slice(0, dash) : inv.args;
  if (args.length !== 1) usageError(inv.path, `exactly one NAME is required, got ${args.length}`);
  return [args[0], dash >= 0 ? inv.args.slice(dash) : []];
}

function podTemplate(name: string, image: string, command: string[], restartPolicy: string): KObject {
  return {
    metadata: { creationTimestamp: null },
    spec: { containers: [{ ...(command.length > 0 ? { command } : {}), image, name, resources: {} }], ...(restartPolicy ? { restartPolicy } : {}) }
  };
}

/** upstream: createJobFromCronJob: the CronJob's job template, marked as a manual instantiation. */
export function jobFromCronJob(name: string, cronJob: KObject, namespace?: string): KObject {
  const jt = cronJob.spec?.jobTemplate ?? {};
  const annotations = { 'cronjob.kubernetes.io/instantiate': 'manual', ...(jt.metadata?.annotations ?? {}) };
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {
      annotations,
      creationTimestamp: null,
      ...(jt.metadata?.labels ? { labels: jt.metadata.labels } : {}),
      name,
      ...(namespace ? { namespace } : {}),
      // Not NewControllerRef: blockOwnerDeletion would need the cronjobs/finalizers permission.
      ownerReferences: [{ apiVersion: 'batch/v1', kind: 'CronJob', name: cronJob.metadata.name, uid: cronJob.metadata.uid, controller: true }]
    },
    spec: jt.spec ?? {},
    status: {}
  };
}

export function createJobCommand(flags: FlagDef[], createGenerated: Generate): CommandSpec {
  return {
    name: 'job',
    long: 'Create a job with the specified name.',
    short: 'Create a job with the specified name',
    use: 'create job NAME --image=image [--from=cronjob/name] -- [COMMAND] [args...]',
    flags: [...flags, { name: 'image', type: 'string' }, { name: 'from', type: 'string' }],
    async run(inv) {
      const [name, command] = nameAndCommand(inv);
      const image = inv.flags.str('image');
      const from = inv.flags.str('from');
      // upstream: Validate: exactly one of them.
      if ((image === '' && from === '') || (image !== '' && from !== '')) fail('either --image or --from must be specified');
      if (command.length > 0 && from !== '') fail('cannot specify --from and command');
      const namespace = inv.explicitNamespace ? inv.namespace : undefined;
      if (image !== '') {
        const job: KObject = {
          apiVersion: 'batch/v1',
          kind: 'Job',
          metadata: { creationTimestamp: null, name, ...(namespace ? { namespace } : {}) },
          spec: { template: podTemplate(name, image, command, 'Never') },
          status: {}
        };
        return createGenerated(inv, resourceByName('jobs'), job, 'failed to create job');
      }
      const slash = from.indexOf('/');
      if (slash < 0) fail('from must be an existing cronjob');
      const r = resolveType(from.slice(0, slash));
      const res = await inv.ctx.request({ verb: 'get', resource: r.name, namespace: inv.namespace, name: from.slice(slash + 1) });
      if (!res.ok) failStatus(res.status);
      if (r.kind !== 'CronJob') fail(`unknown object type *v1.${r.kind}`);
      await createGenerated(inv, resourceByName('jobs'), jobFromCronJob(name, res.object, namespace), 'failed to create job');
    }
  };
}

export function createCronJobCommand(flags: FlagDef[], createGenerated: Generate): CommandSpec {
  return {
    name: 'cronjob',
    aliases: ['cj'],
    long: 'Create a cron job with the specified name.',
    short: 'Create a cron job with the specified name',
    use: "create cronjob NAME --image=image --schedule='0/5 * * * ?' -- [COMMAND] [args...]",
    flags: [...flags, { name: 'image', type: 'string' }, { name: 'schedule', type: 'string' }, { name: 'restart', type: 'string' }],
    async run(inv) {
      if (!inv.flags.changed('image')) fail('required flag(s) "image" not set');
      if (!inv.flags.changed('schedule')) fail('required flag(s) "schedule" not set');
      const [name, command] = nameAndCommand(inv);
      // upstream: Complete: OnFailure unless --restart says otherwise.
      const restart = inv.flags.str('restart') || 'OnFailure';
      const namespace = inv.explicitNamespace ? inv.namespace : undefined;
      const cronJob: KObject = {
        apiVersion: 'batch/v1',
        kind: 'CronJob',
        metadata: { creationTimestamp: null, name, ...(namespace ? { namespace } : {}) },
        spec: {
          jobTemplate: { metadata: { creationTimestamp: null, name }, spec: { template: podTemplate(name, inv.flags.str('image'), command, restart) } },
          schedule: inv.flags.str('schedule')
        },
        status: {}
      };
      await createGenerated(inv, resourceByName('cronjobs'), cronJob, 'failed to create cronjob');
    }
  };
}
