import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { Cluster } from '../../../src/sim/cluster/cluster';
import { Console } from '../../../src/sim/cluster/console';

async function boot(seed = 7) {
  const cluster = new Cluster({ seed, workers: 2 });
  expect(await cluster.waitForNodesReady()).toBe(true);
  return new Console(cluster);
}

const run = async (c: Console, script: string) => (await c.exec(script)).output;

describe('containers as processes on the node (through kubectl)', () => {
  it('a configMap volume: the container reads the key and its log file shows the value', async () => {
    const c = await boot();
    await run(
      c,
      `kubectl create configmap app-config --from-literal=key=value-from-configmap
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: reader
spec:
  restartPolicy: Never
  containers:
  - name: c
    image: busybox:1.36
    command: ["sh", "-c", "cat /etc/config/key; echo; echo pod=$(POD_NAME)"]
    env:
    - name: POD_NAME
      valueFrom: {fieldRef: {fieldPath: metadata.name}}
    volumeMounts: [{name: config, mountPath: /etc/config}]
  volumes:
  - name: config
    configMap: {name: app-config}
EOF
sim advance 30s`
    );
    expect(await run(c, 'kubectl get pod reader --no-headers')).toMatch(/^reader\s+0\/1\s+Completed\s+0/);
    expect(await run(c, 'kubectl logs reader')).toBe('value-from-configmap\npod=reader\n');
  });

  it('an emptyDir is shared by the pod containers; a readOnly mount refuses writes; exec sees the node files', async () => {
    const c = await boot();
    await run(
      c,
      `kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: shared
spec:
  containers:
  - name: writer
    image: busybox:1.36
    command: ["sh", "-c", "echo written-by-writer > /data/msg; sleep 3600"]
    volumeMounts: [{name: data, mountPath: /data}]
  - name: reader
    image: busybox:1.36
    command: ["sleep", "3600"]
    volumeMounts: [{name: data, mountPath: /data, readOnly: true}]
  volumes:
  - name: data
    emptyDir: {}
EOF
sim advance 30s`
    );
    expect(await run(c, 'kubectl get pod shared --no-headers')).toMatch(/^shared\s+2\/2\s+Running/);
    // The reader sees the file the writer made; its own mount is read-only.
    expect(await run(c, 'kubectl exec shared -c reader -- cat /data/msg')).toBe('written-by-writer\n');
    expect(await run(c, 'kubectl exec shared -c reader -- touch /data/other')).toContain('touch: /data/other: Read-only file system');
    expect(await run(c, 'kubectl exec shared -c writer -- cat /data/missing')).toContain("cat: can't open '/data/missing': No such file or directory");
    // The pod's DNS config and the kubelet-managed hosts file.
    expect(await run(c, 'kubectl exec shared -c reader -- cat /etc/resolv.conf')).toBe('search default.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\noptions ndots:5\n');
    expect(await run(c, 'kubectl exec shared -c reader -- cat /etc/hosts')).toMatch(/^# Kubernetes-managed hosts file\.\n[\s\S]*\n10\.244\.\d+\.\d+\tshared\n$/);
  });

  it('nginx: kubectl logs shows its docker-entrypoint lines; a binary the image lacks fails with the OCI error', async () => {
    const c = await boot();
    await run(c, 'kubectl run web --image=nginx:1.27\nsim advance 30s');
    const logs = await run(c, 'kubectl logs web');
    expect(logs.split('\n')[0]).toBe('/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration');
    expect(logs).toContain('/docker-entrypoint.sh: Configuration complete; ready for start up\n');
    expect(await run(c, 'kubectl exec web -- foo')).toContain('OCI runtime exec failed: exec failed: unable to start container process: exec: "foo": executable file not found in $PATH: unknown');
  });
  it('the docs init-containers example: Init:0/2 until myservice exists, Init:1/2 until mydb exists, then Running', async () => {
    const c = await boot();
    const svc = (name: string, port: number) => `kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: ${name}
spec:
  ports:
  - protocol: TCP
    port: 80
    targetPort: ${port}
EOF`;
    await run(
      c,
      `kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: myapp-pod
  labels:
    app.kubernetes.io/name: MyApp
spec:
  containers:
  - name: myapp-container
    image: busybox:1.28
    command: ['sh', '-c', 'echo The app is running! && sleep 3600']
  initContainers:
  - name: init-myservice
    image: busybox:1.28
    command: ['sh', '-c', "until nslookup myservice.$(cat /var/run/secrets/kubernetes.io/serviceaccount/namespace).svc.cluster.local; do echo waiting for myservice; sleep 2; done"]
  - name: init-mydb
    image: busybox:1.28
    command: ['sh', '-c', "until nslookup mydb.$(cat /var/run/secrets/kubernetes.io/serviceaccount/namespace).svc.cluster.local; do echo waiting for mydb; sleep 2; done"]
EOF
sim advance 30s`
    );
    const status = async () => (await run(c, 'kubectl get pod myapp-pod --no-headers')).split(/\s+/)[2];
    expect(await status()).toBe('Init:0/2');
    expect(await run(c, 'kubectl logs myapp-pod -c init-myservice --tail 2')).toBe('\nwaiting for myservice\n');
    await run(c, `${svc('myservice', 9376)}\nsim advance 10s`);
    expect(await status()).toBe('Init:1/2');
    await run(c, `${svc('mydb', 9377)}\nsim advance 10s`);
    expect(await status()).toBe('Running');
    expect(await run(c, 'kubectl logs myapp-pod -c myapp-container')).toBe('The app is running!\n');
    const env = await run(c, 'kubectl exec myapp-pod -c myapp-container -- env');
    expect(env).toContain('\nKUBERNETES_SERVICE_HOST=10.96.0.1\n');
    expect(env).toMatch(/\nMYDB_SERVICE_HOST=10\.\d+\.\d+\.\d+\n/);
    expect(env).toContain('\nMYSERVICE_PORT_80_TCP_PORT=80\n');
  });

  it('the docs init-demo example: wget in the init container fills the emptyDir nginx serves', async () => {
    const c = await boot();
    const manifest = readFileSync('/work/shared/examples/kubernetes-website/init-containers.yaml', 'utf8');
    await run(c, `kubectl apply -f - <<EOF\n${manifest}EOF\nsim advance 40s`);
    expect(await run(c, 'kubectl get pod init-demo --no-headers')).toMatch(/^init-demo\s+1\/1\s+Running/);
    const page = await run(c, 'kubectl exec init-demo -c nginx -- wget -qO- http://localhost/');
    expect(page).toContain('<h1>http://info.cern.ch - home of the first website</h1>');
    // dnsPolicy: Default keeps the node's resolver.
    expect(await run(c, 'kubectl exec init-demo -c nginx -- cat /etc/resolv.conf')).toBe('nameserver 172.18.0.1\noptions ndots:0\n');
  });

  it('curl is where the image ships it: nginx has it, busybox, alpine and nginx:1.14.2 do not', async () => {
    const c = await boot();
    await run(
      c,
      `kubectl run web --image=nginx:1.27
kubectl run old --image=nginx:1.14.2
kubectl run bb --image=busybox:1.36 -- sleep 3600
kubectl run al --image=alpine:3.20 -- sleep 3600
kubectl expose pod web --port=80
sim advance 40s`
    );
    // Straight through the runtime (no shell in the argv) and from a shell in the pod.
    expect(await run(c, 'kubectl exec web -- curl -s localhost')).toContain('<title>Welcome to nginx!</title>');
    expect(await run(c, `kubectl exec web -- sh -c 'curl -s -o /dev/null -w "%{http_code}\\n" web.default.svc.cluster.local/nope'`)).toBe('404\n');
    expect(await run(c, 'kubectl exec web -- which curl')).toBe('/usr/bin/curl\n');
    // busybox: exactly as before curl existed anywhere.
    const bb = await c.exec('kubectl exec bb -- curl -s http://web');
    const jq = await c.exec('kubectl exec bb -- jq -s http://web');
    expect(bb.output).toContain('exec: "curl": executable file not found in $PATH');
    expect({ output: bb.output.replace('"curl"', '"jq"'), exitCode: bb.exitCode }).toEqual({ output: jq.output, exitCode: jq.exitCode });
    expect(await run(c, "kubectl exec bb -- sh -c 'curl -s http://web'")).toBe('sh: curl: not found\ncommand terminated with exit code 127\n');
    expect(await run(c, "kubectl exec al -- sh -c 'curl -s http://web'")).toBe('sh: curl: not found\ncommand terminated with exit code 127\n');
    expect(await run(c, "kubectl exec old -- sh -c 'curl -s http://web'")).toBe('sh: curl: not found\ncommand terminated with exit code 127\n');
    // wget still works in busybox, for comparison.
    expect(await run(c, 'kubectl exec bb -- wget -qO- http://web')).toContain('<title>Welcome to nginx!</title>');
  });

  it('a Service reaches its ready pods; a Service without endpoints is refused', async () => {
    const c = await boot();
    await run(
      c,
      `kubectl create deployment web --image=registry.k8s.io/e2e-test-images/agnhost:2.40 --replicas=2 -- /agnhost netexec --http-port=8080
kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector: {app: web}
  ports: [{port: 80, targetPort: 8080}]
---
apiVersion: v1
kind: Service
metadata:
  name: empty
spec:
  selector: {app: nothing}
  ports: [{port: 80, targetPort: 8080}]
EOF
kubectl run client --image=busybox:1.36 -- sleep 3600
sim advance 40s`
    );
    const hostname = await run(c, 'kubectl exec client -- wget -qO- http://web/hostname');
    expect(hostname).toMatch(/^web-[a-z0-9]+-[a-z0-9]{5}$/);
    expect(await run(c, 'kubectl exec client -- wget -qO- http://web.default.svc.cluster.local/echo?msg=hello')).toBe('hello');
    expect(await run(c, 'kubectl exec client -- wget -qO- -T 1 http://empty')).toContain('Connection refused');
  });
  it('a changed ConfigMap reaches the mounted volume at the next sync, not at once', async () => {
    const c = await boot();
    const cm = (value: string) => `kubectl apply -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: live
data:
  key: ${value}
EOF`;
    await run(
      c,
      `${cm('first')}
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: watcher
spec:
  containers:
  - name: c
    image: busybox:1.36
    command: ["sleep", "3600"]
    volumeMounts: [{name: config, mountPath: /etc/config}]
  volumes:
  - name: config
    configMap: {name: live}
EOF
sim advance 30s`
    );
    expect(await run(c, 'kubectl exec watcher -- cat /etc/config/key')).toBe('first');
    await run(c, `${cm('second')}\nsim advance 5s`);
    expect(await run(c, 'kubectl exec watcher -- cat /etc/config/key')).toBe('first');
    await run(c, 'sim advance 60s');
    expect(await run(c, 'kubectl exec watcher -- cat /etc/config/key')).toBe('second');
  });
});
