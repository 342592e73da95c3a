/**
 * The PersistentVolume controller (binding) and, in the same process, the hostpath CSI driver's
 * external provisioner (dynamic provisioning), for the claims of this simulation:
 * - a new PV without a claim becomes Available; a PV whose claim is gone is Released;
 * - a Pending PVC binds to the smallest Available PV of its class (storageClassName, "" for
 *   none) whose capacity covers the request and whose access modes include the claim's:
 *   the PV gets spec.claimRef and phase Bound, the PVC spec.volumeName (annotations
 *   pv.kubernetes.io/bind-completed, bound-by-controller) and status Bound with the PV's
 *   capacity and access modes;
 * - no such PV, and the claim's StorageClass (volumeBindingMode Immediate) names the provisioner
 *   hostpath.csi.k8s.io: the claim is annotated volume.kubernetes.io/storage-provisioner and gets
 *   ExternalProvisioning; the provisioner records Provisioning, creates PV `pvc-<claim uid>` (csi
 *   source, capacity = the request, the class's reclaim policy, claimRef pre-bound) and
 *   ProvisioningSucceeded; the controller then binds the two.
 * - a claim of a WaitForFirstConsumer class waits (WaitForFirstConsumer, or WaitForPodScheduled
 *   once a pod uses it) until the scheduler picks a node and annotates it
 *   volume.kubernetes.io/selected-node; only PVs pre-bound to it bind before that. The PV
 *   provisioned for it is pinned to that node (nodeAffinity on kubernetes.io/hostname: the real
 *   csi-driver-host-path reports topology.hostpath.csi/node, a label our nodes do not carry);
 * - a Released PV whose reclaim policy is Delete and that the provisioner made is deleted by the
 *   provisioner (CSI DeleteVolume, then its finalizer, then the PV object); Retain keeps it
 *   Released, with its data, until an administrator deletes it.
 * Everything is re-derived from the informers on any change (one pass per instant).
 * upstream: pkg/controller/volume/persistentvolume/pv_controller.go (syncClaim, syncUnboundClaim,
 * syncVolume, bindVolumeToClaim, bindClaimToVolume, provisionClaim), index.go findBestMatchForClaim,
 * emitEventForUnboundDelayBindingClaim, reclaimVolume, kubernetes-csi/external-provisioner
 * pkg/controller/controller.go (Provision, Delete) and sig-storage-lib-external-provisioner
 * controller/controller.go (events, shouldDelete, deleteVolumeOperation).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { KObject } from '../../apiserver/store';
import { parseQuantity } from '../../api/quantity';
import type { Client } from '../../client/client';
import { EventRecorder } from '../../client/events';
import type { SharedInformer, SharedInformerFactory } from '../../client/informer';
import { coalesced, type SimClock } from '../../kernel/clock';
import { HOSTPATH_CSI_DRIVER } from '../../node/csi/hostpath';

export const PV_CONTROLLER = 'persistentvolume-binder-controller';
/** How long the external provisioner takes to notice an annotated claim. */
export const PROVISIONER_REACTION_MS = 100;
export const ANN_STORAGE_PROVISIONER = 'volume.kubernetes.io/storage-provisioner';
export const ANN_BETA_STORAGE_PROVISIONER = 'volume.beta.kubernetes.io/storage-provisioner';
export const ANN_BIND_COMPLETED = 'pv.kubernetes.io/bind-completed';
export const ANN_BOUND_BY_CONTROLLER = 'pv.kubernetes.io/bound-by-controller';
export const ANN_DYNAMICALLY_PROVISIONED = 'pv.kubernetes.io/provisioned-by';
/** Set by the scheduler's VolumeBinding plugin on a WaitForFirstConsumer claim: where to provision. */
export const ANN_SELECTED_NODE = 'volume.kubernetes.io/selected-node';
export const PROVISIONER_FINALIZER = 'external-provisioner.volume.kubernetes.io/finalizer';

const key = (o: any) => `${o.metadata.namespace}/${o.metadata.name}`;

