import { describe, expect, it } from 'vitest';
import type { PersistentVolume, PersistentVolumeClaim, Pod } from 'kubernetes-types/core/v1';
import type { StorageClass } from 'kubernetes-types/storage/v1';
import type { StorageListers } from '../../../../src/sim/scheduler/framework/interfaces';
import { Code, CycleState } from '../../../../src/sim/scheduler/framework/types';
import { AnnSelectedNode, ErrReasonBindConflict, ErrReasonNodeConflict, ErrReasonUnboundImmediatePVC, newVolumeBinding } from '../../../../src/sim/scheduler/plugins/volumebinding/volume-binding';
import { ErrReasonConflict, newVolumeZone } from '../../../../src/sim/scheduler/plugins/volumezone/volume-zone';
import { ErrReasonDiskConflict, ErrReasonReadWriteOncePodConflict, newVolumeRestrictions } from '../../../../src/sim/scheduler/plugins/volumerestrictions/volume-restrictions';
import { ErrReasonMaxVolumeCountExceeded, newNodeVolumeLimits } from '../../../../src/sim/scheduler/plugins/nodevolumelimits/csi';
import { node, nodeInfo, pod } from '../helpers';

const claim = (name: string, spec: PersistentVolumeClaim['spec']): PersistentVolumeClaim => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name, namespace: 'default', uid: `uid-${name}` }, spec });
const volume = (name: string, spec: PersistentVolume['spec'], labels?: Record<string, string>, phase = 'Available'): PersistentVolume => ({
  apiVersion: 'v1',
  kind: 'PersistentVolume',
  metadata: { name, ...(labels ? { labels } : {}) },
  spec,
  status: { phase }
});
const onHost = (host: string) => ({ required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: [host] }] }] } });
const cls = (name: string, mode: string, provisioner = 'hostpath.csi.k8s.io'): StorageClass => ({ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name }, provisioner, volumeBindingMode: mode });
const withClaims = (name: string, ...claims: string[]): Pod => {
  const p = pod(name);
  return { ...p, spec: { ...p.spec!, volumes: claims.map((c) => ({ name: c, persistentVolumeClaim: { claimName: c } })) } };
};
const host = (name: string, labels: Record<string, string> = {}) => nodeInfo(node(name, 4000, 8 << 30, { labels: { 'kubernetes.io/hostname': name, ...labels } }));

function storage(pvcs: PersistentVolumeClaim[], pvs: PersistentVolume[], classes: StorageClass[]): StorageListers {
  return {
    pvc: (ns, n) => pvcs.find((c) => c.metadata!.namespace === ns && c.metadata!.name === n),
    pv: (n) => pvs.find((v) => v.metadata!.name === n),
    pvs: () => pvs,
    storageClass: (n) => classes.find((c) => c.metadata!.name === n)
  };
}

