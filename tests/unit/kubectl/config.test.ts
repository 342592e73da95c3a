/**
 * kubectl config: the console's kubeconfig (kubeadm's admin context). Expected texts are what
 * kubectl v1.32 prints for the same kubeconfig and commands.
 */
import { describe, expect, it } from 'vitest';
import { consoleSession } from './console-session';

const session = async () => (await consoleSession(1)).run;

const VIEW = `apiVersion: v1
clusters:
- cluster:
    certificate-authority-data: DATA+OMITTED
    server: https://127.0.0.1:6443
  name: kubernetes
contexts:
- context:
    cluster: kubernetes
NS    user: kubernetes-admin
  name: kubernetes-admin@kubernetes
current-context: kubernetes-admin@kubernetes
kind: Config
preferences: {}
users:
- name: kubernetes-admin
  user:
    client-certificate-data: DATA+OMITTED
    client-key-data: DATA+OMITTED
`;

describe('kubectl config', () => {
  it('shows the admin kubeconfig as kubeadm writes it', async () => {
    const run = await session();
    expect((await run('kubectl config view')).out).toBe(VIEW.replace('NS', ''));
    expect((await run('kubectl config current-context')).out).toBe('kubernetes-admin@kubernetes\n');
    expect((await run('kubectl config get-contexts')).out).toBe(
      'CURRENT   NAME                          CLUSTER      AUTHINFO           NAMESPACE\n*         kubernetes-admin@kubernetes   kubernetes   kubernetes-admin   \n'
    );
    expect((await run('kubectl config get-clusters')).out).toBe('NAME\nkubernetes\n');
    expect((await run('kubectl config get-users')).out).toBe('NAME\nkubernetes-admin\n');
    expect((await run('kubectl config view -o jsonpath={.contexts[*].name}')).out).toBe('kubernetes-admin@kubernetes');
    const json = JSON.parse((await run('kubectl config view -o json')).out);
    expect(Object.keys(json)).toEqual(['kind', 'apiVersion', 'preferences', 'clusters', 'users', 'contexts', 'current-context']);
    expect(atob((await run('kubectl config view --raw -o jsonpath={.clusters[0].cluster.certificate-authority-data}')).out)).toMatch(/^-----BEGIN CERTIFICATE-----\n/);
  });

  it("set-context --current --namespace: the context's namespace is every command's default", async () => {
    const run = await session();
    await run('kubectl create namespace dev');
    expect(await run('kubectl config set-context --current --namespace=dev')).toEqual({ out: 'Context "kubernetes-admin@kubernetes" modified.\n', code: 0 });
    expect((await run('kubectl config get-contexts')).out).toBe(
      'CURRENT   NAME                          CLUSTER      AUTHINFO           NAMESPACE\n*         kubernetes-admin@kubernetes   kubernetes   kubernetes-admin   dev\n'
    );
    expect((await run('kubectl config view --minify')).out).toBe(VIEW.replace('NS', '    namespace: dev\n'));
    expect((await run('kubectl run web --image=nginx')).out).toBe('pod/web created\n');
    expect((await run('kubectl get pods -o name')).out).toBe('pod/web\n');
    expect((await run('kubectl get pod web -o jsonpath={.metadata.namespace}')).out).toBe('dev');
    expect((await run('kubectl get pods -n default')).out).toBe('No resources found in default namespace.\n');
    expect((await run('kubectl config set-context --current --namespace=')).out).toBe('Context "kubernetes-admin@kubernetes" modified.\n');
    expect((await run('kubectl get pods')).out).toBe('No resources found in default namespace.\n');
  });

  it('creates, switches, renames and deletes contexts; --context picks one', async () => {
    const run = await session();
    await run('kubectl create namespace dev');
    expect((await run('kubectl config set-context dev --cluster=kubernetes --user=kubernetes-admin --namespace=dev')).out).toBe('Context "dev" created.\n');
    expect((await run('kubectl config use-context dev')).out).toBe('Switched to context "dev".\n');
    expect((await run('kubectl config get-contexts')).out).toBe(
      'CURRENT   NAME                          CLUSTER      AUTHINFO           NAMESPACE\n' +
        '*         dev                           kubernetes   kubernetes-admin   dev\n' +
        '          kubernetes-admin@kubernetes   kubernetes   kubernetes-admin   \n'
    );
    expect((await run('kubectl config get-contexts -o name')).out).toBe('dev\nkubernetes-admin@kubernetes\n');
    await run('kubectl create configmap here --from-literal=a=b');
    expect((await run('kubectl --context kubernetes-admin@kubernetes get configmap here')).out).toBe('Error from server (NotFound): configmaps "here" not found\n');
    expect((await run('kubectl get configmap here -o name')).out).toBe('configmap/here\n');
    expect((await run('kubectl config rename-context dev dev2')).out).toBe('Context "dev" renamed to "dev2".\n');
    expect((await run('kubectl config delete-context dev2')).out).toBe(
      'warning: this removed your active context, use "kubectl config use-context" to select a different one\ndeleted context dev2 from /home/learner/.kube/config\n'
    );
    expect(await run('kubectl get pods')).toEqual({ out: 'Error in configuration: context was not found for specified context: dev2\n', code: 1 });
    expect((await run('kubectl config use kubernetes-admin@kubernetes')).out).toBe('Switched to context "kubernetes-admin@kubernetes".\n');
    expect((await run('kubectl get pods')).code).toBe(0);
  });

  it('errors as kubectl words them', async () => {
    const run = await session();
    const cases: [string, string][] = [
      ['kubectl config use-context nope', 'error: no context exists with the name: "nope"\n'],
      ['kubectl config delete-context nope', 'error: cannot delete context nope, not in /home/learner/.kube/config\n'],
      ['kubectl config rename-context nope x', `error: cannot rename the context "nope", it's not in /home/learner/.kube/config\n`],
      ['kubectl config rename-context kubernetes-admin@kubernetes kubernetes-admin@kubernetes', 'error: cannot rename the context "kubernetes-admin@kubernetes", the context "kubernetes-admin@kubernetes" already exists in /home/learner/.kube/config\n'],
      ['kubectl config set-context', 'error: you must specify a non-empty context name or --current\n'],
      ['kubectl config get-contexts -o wide', 'error: --output wide is not available in kubectl config get-contexts; resetting to default output format\n'],
      ['kubectl config get-contexts nope', 'CURRENT   NAME   CLUSTER   AUTHINFO   NAMESPACE\nerror: context nope not found\n'],
      ['kubectl --context nope get pods', 'Error in configuration: context was not found for specified context: nope\n']
    ];
    for (const [line, want] of cases) expect(await run(line), line).toEqual({ out: want, code: 1 });
  });

  it('no current context, or a context without a cluster: kubectl falls back to localhost:8080', async () => {
    const run = await session();
    expect((await run('kubectl config unset current-context')).out).toBe('Property "current-context" unset.\n');
    expect(await run('kubectl config current-context')).toEqual({ out: 'error: current-context is not set\n', code: 1 });
    const refused = { out: 'The connection to the server localhost:8080 was refused - did you specify the right host or port?\n', code: 1 };
    expect(await run('kubectl get pods')).toEqual(refused);
    await run('kubectl config use-context kubernetes-admin@kubernetes');
    await run('kubectl config set-context --current --cluster=other');
    expect(await run('kubectl get nodes')).toEqual(refused);
    await run('kubectl config set-context --current --cluster=kubernetes');
    expect((await run('kubectl get nodes -o name')).out).toBe('node/control-plane\nnode/worker-1\n');
  });
});
