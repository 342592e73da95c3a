import { describe, expect, it } from 'vitest';
import { MIRRORED, PlaygroundService } from '../bridge/playground-service';
import { applyChanges, type Resources } from '../bridge/deltas';
import type { PageMessage } from '../bridge/protocol';
import { parsePin, PINNABLE } from './pin';
import { pinnedTable } from './pin-table';

describe('parsePin', () => {
  it('pins what the page mirrors', () => expect([...PINNABLE].sort()).toEqual([...MIRRORED].sort()));

  const cases: [string, string, Record<string, unknown> | undefined][] = [
    ['get pods -w', 'kubectl get pods -w', { resource: 'pods', namespace: 'default', names: [], wide: false }],
    ['short name, k alias, -n', 'k get po -n kube-system -w', { resource: 'pods', namespace: 'kube-system' }],
    ['-A: every namespace', 'kubectl get pods -Aw', { resource: 'pods', namespace: undefined }],
    ['cluster-scoped', 'kubectl get no -w', { resource: 'nodes', namespace: undefined, namespaced: false }],
    ['-o wide and -l', 'kubectl get pods -o wide -l app=web -w', { wide: true, selector: 'app=web' }],
    ['names', 'kubectl get deploy web api', { resource: 'deployments', names: ['web', 'api'] }],
    ['-o yaml is not a table', 'kubectl get pods -o yaml', undefined],
    ['several types', 'kubectl get pods,svc -w', undefined],
    ['not mirrored', 'kubectl get leases -w', undefined],
    ['not get', 'kubectl describe pods', undefined],
    ['--sort-by is not honoured', 'kubectl get pods --sort-by=.metadata.name', undefined],
    ['a script', 'kubectl get pods\nkubectl get nodes', undefined]
  ];
  for (const [name, line, want] of cases) {
    it(name, () => {
      const pin = parsePin(line);
      if (want === undefined) expect(pin).toBeUndefined();
      else expect(pin).toMatchObject(want);
    });
  }
});

describe('pinnedTable', () => {
  it('prints from the mirrored objects exactly what `kubectl get` prints', async () => {
    const service = new PlaygroundService();
    await service.boot({ seed: 3, workers: 2 });
    let resources: Resources = new Map();
    const channel = new MessageChannel();
    channel.port2.onmessage = (e: MessageEvent<PageMessage>) => {
      if (e.data.type !== 'output') resources = applyChanges(e.data.type === 'reset' ? new Map() : resources, e.data.changes);
    };
    service.connect(channel.port1);
    await service.exec('kubectl create deployment web --image=nginx --replicas=3\nkubectl label deployment web tier=front');
    await service.advance(20_000);
    await new Promise((r) => setTimeout(r, 50));
    const now = service.cluster.now;
    for (const line of ['kubectl get pods', 'kubectl get pods -A -o wide', 'kubectl get nodes', 'kubectl get deploy -l tier=front --show-labels', 'kubectl get pods -n nowhere']) {
      const pin = parsePin(line)!;
      const want = (await service.exec(line)).output;
      expect(pinnedTable(pin, resources, now), line).toBe(want);
      if (line === 'kubectl get pods') expect(want).toMatch(/^NAME +READY +STATUS +RESTARTS +AGE\n(web-\S+ +1\/1 +Running +0 +\d+s\n){3}$/);
    }
    channel.port2.close();
  }, 60_000);
});