// upstream: volumebinding/volume_binding_test.go, binder_test.go (shapes of their cases)
describe('VolumeBinding', () => {
  const rwo = (extra: Partial<NonNullable<PersistentVolumeClaim['spec']>>) => ({ accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...extra });
  it('skips a pod without claims, and rejects an unbound Immediate claim or a missing one everywhere', () => {
    const vb = newVolumeBinding({ storage: storage([claim('imm', rwo({ storageClassName: 'fast' }))], [], [cls('fast', 'Immediate')]) });
    expect(vb.preFilter(new CycleState(), pod('p')).status.code).toBe(Code.Skip);
    expect(vb.preFilter(new CycleState(), withClaims('p', 'imm')).status).toMatchObject({ code: Code.UnschedulableAndUnresolvable, reasons: [ErrReasonUnboundImmediatePVC] });
    expect(vb.preFilter(new CycleState(), withClaims('p', 'nope')).status).toMatchObject({ code: Code.UnschedulableAndUnresolvable, reasons: ['persistentvolumeclaim "nope" not found'] });
  });

  it("a bound claim's PV node affinity limits the nodes", () => {
    const vb = newVolumeBinding({ storage: storage([claim('data', rwo({ volumeName: 'pv-a' }))], [volume('pv-a', { capacity: { storage: '1Gi' }, nodeAffinity: onHost('a') }, undefined, 'Bound')], []) });
    const state = new CycleState();
    const p = withClaims('p', 'data');
    expect(vb.preFilter(state, p).status.isSuccess()).toBe(true);
    expect(vb.filter(state, p, host('a')).isSuccess()).toBe(true);
    expect(vb.filter(state, p, host('b'))).toMatchObject({ code: Code.UnschedulableAndUnresolvable, reasons: [ErrReasonNodeConflict] });
  });

  it('WaitForFirstConsumer: a matching local PV, dynamic provisioning, or no-provisioner conflict; PreBind writes the decision', () => {
    const patches: unknown[][] = [];
    const pvcs = [claim('local', rwo({ storageClassName: 'local' })), claim('dyn', rwo({ storageClassName: 'wffc' })), claim('local2', rwo({ storageClassName: 'local' }))];
    const pvs = [volume('small', { storageClassName: 'local', accessModes: ['ReadWriteOnce'], capacity: { storage: '500Mi' }, nodeAffinity: onHost('a') }), volume('on-a', { storageClassName: 'local', accessModes: ['ReadWriteOnce'], capacity: { storage: '2Gi' }, nodeAffinity: onHost('a') })];
    const vb = newVolumeBinding({ storage: storage(pvcs, pvs, [cls('local', 'WaitForFirstConsumer', 'kubernetes.io/no-provisioner'), cls('wffc', 'WaitForFirstConsumer')]), patch: (...a) => patches.push(a) });
    const state = new CycleState();
    const p = withClaims('p', 'local', 'dyn');
    expect(vb.preFilter(state, p).status.isSuccess()).toBe(true);
    expect(vb.filter(state, p, host('b'))).toMatchObject({ code: Code.UnschedulableAndUnresolvable, reasons: [ErrReasonBindConflict] });
    expect(vb.filter(state, p, host('a')).isSuccess()).toBe(true);
    expect(vb.reserve(state, p, 'a').isSuccess()).toBe(true);
    let preBound: boolean | undefined;
    vb.preBind(state, p, 'a', (s) => (preBound = s.isSuccess()));
    expect(preBound).toBe(true);
    expect(patches).toEqual([
      ['persistentvolumes', undefined, 'on-a', { spec: { claimRef: { apiVersion: 'v1', kind: 'PersistentVolumeClaim', namespace: 'default', name: 'local', uid: 'uid-local' } } }],
      ['persistentvolumeclaims', 'default', 'dyn', { metadata: { annotations: { [AnnSelectedNode]: 'a' } } }]
    ]);
    // The reserved PV is not offered to another claim (the smaller one does not fit it).
    const s2 = new CycleState();
    const p2 = withClaims('p2', 'local2');
    expect(vb.preFilter(s2, p2).status.isSuccess()).toBe(true);
    expect(vb.filter(s2, p2, host('a'))).toMatchObject({ code: Code.UnschedulableAndUnresolvable, reasons: [ErrReasonBindConflict] });
    // Once unreserved (the binding failed), it is offered again.
    vb.unreserve(state, p, 'a');
    expect(vb.filter(s2, p2, host('a')).isSuccess()).toBe(true);
  });

  it('PreBind waits for the claims to be bound, and fails after bindTimeoutSeconds', () => {
    const pvcs = [claim('dyn', rwo({ storageClassName: 'wffc' }))];
    let check: (() => boolean) | undefined;
    let finish: ((ok: boolean) => void) | undefined;
    let timeout = 0;
    const vb = newVolumeBinding(
      {
        storage: storage(pvcs, [], [cls('wffc', 'WaitForFirstConsumer')]),
        patch: () => {},
        waitForStorage: (c, ms, done) => ((check = c), (timeout = ms), (finish = done))
      },
      30
    );
    const state = new CycleState();
    const p = withClaims('p', 'dyn');
    vb.preFilter(state, p);
    expect(vb.filter(state, p, host('a')).isSuccess()).toBe(true);
    const got: string[] = [];
    vb.preBind(state, p, 'a', (s) => got.push(s.isSuccess() ? 'ok' : s.message()));
    expect(got).toEqual([]);
    expect(timeout).toBe(30_000);
    expect(check!()).toBe(false);
    pvcs[0] = { ...pvcs[0], spec: { ...pvcs[0].spec, volumeName: 'pv-1' }, status: { phase: 'Bound' } };
    expect(check!()).toBe(true);
    finish!(false);
    expect(got).toEqual(['binding volumes: context deadline exceeded']);
  });
});

