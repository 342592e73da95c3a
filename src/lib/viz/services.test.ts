import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { PlaygroundService } from '../bridge/playground-service';
import type { KObject } from '../bridge/deltas';
import { layoutCluster, SVC_CHIP_H, SVC_CHIP_W } from './layout';
import { assignServiceSlots, placeServiceChips, readyText, serviceLinks, serviceViews, slotCount, type ServiceView } from './services';

// A real cluster: a Deployment of three nginx pods behind a Service, each with an httpGet
// readiness probe on /; then one pod loses its index.html and fails the probe.
let service: PlaygroundService;

const APP = `kubectl apply -f - <<EOF\n${readFileSync(new URL('../../../tests/fixtures/web-readiness-service.yaml', import.meta.url), 'utf8')}EOF`;

async function list(resource: string): Promise<Map<string, KObject>> {
  const items = JSON.parse((await service.exec(`kubectl get ${resource} -A -o json`)).output).items as KObject[];
  return new Map(items.map((o) => [`${o.metadata.namespace}/${o.metadata.name}`, o]));
}

async function views(): Promise<{ views: ServiceView[]; pods: Map<string, KObject>; nodes: KObject[] }> {
  const pods = await list('pods');
  const nodes = JSON.parse((await service.exec('kubectl get nodes -o json')).output).items as KObject[];
  return { views: serviceViews(await list('services'), await list('endpointslices')), pods, nodes };
}

beforeAll(async () => {
  service = new PlaygroundService();
  await service.boot({ seed: 7, workers: 2 });
  expect((await service.exec(APP)).exitCode).toBe(0);
  await service.advance(30_000);
}, 60_000);

describe('serviceViews', () => {
  it('reads the `kubernetes` Service and the new one from their EndpointSlices', async () => {
    const { views: v, pods } = await views();
    const kubernetes = v.find((s) => s.key === 'default/kubernetes')!;
    expect([readyText(kubernetes), kubernetes.endpoints[0].pod, kubernetes.endpoints[0].addresses]).toEqual(['1/1 ready', undefined, ['172.18.0.2']]);
    const web = v.find((s) => s.key === 'default/web')!;
    const webPods = [...pods.keys()].filter((k) => k.startsWith('default/web-')).sort();
    expect(webPods).toHaveLength(3);
    expect(web.endpoints.map((e) => e.pod).sort()).toEqual(webPods);
    expect([readyText(web), web.ports, web.selector]).toEqual(['3/3 ready', '80/TCP', 'app=web']);
  });

  it('links the chip to each ready endpoint; a pod failing its readiness probe keeps a dashed one and the chip says 2/3', async () => {
    const before = await views();
    const broken = [...before.pods.keys()].filter((k) => k.startsWith('default/web-')).sort()[0];
    const rm = await service.exec(`kubectl exec ${broken.split('/')[1]} -- rm /usr/share/nginx/html/index.html`);
    expect(rm.exitCode).toBe(0);
    await service.advance(10_000);
    const { views: v, pods, nodes } = await views();
    const web = v.find((s) => s.key === 'default/web')!;
    expect(readyText(web)).toBe('2/3 ready');
    // The EndpointSlice controller's truth agrees with the pod's Ready condition.
    const podReady = (key: string) => pods.get(key)!.status.conditions.find((c: KObject) => c.type === 'Ready').status;
    expect(podReady(broken)).toBe('False');
    expect(web.endpoints.find((e) => e.pod === broken)!.ready).toBe(false);

    const slots = assignServiceSlots(v);
    const layout = layoutCluster(nodes, [...pods.values()], { width: 960, serviceSlots: slotCount(slots) });
    const chips = placeServiceChips(v, slots, layout.services);
    const placed = new Map([...layout.nodes.flatMap((n) => n.pods), ...layout.tray.pods].map((p) => [p.key, p]));
    const links = serviceLinks(chips, placed).filter((l) => l.service === 'default/web');
    expect(links.filter((l) => l.ready).map((l) => l.pod).sort()).toEqual(web.endpoints.filter((e) => e.ready).map((e) => e.pod).sort());
    expect(links.filter((l) => !l.ready).map((l) => l.pod)).toEqual([broken]);
    // Each link runs from the chip's bottom edge to the top middle of its pod.
    const chip = chips.find((c) => c.view.key === 'default/web')!;
    for (const l of links) {
      const pod = placed.get(l.pod)!;
      const [, sx, sy] = /^M([\d.]+) ([\d.]+)/.exec(l.d)!.map(Number);
      expect(sy).toBe(chip.y + SVC_CHIP_H);
      expect(sx).toBeGreaterThanOrEqual(chip.x);
      expect(sx).toBeLessThanOrEqual(chip.x + SVC_CHIP_W);
      expect(l.d.endsWith(` ${pod.x + pod.w / 2} ${pod.y}`)).toBe(true);
    }
  });
});

describe('the Services band in the layout', () => {
  it('sits between the control plane and the nodes, and keeps each chip in its slot', async () => {
    const { views: v, pods, nodes } = await views();
    const slots = assignServiceSlots(v);
    // Oldest first: `kubernetes` (created at boot) takes slot 0.
    expect([...slots].sort((a, b) => a[1] - b[1])).toEqual([
      ['default/kubernetes', 0],
      ['default/web', 1]
    ]);
    const layout = layoutCluster(nodes, [...pods.values()], { width: 960, serviceSlots: slotCount(slots) });
    expect(layout.services.y).toBe(layout.band.y + layout.band.h + 16);
    expect(layout.services.h).toBe(48);
    expect(Math.min(...layout.nodes.map((n) => n.y))).toBe(layout.services.y + layout.services.h + 16);
    // A new Service takes the next slot; the others stay put, and so do the nodes (same row of chips).
    const withMore = new Map(v.map((s) => [s.key, s]));
    const added: ServiceView = { ...v[1], key: 'default/api', name: 'api', creationTimestamp: '2099-01-01T00:00:00Z' };
    const next = assignServiceSlots([...withMore.values(), added], slots);
    expect([next.get('default/kubernetes'), next.get('default/web'), next.get('default/api')]).toEqual([0, 1, 2]);
    const after = layoutCluster(nodes, [...pods.values()], { width: 960, serviceSlots: slotCount(next), previous: layout.slots });
    expect(after.nodes.map((n) => [n.name, n.x, n.y])).toEqual(layout.nodes.map((n) => [n.name, n.x, n.y]));
    // Deleting `kubernetes` leaves its slot empty: `web` does not move.
    const gone = assignServiceSlots([v[1], added], next);
    expect([gone.get('default/web'), gone.get('default/api')]).toEqual([1, 2]);
  });
});