function request(pvc: any): string | undefined {
  return pvc.spec?.resources?.requests?.storage;
}

/**
 * upstream: index.go findBestMatchForClaim (class, access modes, capacity; the smallest that
 * fits). With delayBinding (a WaitForFirstConsumer class) only a PV pre-bound to the claim counts:
 * the scheduler chooses the others.
 */
export function findBestMatch(pvc: any, pvs: any[], delayBinding = false): any | undefined {
  const want = request(pvc);
  const cls = pvc.spec?.storageClassName ?? '';
  const modes: string[] = pvc.spec?.accessModes ?? [];
  let best: any;
  for (const pv of pvs) {
    if (pv.metadata.deletionTimestamp || pv.status?.phase === 'Released' || pv.status?.phase === 'Failed') continue;
    const ref = pv.spec?.claimRef;
    if (ref && !(ref.namespace === pvc.metadata.namespace && ref.name === pvc.metadata.name && (!ref.uid || ref.uid === pvc.metadata.uid))) continue;
    if ((pv.spec?.storageClassName ?? '') !== cls) continue;
    if (!modes.every((m) => (pv.spec?.accessModes ?? []).includes(m))) continue;
    const cap = pv.spec?.capacity?.storage;
    if (!cap) continue;
    if (want && parseQuantity(cap).cmp(parseQuantity(want)) < 0) continue;
    // A PV pre-bound to this claim wins outright.
    if (ref) return pv;
    if (delayBinding) continue;
    if (!best || parseQuantity(cap).cmp(parseQuantity(best.spec.capacity.storage)) < 0) best = pv;
  }
  return best;
}

export class PersistentVolumeController {
  readonly #pvcs: SharedInformer;
  readonly #pvs: SharedInformer;
  readonly #classes: SharedInformer;
  readonly #pods: SharedInformer;
  readonly #recorder: EventRecorder;
  readonly #provisionerRecorder: EventRecorder;
  /** Objects with a request in flight (`pvc:ns/name`, `pv:name`): no second one until it answers. */
  readonly #busy = new Set<string>();
  /** Claims told ExternalProvisioning / being provisioned. */
  readonly #provisioning = new Set<string>();
  /** One sync pass at the current instant, however many events ask for it. */
  readonly #schedule: () => void;