// upstream: volumezone/volume_zone_test.go
describe('VolumeZone', () => {
  it("keeps the pod in its bound PV's zone; nodes without zone labels are not constrained", () => {
    const vz = newVolumeZone({ storage: storage([claim('data', { volumeName: 'pv' })], [volume('pv', { capacity: { storage: '1Gi' } }, { 'topology.kubernetes.io/zone': 'us-a__us-b' }, 'Bound')], []) });
    const state = new CycleState();
    const p = withClaims('p', 'data');
    expect(vz.preFilter(state, p).status.isSuccess()).toBe(true);
    expect(vz.filter(state, p, host('n1', { 'topology.kubernetes.io/zone': 'us-b' })).isSuccess()).toBe(true);
    expect(vz.filter(state, p, host('n2', { 'topology.kubernetes.io/zone': 'us-c' }))).toMatchObject({ code: Code.UnschedulableAndUnresolvable, reasons: [ErrReasonConflict] });
    expect(vz.filter(state, p, host('n3')).isSuccess()).toBe(true);
    expect(vz.preFilter(new CycleState(), pod('q')).status.code).toBe(Code.Skip);
  });
});

// upstream: volumerestrictions/volume_restrictions_test.go
describe('VolumeRestrictions', () => {
  it('the same EBS volume cannot be used twice on a node; a ReadWriteOncePod claim in use rejects the pod', () => {
    const ebs = (name: string): Pod => ({ ...pod(name), spec: { ...pod(name).spec!, volumes: [{ name: 'v', awsElasticBlockStore: { volumeID: 'vol-1' } }] } });
    const n = nodeInfo(node('n', 4000, 8 << 30), ebs('old'));
    const users = nodeInfo(node('m', 4000, 8 << 30), withClaims('holder', 'once'));
    const vr = newVolumeRestrictions({ storage: storage([claim('once', { accessModes: ['ReadWriteOncePod'] })], [], []), nodeInfos: () => [n, users] });
    const state = new CycleState();
    expect(vr.preFilter(state, ebs('new')).status.isSuccess()).toBe(true);
    expect(vr.filter(state, ebs('new'), n)).toMatchObject({ code: Code.Unschedulable, reasons: [ErrReasonDiskConflict] });
    expect(vr.filter(state, ebs('new'), host('empty')).isSuccess()).toBe(true);
    expect(vr.preFilter(new CycleState(), withClaims('second', 'once')).status).toMatchObject({ code: Code.UnschedulableAndUnresolvable, reasons: [ErrReasonReadWriteOncePodConflict] });
  });
});

// upstream: nodevolumelimits/csi_test.go
describe('NodeVolumeLimits', () => {
  it('counts distinct CSI volume handles per driver against the node limit', () => {
    const pvcs = ['a', 'b', 'c'].map((n) => claim(n, { volumeName: `pv-${n}` }));
    const pvs = ['a', 'b', 'c'].map((n) => volume(`pv-${n}`, { capacity: { storage: '1Gi' }, csi: { driver: 'hostpath.csi.k8s.io', volumeHandle: `h-${n}` } }, undefined, 'Bound'));
    const limited = node('n', 4000, 8 << 30);
    (limited.status!.allocatable as Record<string, string>)['attachable-volumes-csi-hostpath.csi.k8s.io'] = '2';
    const ni = nodeInfo(limited, withClaims('old', 'a', 'b'));
    const nvl = newNodeVolumeLimits({ storage: storage(pvcs, pvs, []) });
    expect(nvl.filter(new CycleState(), withClaims('same', 'a'), ni).isSuccess()).toBe(true);
    expect(nvl.filter(new CycleState(), withClaims('more', 'c'), ni)).toMatchObject({ code: Code.Unschedulable, reasons: [ErrReasonMaxVolumeCountExceeded] });
    expect(nvl.preFilter(new CycleState(), pod('none')).status.code).toBe(Code.Skip);
  });
});
