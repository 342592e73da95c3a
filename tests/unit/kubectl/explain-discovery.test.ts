/**
 * kubectl explain (from the bundled schema, in kubectl v1.32's layout: checked against the real
 * kubectl reading the same schema as OpenAPI v3), api-resources, api-versions, version and
 * cluster-info.
 */
import { describe, expect, test } from 'vitest';
import { bench } from './harness';
import { wrapString } from '../../../src/sim/kubectl/explain';

describe('kubectl explain', () => {
  test('a field', async () => {
    const r = await bench().run('kubectl explain pod.spec.containers.livenessProbe.httpGet.port');
    expect(r).toEqual({
      stdout: `KIND:       Pod
VERSION:    v1

FIELD: port <IntOrString>


DESCRIPTION:
    Name or number of the port to access on the container. Number must be in the
    range 1 to 65535. Name must be an IANA_SVC_NAME.
    IntOrString is a type that can hold an int32 or a string.  When used in JSON
    or YAML marshalling and unmarshalling, it produces or consumes the inner
    type.  This allows you to have, for example, a JSON field that can accept a
    name or number.
    

`,
      stderr: '',
      exitCode: 0
    });
  });

  test('a kind: description and fields', async () => {
    const r = await bench().run('kubectl explain deploy');
    expect(r.stdout.startsWith(`GROUP:      apps
KIND:       Deployment
VERSION:    v1

DESCRIPTION:
    Deployment enables declarative updates for Pods and ReplicaSets.
    
FIELDS:
  apiVersion\t<string>
    APIVersion defines the versioned schema of this representation of an object.
    Servers should convert recognized schemas to the latest internal value, and
    may reject unrecognized values. More info:
    https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources

  kind\t<string>
`)).toBe(true);
    expect(r.stdout).toContain('  metadata\t<ObjectMeta>\n');
    expect(r.stdout).toContain('  spec\t<DeploymentSpec>\n');
    expect(r.stdout.endsWith('\n\n\n')).toBe(true);
  });

  test('types: arrays, maps, references, required', async () => {
    const b = bench();
    expect((await b.run('kubectl explain pod.spec')).stdout).toContain('  containers\t<[]Container> -required-\n');
    expect((await b.run('kubectl explain pod.spec.containers.resources')).stdout).toContain('  limits\t<map[string]Quantity>\n');
    expect((await b.run('kubectl explain pod.metadata')).stdout).toContain('  labels\t<map[string]string>\n');
    expect((await b.run('kubectl explain pod.metadata.creationTimestamp')).stdout).toContain('FIELD: creationTimestamp <string>\n');
  });

  test('--recursive', async () => {
    const r = await bench().run('kubectl explain svc --recursive');
    expect(r.stdout).toContain(`FIELDS:
  apiVersion\t<string>
  kind\t<string>
  metadata\t<ObjectMeta>
    annotations\t<map[string]string>
    creationTimestamp\t<string>
`);
    expect(r.stdout).toContain('    managedFields\t<[]ManagedFieldsEntry>\n      apiVersion\t<string>\n');
  });

  test('resource forms and errors', async () => {
    const b = bench();
    expect((await b.run('kubectl explain deployments.apps.spec.replicas')).stdout).toContain('FIELD: replicas <integer>\n');
    expect(await b.run('kubectl explain pod.spec.foo')).toEqual({ stdout: 'KIND:       Pod\nVERSION:    v1\n\n', stderr: 'error: field "foo" does not exist\n', exitCode: 1 });
    expect((await b.run('kubectl explain pod.spec.x.y')).stderr).toBe('error: field "y" does not exist\n');
    expect((await b.run('kubectl explain foo')).stderr).toBe('the server doesn\'t have a resource type "foo"\n');
    expect((await b.run('kubectl explain')).stderr).toBe('error: You must specify the type of resource to explain. Use "kubectl api-resources" for a complete list of supported resources.\n');
    expect((await b.run('kubectl explain pod svc')).stderr).toBe('error: We accept only this format: explain RESOURCE\n');
    expect((await b.run('kubectl explain pod -o json')).stderr).toBe('error: unrecognized format: json\n');
    expect((await b.run('kubectl explain deploy --api-version=apps/v2')).stderr).toBe('error: couldn\'t find resource for "apps/v2, Resource=deployments"\n');
  });

  test('every served kind has a schema', async () => {
    const b = bench();
    for (const kind of ['cm', 'ep', 'ev', 'ns', 'no', 'pvc', 'pv', 'po', 'secret', 'sa', 'svc', 'ds', 'deploy', 'rs', 'job', 'cj', 'lease', 'endpointslice', 'pc', 'sc', 'hpa', 'role', 'clusterrole', 'rolebinding', 'clusterrolebinding']) {
      const r = await b.run(`kubectl explain ${kind}`);
      expect(r.exitCode, kind).toBe(0);
      expect(r.stdout, kind).toContain('FIELDS:\n');
    }
  });

  test('batch/v1 fields', async () => {
    const b = bench();
    expect((await b.run('kubectl explain job.spec.backoffLimit')).stdout).toBe(
      'GROUP:      batch\nKIND:       Job\nVERSION:    v1\n\nFIELD: backoffLimit <integer>\n\n\nDESCRIPTION:\n    Specifies the number of retries before marking this job failed. Defaults to\n    6\n    \n\n'
    );
    expect((await b.run('kubectl explain cronjob.spec.jobTemplate.spec.template.spec.restartPolicy')).stdout).toContain('FIELD: restartPolicy <string>');
  });

  test('rbac.authorization.k8s.io/v1 fields, and manifests decoded strictly against them', async () => {
    const b = bench();
    expect((await b.run('kubectl explain role')).stdout).toMatch(
      /^GROUP:      rbac\.authorization\.k8s\.io\nKIND:       Role\nVERSION:    v1\n\nDESCRIPTION:\n    Role is a namespaced, logical grouping of PolicyRules that can be referenced\n    as a unit by a RoleBinding\.\n    \nFIELDS:\n  apiVersion\t<string>\n/
    );
    expect((await b.run('kubectl explain clusterrole.rules.verbs')).stdout).toBe(
      "GROUP:      rbac.authorization.k8s.io\nKIND:       ClusterRole\nVERSION:    v1\n\nFIELD: verbs <[]string>\n\n\nDESCRIPTION:\n    Verbs is a list of Verbs that apply to ALL the ResourceKinds contained in\n    this rule. '*' represents all verbs.\n    \n\n"
    );
    expect((await b.run('kubectl explain clusterrolebinding.roleRef')).stdout).toContain('FIELD: roleRef <RoleRef>\n');
    expect((await b.run('kubectl explain rolebinding.subjects')).stdout).toContain('  kind\t<string> -required-\n');
    expect((await b.run('kubectl explain clusterrole.aggregationRule.clusterRoleSelectors')).stdout).toContain('FIELD: clusterRoleSelectors <[]LabelSelector>\n');
    b.files.set('rbac.yaml', 'apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata:\n  name: r\nrules:\n- apiGroups: [""]\n  resources: [pods]\n  verbs: [get]\n  resourceName: [x]\n---\napiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata:\n  name: rb\nroleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: r}\nsubject:\n- {kind: User, name: jane}\n');
    expect((await b.run('kubectl create -f rbac.yaml')).stderr).toBe(
      'Error from server (BadRequest): error when creating "rbac.yaml": Role in version "v1" cannot be handled as a Role: strict decoding error: unknown field "rules[0].resourceName"\n' +
        'Error from server (BadRequest): error when creating "rbac.yaml": RoleBinding in version "v1" cannot be handled as a RoleBinding: strict decoding error: unknown field "subject"\n'
    );
  });

  test('go-wordwrap', () => {
    expect(wrapString('aaa bbb ccc', 7)).toBe('aaa bbb\nccc');
    expect(wrapString('a verylongwordthatdoesnotfit b', 5)).toBe('a\nverylongwordthatdoesnotfit\nb');
    expect(wrapString('keep\nnewlines here', 8)).toBe('keep\nnewlines\nhere');
  });
});

