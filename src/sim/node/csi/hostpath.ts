/**
 * A hostpath-style CSI node plugin (driver `hostpath.csi.k8s.io`), the node half of the CSI
 * contract the kubelet drives for a PersistentVolume with a `csi` source: NodeStageVolume
 * (once per volume per node, at the staging path), NodePublishVolume (once per pod, at the pod's
 * target path), NodeUnpublishVolume, NodeUnstageVolume. Each call takes a fixed bit of virtual
 * time (no draw from the seeded Rand, so adding CSI volumes never shifts other latencies) and is
 * traced as `csi.<Method>` with `phase: 'call'` then `phase: 'return'`, like the CRI calls.
 * Volumes are directories in a map: staging path -> volume id, target path -> volume id.
 * upstream: container-storage-interface/spec (csi.proto Node service),
 * kubernetes-csi/csi-driver-host-path pkg/hostpath/nodeserver.go,
 * kubernetes pkg/volume/csi/csi_attacher.go (MountDevice -> NodeStageVolume),
 * pkg/volume/csi/csi_mounter.go (SetUpAt -> NodePublishVolume).
 */
import type { SimClock } from '../../kernel/clock';
import type { TraceInput } from '../../kernel/trace';

export const HOSTPATH_CSI_DRIVER = 'hostpath.csi.k8s.io';

export type CsiMethod = 'NodeStageVolume' | 'NodePublishVolume' | 'NodeUnpublishVolume' | 'NodeUnstageVolume';

/** Virtual ms each call takes. */
export const CSI_LATENCY_MS: Record<CsiMethod, number> = {
  NodeStageVolume: 30,
  NodePublishVolume: 20,
  NodeUnpublishVolume: 10,
  NodeUnstageVolume: 10
};

export interface CsiCall {
  volumeId: string;
  /** `namespace/name` of the pod the call is for (traced). */
  pod?: string;
  stagingTargetPath?: string;
  targetPath?: string;
}

export type CsiResult = { ok: true } | { ok: false; code: string; message: string };

export class HostPathCSINodePlugin {
  readonly driver = HOSTPATH_CSI_DRIVER;
  /** staging path -> volume id */
  readonly staged = new Map<string, string>();
  /** target path -> volume id */
  readonly published = new Map<string, string>();

  constructor(
    readonly opts: {
      node: string;
      clock: SimClock;
      trace: (e: TraceInput) => void;
    }
  ) {}

  /** upstream nodeserver.go NodeStageVolume: idempotent; a volume staged elsewhere is an error. */
  nodeStageVolume(req: CsiCall, cb: (r: CsiResult) => void): void {
    this.#call('NodeStageVolume', req, cb, () => {
      if (!req.stagingTargetPath) return fail('InvalidArgument', 'staging target path missing in request');
      this.staged.set(req.stagingTargetPath, req.volumeId);
      return { ok: true };
    });
  }

  /** upstream NodePublishVolume: needs the volume staged first (STAGE_UNSTAGE_VOLUME capability). */
  nodePublishVolume(req: CsiCall, cb: (r: CsiResult) => void): void {
    this.#call('NodePublishVolume', req, cb, () => {
      if (!req.targetPath) return fail('InvalidArgument', 'target path missing in request');
      if (!req.stagingTargetPath || this.staged.get(req.stagingTargetPath) !== req.volumeId) return fail('FailedPrecondition', `volume ${req.volumeId} is not staged at ${req.stagingTargetPath}`);
      this.published.set(req.targetPath, req.volumeId);
      return { ok: true };
    });
  }

  nodeUnpublishVolume(req: CsiCall, cb: (r: CsiResult) => void): void {
    this.#call('NodeUnpublishVolume', req, cb, () => {
      if (req.targetPath) this.published.delete(req.targetPath);
      return { ok: true };
    });
  }

  /** Unstaging a volume still published somewhere on the node is refused. */
  nodeUnstageVolume(req: CsiCall, cb: (r: CsiResult) => void): void {
    this.#call('NodeUnstageVolume', req, cb, () => {
      if ([...this.published.values()].includes(req.volumeId)) return fail('FailedPrecondition', `volume ${req.volumeId} is still published`);
      if (req.stagingTargetPath) this.staged.delete(req.stagingTargetPath);
      return { ok: true };
    });
  }

  #call(method: CsiMethod, req: CsiCall, cb: (r: CsiResult) => void, work: () => CsiResult): void {
    const { clock, node, trace } = this.opts;
    const t0 = clock.now();
    const details = {
      volumeId: req.volumeId,
      ...(req.stagingTargetPath ? { stagingTargetPath: req.stagingTargetPath } : {}),
      ...(req.targetPath ? { targetPath: req.targetPath } : {})
    };
    trace({
      component: 'csi-hostpath',
      node,
      ...(req.pod ? { pod: req.pod } : {}),
      kind: `csi.${method}`,
      phase: 'call',
      ...details
    });
    clock.after(CSI_LATENCY_MS[method], () => {
      const r = work();
      trace({
        component: 'csi-hostpath',
        node,
        ...(req.pod ? { pod: req.pod } : {}),
        kind: `csi.${method}`,
        phase: 'return',
        ...details,
        ok: r.ok,
        durationMs: clock.now() - t0,
        ...(r.ok ? {} : { code: r.code, error: r.message })
      });
      cb(r);
    });
  }
}

function fail(code: string, message: string): CsiResult {
  return { ok: false, code, message };
}
