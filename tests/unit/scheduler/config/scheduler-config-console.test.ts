import { describe, expect, it } from 'vitest';
import { Cluster } from '../../../../src/sim/cluster/cluster';
import { Console } from '../../../../src/sim/cluster/console';

const twoProfiles = `apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- schedulerName: default-scheduler
- schedulerName: bin-packer
  pluginConfig:
  - name: NodeResourcesFit
    args:
      scoringStrategy:
        type: MostAllocated
`;

const podWith = (name: string, schedulerName: string) => `kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: ${name}
spec:
  schedulerName: ${schedulerName}
  containers:
  - name: c
    image: nginx:1.27
EOF`;

describe('sim scheduler config', () => {
  it('prints the running configuration, restarts with a new one, and refuses a bad one without changing anything', async () => {
    const cluster = new Cluster({ seed: 4, workers: 2 });
    expect(await cluster.waitForNodesReady()).toBe(true);
    const con = new Console(cluster);
    const before = await con.exec('sim scheduler config');
    expect(before.output).toMatch(/^apiVersion: kubescheduler.config.k8s.io\/v1\n/);
    expect(before.output).toContain('  schedulerName: default-scheduler\n');

    // A pod for a scheduler nobody runs stays Pending.
    await con.exec(podWith('packed', 'bin-packer'));
    await cluster.advance(3000);
    expect((await con.exec('kubectl get pod packed --no-headers -o custom-columns=N:.spec.nodeName')).output).toBe('<none>\n');

    const bad = await con.exec('sim scheduler config -f - <<EOF\napiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\nprofiles:\n- schedulerName: bin-packer\n  plugins:\n    filter:\n      enabled:\n      - name: Foo\nEOF');
    expect(bad.exitCode).toBe(1);
    expect(bad.output).toBe('error: initializing profiles: creating profile for scheduler name bin-packer: FilterPlugin "Foo" does not exist\n');
    expect((await con.exec('sim scheduler config')).output).toBe(before.output);
    await cluster.advance(3000);
    expect((await con.exec('kubectl get pod packed --no-headers -o custom-columns=N:.spec.nodeName')).output).toBe('<none>\n');

    const good = await con.exec(`sim scheduler config -f - <<EOF\n${twoProfiles}EOF`);
    expect(good.output).toBe('kube-scheduler restarted with profiles: default-scheduler, bin-packer\n');
    await cluster.advance(3000);
    expect((await con.exec('kubectl get pod packed --no-headers -o custom-columns=N:.spec.nodeName')).output).toMatch(/^worker-\d\n$/);
    // The event comes from the profile's scheduler name.
    expect((await con.exec('kubectl get events --field-selector involvedObject.name=packed,reason=Scheduled -o jsonpath={.items[0].reportingComponent}')).output).toBe('bin-packer');
    const after = (await con.exec('sim scheduler config')).output;
    expect(after).toContain('  schedulerName: bin-packer\n');
    expect(after).toContain('        type: MostAllocated\n');
    // Pods for the default profile are still scheduled.
    await con.exec(podWith('plain', 'default-scheduler'));
    await cluster.advance(3000);
    expect((await con.exec('kubectl get pod plain --no-headers -o custom-columns=N:.spec.nodeName')).output).toMatch(/^worker-\d\n$/);
  });
});