describe('discovery', () => {
  test('api-resources', async () => {
    const b = bench();
    const r = await b.run('kubectl api-resources');
    expect(r.stdout.split('\n').slice(0, 4).join('\n')).toBe(
      'NAME                        SHORTNAMES   APIVERSION                     NAMESPACED   KIND\nconfigmaps                  cm           v1                             true         ConfigMap\nendpoints                   ep           v1                             true         Endpoints\nevents                      ev           v1                             true         Event'
    );
    expect(r.stdout).toContain('\ndeployments                 deploy       apps/v1                        true         Deployment\n');
    expect(r.stdout).toContain('\nstatefulsets                sts          apps/v1                        true         StatefulSet\n');
    expect((await b.run('kubectl api-resources --namespaced=false')).stdout).toBe(
      'NAME                       SHORTNAMES   APIVERSION                     NAMESPACED   KIND\nnamespaces                 ns           v1                             false        Namespace\nnodes                      no           v1                             false        Node\npersistentvolumes          pv           v1                             false        PersistentVolume\nselfsubjectreviews                      authentication.k8s.io/v1       false        SelfSubjectReview\nselfsubjectaccessreviews                authorization.k8s.io/v1        false        SelfSubjectAccessReview\nselfsubjectrulesreviews                 authorization.k8s.io/v1        false        SelfSubjectRulesReview\nsubjectaccessreviews                    authorization.k8s.io/v1        false        SubjectAccessReview\nclusterrolebindings                     rbac.authorization.k8s.io/v1   false        ClusterRoleBinding\nclusterroles                            rbac.authorization.k8s.io/v1   false        ClusterRole\npriorityclasses            pc           scheduling.k8s.io/v1           false        PriorityClass\nstorageclasses             sc           storage.k8s.io/v1              false        StorageClass\n'
    );
    expect((await b.run('kubectl api-resources -o name --api-group=apps')).stdout).toBe('controllerrevisions.apps\ndaemonsets.apps\ndeployments.apps\nreplicasets.apps\nstatefulsets.apps\n');
    expect((await b.run('kubectl api-resources --sort-by=kind')).stdout.split('\n').slice(1, 4).map((l) => l.split(' ')[0])).toEqual(['clusterroles', 'clusterrolebindings', 'configmaps']);
    expect(r.stdout).toContain('\ncontrollerrevisions                      apps/v1                        true         ControllerRevision\n');
    expect(r.stdout).toContain('\ncronjobs                    cj           batch/v1                       true         CronJob\njobs                                     batch/v1                       true         Job\n');
    expect((await b.run('kubectl api-resources -o wide')).stdout.split('\n')[0]).toBe(
      'NAME                        SHORTNAMES   APIVERSION                     NAMESPACED   KIND                       VERBS                                                        CATEGORIES'
    );
    expect((await b.run('kubectl api-resources -o json')).stderr).toBe('error: --output json is not available\n');
  });

  test('api-versions, version, cluster-info', async () => {
    const b = bench();
    expect((await b.run('kubectl api-versions')).stdout).toBe('apps/v1\nauthentication.k8s.io/v1\nauthorization.k8s.io/v1\nautoscaling/v1\nautoscaling/v2\nbatch/v1\ncoordination.k8s.io/v1\ndiscovery.k8s.io/v1\npolicy/v1\nrbac.authorization.k8s.io/v1\nscheduling.k8s.io/v1\nstorage.k8s.io/v1\nv1\n');
    expect((await b.run('kubectl version')).stdout).toBe('Client Version: v1.32.0\nKustomize Version: v5.5.0\nServer Version: v1.32.0\n');
    expect((await b.run('kubectl version --client')).stdout).toBe('Client Version: v1.32.0\nKustomize Version: v5.5.0\n');
    const v = JSON.parse((await b.run('kubectl version -o json')).stdout);
    expect(v.serverVersion.gitVersion).toBe('v1.32.0');
    expect(v.kustomizeVersion).toBe('v5.5.0');
    expect((await b.run('kubectl cluster-info')).stdout).toBe(
      "Kubernetes control plane is running at https://127.0.0.1:6443\n\nTo further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.\n"
    );
  });
});
