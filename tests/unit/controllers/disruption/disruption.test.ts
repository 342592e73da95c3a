// The disruption controller in a running cluster: a percentage budget follows its Deployment's
// scale, a budget selecting nothing says so in an event, bare pods are reported as unmanaged.
// upstream: pkg/controller/disruption/disruption.go (trySync, getExpectedScale, finders)
import { describe, expect, it } from 'vitest';
import { Cluster } from '../../../../src/sim/cluster/cluster';
import { Console } from '../../../../src/sim/cluster/console';

const pdb = (name: string, spec: string) => `kubectl apply -f - <<EOF
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: ${name}
spec:
${spec}
EOF
`;

describe('disruption controller', () => {
  it('computes a maxUnavailable percentage against the Deployment scale and follows a scale change', async () => {
    const c = new Cluster({ seed: 5, workers: 2 });
    expect(await c.waitForNodesReady()).toBe(true);
    const con = new Console(c);
    const run = async (line: string) => (await con.exec(line)).output;
    await run('kubectl create deployment web --image=nginx --replicas=4');
    await run(pdb('web', '  maxUnavailable: 50%\n  selector:\n    matchLabels: {app: web}'));
    await run(pdb('nothing', '  minAvailable: 1\n  selector:\n    matchLabels: {app: none}'));
    await c.advance(30_000);
    expect(await run('kubectl get pdb')).toMatch(/^NAME\s+MIN AVAILABLE\s+MAX UNAVAILABLE\s+ALLOWED DISRUPTIONS\s+AGE\nnothing\s+1\s+N\/A\s+0\s+30s\nweb\s+N\/A\s+50%\s+2\s+30s\n$/);
    const status = () => run('kubectl get pdb web -o jsonpath={.status.expectedPods}/{.status.desiredHealthy}/{.status.currentHealthy}/{.status.disruptionsAllowed}');
    expect(await status()).toBe('4/2/4/2');

    await run('kubectl scale deployment web --replicas=2');
    await c.advance(30_000);
    // 50% of 2 rounds up to 1 unavailable.
    expect(await status()).toBe('2/1/2/1');

    expect(await run('kubectl describe pdb nothing')).toMatch(/Min available:\s+1\nSelector:\s+app=none\nStatus:\n\s+Allowed disruptions:\s+0\n\s+Current:\s+0\n\s+Desired:\s+1\n\s+Total:\s+0\nEvents:\n\s+Type\s+Reason\s+Age\s+From\s+Message\n\s+----.*\n\s+Normal\s+NoPods\s+.*controllermanager\s+No matching pods found\n$/);
  }, 60_000);

  it('warns about pods no controller owns; a maxUnavailable budget over them expects nothing and allows nothing', async () => {
    const c = new Cluster({ seed: 6, workers: 2 });
    expect(await c.waitForNodesReady()).toBe(true);
    const con = new Console(c);
    const run = async (line: string) => (await con.exec(line)).output;
    await run('kubectl run solo --image=nginx --labels=app=solo');
    await run(pdb('solo', '  maxUnavailable: 1\n  selector:\n    matchLabels: {app: solo}'));
    await c.advance(20_000);
    expect(await run('kubectl get events --field-selector reason=UnmanagedPods -o jsonpath={.items[0].message}')).toBe(
      'Pods selected by this PodDisruptionBudget (selector: app=solo) were found to be unmanaged. As a result, the status of the PDB cannot be calculated correctly, which may result in undefined behavior. To account for these pods please set ".spec.minAvailable" field of the PDB to an integer value.'
    );
    // maxUnavailable counts controllers' scale only: nothing expected, nothing allowed.
    expect(await run('kubectl get pdb solo -o jsonpath={.status.expectedPods}/{.status.currentHealthy}/{.status.disruptionsAllowed}')).toBe('0/1/0');
  }, 60_000);
});
