import { describe, expect, it } from 'vitest';
import { SimClock } from '../../../../src/sim/kernel/clock';
import { CSI_LATENCY_MS, HOSTPATH_CSI_DRIVER, HostPathCSINodePlugin, type CsiResult } from '../../../../src/sim/node/csi/hostpath';

/* eslint-disable @typescript-eslint/no-explicit-any */

function setup() {
  const clock = new SimClock();
  const events: any[] = [];
  const plugin = new HostPathCSINodePlugin({ node: 'worker-1', clock, trace: (e) => events.push({ t: clock.now(), ...e }) });
  return { clock, events, plugin };
}

const call = (clock: SimClock, fn: (cb: (r: CsiResult) => void) => void): CsiResult => {
  let r: CsiResult | undefined;
  fn((x) => (r = x));
  clock.runUntil(clock.now() + 1000);
  return r!;
};

describe('hostpath CSI node plugin', () => {
  it('stages, publishes, unpublishes and unstages, each traced call/return with node, pod and its latency', () => {
    const { clock, events, plugin } = setup();
    expect(plugin.driver).toBe(HOSTPATH_CSI_DRIVER);
    const req = { volumeId: 'vol-1', pod: 'default/p', stagingTargetPath: '/staging/vol-1', targetPath: '/pods/u/vol-1' };
    expect(call(clock, (cb) => plugin.nodeStageVolume(req, cb))).toEqual({ ok: true });
    expect(plugin.staged.get('/staging/vol-1')).toBe('vol-1');
    expect(call(clock, (cb) => plugin.nodePublishVolume(req, cb))).toEqual({ ok: true });
    expect(plugin.published.get('/pods/u/vol-1')).toBe('vol-1');
    // Still published: unstage is refused.
    expect(call(clock, (cb) => plugin.nodeUnstageVolume(req, cb))).toMatchObject({ ok: false, code: 'FailedPrecondition' });
    expect(call(clock, (cb) => plugin.nodeUnpublishVolume(req, cb))).toEqual({ ok: true });
    expect(call(clock, (cb) => plugin.nodeUnstageVolume(req, cb))).toEqual({ ok: true });
    expect(plugin.staged.size + plugin.published.size).toBe(0);

    const calls = events.filter((e) => e.phase === 'call').map((e) => e.kind);
    expect(calls).toEqual(['csi.NodeStageVolume', 'csi.NodePublishVolume', 'csi.NodeUnstageVolume', 'csi.NodeUnpublishVolume', 'csi.NodeUnstageVolume']);
    for (const e of events) expect(e).toMatchObject({ component: 'csi-hostpath', node: 'worker-1', pod: 'default/p', volumeId: 'vol-1' });
    const stageReturn = events.find((e) => e.kind === 'csi.NodeStageVolume' && e.phase === 'return');
    expect(stageReturn).toMatchObject({ ok: true, durationMs: CSI_LATENCY_MS.NodeStageVolume, t: CSI_LATENCY_MS.NodeStageVolume });
  });

  it('refuses to publish a volume that is not staged', () => {
    const { clock, plugin } = setup();
    const r = call(clock, (cb) => plugin.nodePublishVolume({ volumeId: 'v', stagingTargetPath: '/s', targetPath: '/t' }, cb));
    expect(r).toMatchObject({ ok: false, code: 'FailedPrecondition' });
    expect(plugin.published.size).toBe(0);
  });
});