  constructor(
    readonly client: Client,
    factory: SharedInformerFactory,
    readonly clock: SimClock,
    /** The external provisioner's own client (its requests and events are its own). */
    readonly provisionerClient: Client = client
  ) {
    this.#schedule = coalesced(clock, () => this.sync());
    this.#pvcs = factory.informer('persistentvolumeclaims');
    this.#pvs = factory.informer('persistentvolumes');
    this.#classes = factory.informer('storageclasses');
    this.#pods = factory.informer('pods');
    this.#recorder = new EventRecorder(client, { component: 'persistentvolume-controller' }, () => clock.now());
    this.#provisionerRecorder = new EventRecorder(provisionerClient, { component: `${HOSTPATH_CSI_DRIVER}_csi-hostpathplugin-0` }, () => clock.now());
    const handler = {
      add: () => this.#schedule(),
      update: () => this.#schedule(),
      delete: () => this.#schedule()
    };
    for (const inf of [this.#pvcs, this.#pvs, this.#classes]) inf.addEventHandler(handler);
    // A pod that uses a waiting claim changes its event (WaitForPodScheduled).
    this.#pods.addEventHandler({ add: (p) => this.#podChanged(p), update: (_o, p) => this.#podChanged(p) });
  }

  #podChanged(pod: any): void {
    if (!pod.spec?.nodeName && (pod.spec?.volumes ?? []).some((v: any) => v.persistentVolumeClaim)) this.#schedule();
  }

  /** One pass over every volume and claim. */
  sync(): void {
    const pvcs = this.#pvcs.list();
    const pvs = this.#pvs.list();
    for (const pv of pvs) this.#syncVolume(pv, pvcs);
    for (const pvc of pvcs) this.#syncClaim(pvc, pvs);
  }

  /** upstream: syncVolume: Available without a claim, Released when its bound claim is gone. */
  #syncVolume(pv: any, pvcs: any[]): void {
    if (this.#busy.has(`pv:${pv.metadata.name}`) || pv.metadata.deletionTimestamp) return;
    const ref = pv.spec?.claimRef;
    const phase = pv.status?.phase;
    if (!ref) {
      if (phase !== 'Available') this.#setPVPhase(pv, 'Available');
      return;
    }
    const claim = pvcs.find((c) => c.metadata.namespace === ref.namespace && c.metadata.name === ref.name && (!ref.uid || c.metadata.uid === ref.uid));
    if (!claim && ref.uid && phase === 'Bound') this.#setPVPhase(pv, 'Released');
    if (!claim && phase === 'Released') this.#reclaim(pv);
  }

  /**
   * upstream: reclaimVolume. Retain: nothing to do. Delete of a volume this provisioner made: the
   * external provisioner deletes it (sig-storage-lib-external-provisioner deleteVolumeOperation:
   * the storage, then its finalizer, then the PV object). Other Delete volumes have no deleter here
   * and stay Released.
   */
  #reclaim(pv: any): void {
    if (pv.spec?.persistentVolumeReclaimPolicy !== 'Delete') return;
    if (pv.metadata.annotations?.[ANN_DYNAMICALLY_PROVISIONED] !== HOSTPATH_CSI_DRIVER) return;
    const k = `delete:${pv.metadata.uid}`;
    if (this.#provisioning.has(k)) return;
    this.#provisioning.add(k);
    this.clock.after(PROVISIONER_REACTION_MS, () => {
      const finalizers = (pv.metadata.finalizers ?? []).filter((f: string) => f !== PROVISIONER_FINALIZER);
      this.provisionerClient.update('persistentvolumes', { ...pv, metadata: { ...pv.metadata, finalizers } }, (err, updated) => {
        if (err || !updated) {
          this.#provisioning.delete(k);
          return this.clock.after(1000, () => this.#schedule());
        }
        this.provisionerClient.delete('persistentvolumes', undefined, pv.metadata.name);
      });
    });
  }

  #syncClaim(pvc: any, pvs: any[]): void {
    const k = key(pvc);
    if (this.#busy.has(`pvc:${k}`) || pvc.metadata.deletionTimestamp || pvc.status?.phase === 'Bound') return;
    const named = pvc.spec?.volumeName;
    const cls = pvc.spec?.storageClassName;
    const sc = cls ? this.#classes.get(undefined, cls) : undefined;
    const delayBinding = sc?.volumeBindingMode === 'WaitForFirstConsumer';
    const pv = named ? pvs.find((v) => v.metadata.name === named) : findBestMatch(pvc, pvs, delayBinding);
    if (pv) return this.#bind(pvc, pv);
    if (named) return;
    if (!cls) return this.#event(pvc, 'Normal', 'FailedBinding', 'no persistent volumes available for this claim and no storage class is set');
    if (!sc) return this.#event(pvc, 'Warning', 'ProvisioningFailed', `storageclass.storage.k8s.io "${cls}" not found`);
    const selectedNode: string | undefined = pvc.metadata.annotations?.[ANN_SELECTED_NODE];
    if (delayBinding && !selectedNode) return this.#emitEventForUnboundDelayBindingClaim(pvc);
    if (sc.provisioner !== HOSTPATH_CSI_DRIVER) return;
    this.#provision(pvc, sc, selectedNode);
  }

  /** upstream: emitEventForUnboundDelayBindingClaim. */
  #emitEventForUnboundDelayBindingClaim(pvc: any): void {
    const pods = this.#pods
      .list()
      .filter((p) => p.metadata.namespace === pvc.metadata.namespace && !p.spec?.nodeName && (p.spec?.volumes ?? []).some((v: any) => v.persistentVolumeClaim?.claimName === pvc.metadata.name))
      .map((p) => `${p.metadata.namespace}/${p.metadata.name}`);
    if (pods.length === 0) return this.#event(pvc, 'Normal', 'WaitForFirstConsumer', 'waiting for first consumer to be created before binding');
    this.#event(pvc, 'Normal', 'WaitForPodScheduled', pods.length > 1 ? `waiting for pods ${pods.join(',')} to be scheduled` : `waiting for pod ${pods[0]} to be scheduled`);
  }

  #event(pvc: any, type: 'Normal' | 'Warning', reason: string, message: string): void {
    const k = `${reason}:${key(pvc)}:${pvc.metadata.uid}`;
    if (this.#provisioning.has(k)) return;
    this.#provisioning.add(k);
    this.#recorder.event(pvc, type, reason, message);
  }

  /** upstream: provisionClaim (annotate, ExternalProvisioning) + external-provisioner Provision. */
  #provision(pvc: any, sc: any, selectedNode?: string): void {
    const k = key(pvc);
    if (this.#provisioning.has(`provision:${pvc.metadata.uid}`)) return;
    this.#provisioning.add(`provision:${pvc.metadata.uid}`);
    this.#busy.add(`pvc:${k}`);
    const annotations = {
      ...(pvc.metadata.annotations ?? {}),
      [ANN_STORAGE_PROVISIONER]: sc.provisioner,
      [ANN_BETA_STORAGE_PROVISIONER]: sc.provisioner
    };
    this.client.update('persistentvolumeclaims', { ...pvc, metadata: { ...pvc.metadata, annotations } }, (err, updated) => {
      this.#busy.delete(`pvc:${k}`);
      if (err || !updated) {
        this.#provisioning.delete(`provision:${pvc.metadata.uid}`);
        return this.#schedule();
      }
      this.#recorder.event(
        updated,
        'Normal',
        'ExternalProvisioning',
        `Waiting for a volume to be created either by the external provisioner '${sc.provisioner}' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.`
      );
      // The external provisioner (another process) sees the annotated claim a moment later.
      this.clock.after(PROVISIONER_REACTION_MS, () => this.#externalProvision(pvc, updated, sc, selectedNode));
    });
  }

  /** kubernetes-csi/external-provisioner: Provisioning, CreateVolume and the PV, then ProvisioningSucceeded. */
  #externalProvision(pvc: any, updated: any, sc: any, selectedNode?: string): void {
    const k = key(pvc);
    this.#provisionerRecorder.event(updated, 'Normal', 'Provisioning', `External provisioner is provisioning volume for claim "${k}"`);
    const name = `pvc-${pvc.metadata.uid}`;
    const pv: KObject = {
      apiVersion: 'v1',
      kind: 'PersistentVolume',
      metadata: {
        name,
        annotations: {
          [ANN_DYNAMICALLY_PROVISIONED]: sc.provisioner,
          'volume.kubernetes.io/provisioner-deletion-secret-name': '',
          'volume.kubernetes.io/provisioner-deletion-secret-namespace': ''
        },
        finalizers: [PROVISIONER_FINALIZER, 'kubernetes.io/pv-protection']
      },
      spec: {
        accessModes: pvc.spec?.accessModes ?? ['ReadWriteOnce'],
        capacity: { storage: request(pvc) ?? '1Gi' },
        claimRef: {
          apiVersion: 'v1',
          kind: 'PersistentVolumeClaim',
          namespace: pvc.metadata.namespace,
          name: pvc.metadata.name,
          uid: pvc.metadata.uid,
          resourceVersion: updated.metadata.resourceVersion
        },
        csi: {
          driver: sc.provisioner,
          volumeHandle: pvc.metadata.uid,
          fsType: 'ext4',
          volumeAttributes: {
            'storage.kubernetes.io/csiProvisionerIdentity': `${sc.provisioner}`
          }
        },
        persistentVolumeReclaimPolicy: sc.reclaimPolicy ?? 'Delete',
        ...(selectedNode
          ? { nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: [selectedNode] }] }] } } }
          : {}),
        storageClassName: sc.metadata.name,
        volumeMode: pvc.spec?.volumeMode ?? 'Filesystem'
      }
    };
    this.provisionerClient.create('persistentvolumes', pv, (cErr) => {
      if (cErr && cErr.code !== 409) {
        this.#provisioning.delete(`provision:${pvc.metadata.uid}`);
        this.#provisionerRecorder.event(updated, 'Warning', 'ProvisioningFailed', `failed to provision volume with StorageClass "${sc.metadata.name}": ${cErr.message}`);
        return this.clock.after(1000, () => this.#schedule());
      }
      this.#provisionerRecorder.event(updated, 'Normal', 'ProvisioningSucceeded', `Successfully provisioned volume ${name}`);
    });
  }

  /** upstream: bind = bindVolumeToClaim (claimRef) + updateVolumePhase(Bound) + bindClaimToVolume + updateClaimStatus(Bound). */
  #bind(pvc: any, pv: any): void {
    const k = key(pvc);
    const pvKey = `pv:${pv.metadata.name}`;
    if (this.#busy.has(pvKey)) return;
    this.#busy.add(`pvc:${k}`);
    this.#busy.add(pvKey);
    const release = () => {
      this.#busy.delete(`pvc:${k}`);
      this.#busy.delete(pvKey);
    };
    const retry = () => {
      release();
      this.clock.after(100, () => this.#schedule());
    };
    const ref = pv.spec?.claimRef;
    const claimRef = {
      kind: 'PersistentVolumeClaim',
      namespace: pvc.metadata.namespace,
      name: pvc.metadata.name,
      uid: pvc.metadata.uid,
      apiVersion: 'v1',
      resourceVersion: pvc.metadata.resourceVersion
    };
    const boundByController = !ref;
    const withRef = (next: (pv: any) => void) => {
      if (ref?.uid === pvc.metadata.uid) return next(pv);
      const annotations = boundByController
        ? {
            ...(pv.metadata.annotations ?? {}),
            [ANN_BOUND_BY_CONTROLLER]: 'yes'
          }
        : pv.metadata.annotations;
      this.client.update(
        'persistentvolumes',
        {
          ...pv,
          metadata: { ...pv.metadata, ...(annotations ? { annotations } : {}) },
          spec: { ...pv.spec, claimRef }
        },
        (err, u) => (err || !u ? retry() : next(u))
      );
    };
    withRef((boundPV) => {
      this.client.updateStatus('persistentvolumes', { ...boundPV, status: { ...(boundPV.status ?? {}), phase: 'Bound' } }, (err) => {
        if (err) return retry();
        const annotations = {
          ...(pvc.metadata.annotations ?? {}),
          [ANN_BIND_COMPLETED]: 'yes',
          ...(pvc.spec?.volumeName ? {} : { [ANN_BOUND_BY_CONTROLLER]: 'yes' })
        };
        this.client.update(
          'persistentvolumeclaims',
          {
            ...pvc,
            metadata: { ...pvc.metadata, annotations },
            spec: { ...pvc.spec, volumeName: pv.metadata.name }
          },
          (cErr, claim) => {
            if (cErr || !claim) return retry();
            const status = {
              ...(claim.status ?? {}),
              phase: 'Bound',
              accessModes: boundPV.spec.accessModes,
              capacity: boundPV.spec.capacity
            };
            this.client.updateStatus('persistentvolumeclaims', { ...claim, status }, (sErr) => {
              if (sErr) return retry();
              release();
            });
          }
        );
      });
    });
  }

  #setPVPhase(pv: any, phase: string): void {
    const pvKey = `pv:${pv.metadata.name}`;
    this.#busy.add(pvKey);
    this.client.updateStatus('persistentvolumes', { ...pv, status: { ...(pv.status ?? {}), phase } }, () => {
      this.#busy.delete(pvKey);
    });
  }
}
