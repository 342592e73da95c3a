/**
 * The demo faults through the console (seed 0): `sim container crash|hang|leak`, `sim image break`,
 * `sim node pressure`, `sim node cgroups`, and their errors (bad input changes nothing).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Cluster, inProcessHosts } from '../../../../src/sim/cluster/cluster';
import { Console } from '../../../../src/sim/cluster/console';
import { nodeOSFor } from '../../../../src/sim/node/os/node-os';
import type { KubeletHost } from '../../../../src/sim/cluster/kubelet-host';

const WEB = `kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  nodeSelector:
    kubernetes.io/hostname: worker-1
  containers:
  - name: nginx
    image: nginx
    resources:
      requests:
        cpu: 250m
        memory: 32Mi
      limits:
        memory: 64Mi
EOF`;

describe('resource faults (seed 0)', () => {
  let cluster: Cluster;
  let con: Console;
  const kubeletHosts: KubeletHost[] = [];
  const run = async (line: string) => (await con.exec(line)).output;
  const status = (path: string) => run(`kubectl get pod web -o jsonpath='{.status.containerStatuses[0].${path}}'`);

  beforeAll(async () => {
    cluster = new Cluster({ seed: 0, workers: 2 }, (kind, name, seed) => {
      const h = inProcessHosts(kind, name, seed);
      if (kind === 'kubelet') kubeletHosts.push(h as KubeletHost);
      return h;
    });
    expect(await cluster.waitForNodesReady()).toBe(true);
    con = new Console(cluster);
    await run(WEB);
    await run('sim advance 20s');
  });

  it('sim node cgroups: the Burstable pod slice with cpu.weight from its request and memory.max from its limit', async () => {
    const uid = await run(`kubectl get pod web -o jsonpath='{.metadata.uid}'`);
    const out = await run('sim node cgroups worker-1');
    expect(out.split('\n')[0]).toBe('/sys/fs/cgroup (cgroup v2, cgroupDriver: systemd)');
    expect(out).toContain(`\n    kubepods-burstable-pod${uid.replaceAll('-', '_')}.slice  default/web  cpu.weight=10 cpu.max=max 100000 memory.max=${64 * 1024 * 1024}\n`);
    expect(out).toMatch(/\n {6}cri-containerd-[0-9a-f]{13}\.scope {2}nginx {2}cpu\.max=max 100000 memory\.max=67108864\n/);
    expect(await run('sim node cgroups nope')).toBe('error: node "nope" not found\n');
  });

  it('sim container crash: the process is killed (137) and restarted', async () => {
    expect(await run('sim container crash web')).toBe('container nginx in pod default/web crashed (killed, exit code 137)\n');
    await run('sim advance 3s');
    expect(await status('restartCount')).toBe('1');
    expect(await status('lastState.terminated.exitCode')).toBe('137');
  });

  it('sim container hang: a flag on the container the prober can read', async () => {
    expect(await run('sim container hang web')).toBe('container nginx in pod default/web hangs: it stops answering probes\n');
    const id = (await status('containerID')).replace('containerd://', '');
    const k = kubeletHosts.find((h) => h.kubelets.has('worker-1'))!.kubelets.get('worker-1')!;
    expect(nodeOSFor(k.runtime, k.deps.clock).isHung(id)).toBe(true);
  });

  it('sim container leak: memory grows until the kernel OOM-kills it at its limit', async () => {
    expect(await run('sim container leak web 2Mi/s')).toBe('container nginx in pod default/web leaks 2Mi/s of memory\n');
    await run('sim advance 40s');
    expect(await status('lastState.terminated.reason')).toBe('OOMKilled');
    const kill = cluster.conductor.trace.list({ kind: 'kernel.oomKill' })[0];
    expect((kill as any).limitBytes).toBe(64 * 1024 * 1024);
  });

  it('rejects bad input and changes nothing', async () => {
    expect(await run('sim container leak web 10Mi/x')).toBe('error: invalid rate "10Mi/x": use a quantity per second, minute or hour, e.g. 10Mi/s\n');
    expect(await run('sim container crash web -c sidecar')).toBe('error: container sidecar is not valid for pod web\n');
    expect(await run('sim container crash nope')).toBe('Error from server (NotFound): pods "nope" not found\n');
    expect(await run('sim node pressure memory worker-1 lots')).toBe('error: invalid amount "lots" for memory pressure: a quantity such as 7Gi is required\n');
    expect(await run('sim node pressure cpu worker-1 1')).toMatch(/^error: usage: sim node pressure memory\|disk\|pids NODE AMOUNT/);
    expect(await run('sim image break Bad::Ref')).toMatch(/^error: invalid image reference "Bad::Ref"/);
  });

  it('sim image break: pulls of the image fail (ErrImagePull, then ImagePullBackOff)', async () => {
    expect(await run('sim image break busybox:1.36')).toBe('image docker.io/library/busybox:1.36: pulls fail from now on\n');
    await run('kubectl run bb --image=busybox:1.36 -- sleep 3600');
    await run('sim advance 20s');
    expect(await run('kubectl get events --field-selector involvedObject.name=bb,reason=Failed -o custom-columns=M:.message --no-headers')).toContain(
      'failed to resolve reference "docker.io/library/busybox:1.36": unexpected status from HEAD request to https://registry-1.docker.io/v2/library/busybox/manifests/1.36: 503 Service Unavailable'
    );
    expect((await run('kubectl get pod bb --no-headers')).split(/\s+/)[2]).toMatch(/^(ErrImagePull|ImagePullBackOff)$/);
  });

  it('sim node pressure disk: DiskPressure and an eviction for ephemeral-storage', async () => {
    expect(await run('sim node pressure disk worker-1 90Gi')).toBe('node/worker-1: 90Gi disk space filled on nodefs\n');
    await run('sim advance 25s');
    expect(await run(`kubectl get node worker-1 -o jsonpath='{.status.conditions[?(@.type=="DiskPressure")].reason}'`)).toBe('KubeletHasDiskPressure');
    const ev = cluster.conductor.trace.list({ kind: 'eviction.evict', node: 'worker-1' });
    expect((ev[0] as any).message).toMatch(/^The node was low on resource: ephemeral-storage\. Threshold quantity: 10Gi, available: \d+Ki\. $/);
  });
});
