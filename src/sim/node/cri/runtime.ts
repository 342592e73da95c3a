/**
 * A containerd-like CRI runtime on the simulation clock. The kubelet drives the node only through
 * these methods, named as in the CRI RuntimeService and ImageService. Every call completes later
 * in virtual time through its callback (never synchronously), after a latency drawn from the
 * runtime's seeded Rand (latency.ts), and is traced twice as `cri.<Method>`: `phase: 'call'` when
 * made and `phase: 'return'` when it completes, so a sequence diagram can draw both arrows and
 * what happens inside (CNI ADD inside RunPodSandbox) sits between them in trace order.
 * upstream: staging/src/k8s.io/cri-api/pkg/apis/runtime/v1/api.proto (service RuntimeService,
 * ImageService and their doc comments on idempotency); containerd internal/cri/server
 * (sandbox_run.go, sandbox_stop.go, sandbox_remove.go, container_create.go, container_start.go,
 * container_stop.go, container_remove.go, container_status.go).
 */

import type { SimClock, TimerId } from '../../kernel/clock';
import type { Rand } from '../../kernel/rand';
import type { TraceEvent, TraceInput } from '../../kernel/trace';
import { BridgePlugin } from '../cni/bridge';
import { PAUSE_IMAGE } from '../images/catalog';
import { ImageStore, Registry } from '../images/registry';
import { execFactoryFor, factoryFor, programFor, type Signal } from '../programs/programs';
import type { HttpResponse, Network, Process, ProcessContext } from '../programs/process';
import { MapFS, nodeFS, VersionedMap, type ChangeCount } from '../fs/map-fs';
import { trivialExitCode } from '../programs/sh/index';
import { MountedFS } from '../fs/mounts';
import { processCredentials, processSecurity, procStatus, type ProcessSecurity } from './security';
import { CLUSTER_DNS_IP, containerRootfs } from '../fs/rootfs';
import { Rand as SeededRand } from '../../kernel/rand';
import { CriLogWriter } from './logs';
import { execNotFound, execProgram, execTimedOut, notRunning } from './exec';
import { PROCESS_START_MS, Shim, type ShimHooks } from './shim';
import { containerEnv, containerNotFound, labelsMatch, processArgs, RUNTIME_VERSION, sandboxNotFound } from './helpers';
import { sandboxCgroupError } from './cgroups';
import { Puller, toCriImage } from './image-service';
import { CNI_ADD_AT_FRACTION, CRI_LATENCY_MS, type CriMethod, type LatencyTable } from './latency';
import {
  CriError,
  NotImplementedError,
  type Container,
  type ContainerConfig,
  type ContainerExitEvent,
  type ContainerFilter,
  type ContainerStatus,
  type CriCallback,
  type CriResult,
  type Image,
  type PodSandbox,
  type PodSandboxConfig,
  type PodSandboxFilter,
  type PodSandboxStatus
} from './types';
import { cloneJSON } from '../../api/canonical';

export interface RuntimeOptions {
  node: string;
  /** The node's podCIDR for the bridge plugin, e.g. `10.244.1.0/24`. */
  podCIDR: string;
  clock: SimClock;
  /** The runtime's own stream (fork it: `rand.fork('cri/' + node)`). */
  rand: Rand;
  trace: (e: TraceInput) => void;
  /** A trace event built whole (t first, then a placeholder seq, then what `trace` takes), for the hot paths; none: they go through trace. */
  traceEvent?: (e: TraceEvent) => void;
  registry?: Registry;
  /** The node's image store; pass one to preload images. */
  images?: ImageStore;
  pauseImage?: string;
  latencies?: Partial<LatencyTable>;
  /** The node's filesystem (the kubelet host's NodeFiles): volumes and log files live here. */
  files?: Map<string, string>;
  /** The node's IP: hostNetwork pods' servers answer on it (and on 127.0.0.1). */
  hostIP?: string;
  /** The network a pod's processes see (the kubelet host builds it from the API); none: an isolated pod. */
  network?: (pod: { namespace: string; name: string; ip: string; hostname: string; clusterDNS: boolean }, random: () => number) => Network;
}

interface SandboxRecord {
  status: PodSandboxStatus;
  pod: string;
  containers: Set<string>;
  config: PodSandboxConfig;
  /** Built when a process of the pod first asks for it. */
  network?: Network;
}

interface ContainerRecord {
  status: ContainerStatus;
  podSandboxId: string;
  pod: string;
  reservedName: string;
  shim: Shim;
  stopWaiters: (() => void)[];
  /** status.state is CONTAINER_RUNNING (read without reaching the status: an exec probe's check). */
  running: boolean;
  /** What the container's processes see: the rootfs with the pod's mounts, the environment, the working directory. */
  fs: MountedFS;
  /** Who the processes run as and their privileges (security.ts), from the config's security context. */
  security?: ProcessSecurity;
  env: Record<string, string>;
  cwd: string;
  imageProgram: string;
  /** The container's stdin is attached and open (ContainerConfig.stdin): closeStdin ends an interactive shell. */
  stdinOpen?: boolean;
  /** The log file (`<logDirectory>/<logPath>`), '' for none. */
  logFile: string;
  rand?: SeededRand;
}

/**
 * What a prober remembers of its last dial (ContainerRuntime.listenerAt): the pod's first container
 * answered on ip:port while the runtime's network stood at `epoch`. Made once per probe; opaque.
 */
export interface ListenerMemo {
  epoch: number;
  ip: string;
  port: number;
  container?: { shim: { process?: Process } };
}

export const newListenerMemo = (): ListenerMemo => ({ epoch: -1, ip: '', port: 0, container: undefined });

export class ContainerRuntime {
  readonly node: string;
  readonly cni: BridgePlugin;
  readonly images: ImageStore;
  readonly registry: Registry;
  readonly pauseImage: string;
  /** The node's filesystem (shared with the kubelet's volume plugins). */
  readonly files: Map<string, string>;
  readonly nodeFS: MapFS;
  readonly #network?: RuntimeOptions['network'];
  readonly #hostIP: string;
  readonly #clock: SimClock;
  readonly #rand: Rand;
  readonly #trace: (e: TraceInput) => void;
  readonly #traceEvent?: (e: TraceEvent) => void;
  readonly #latency: LatencyTable;
  readonly #puller: Puller;
  readonly #sandboxes = new Map<string, SandboxRecord>();
  /** Pod IP -> the sandbox that got it last (probes and connections look pods up by IP). */
  readonly #byIP = new Map<string, SandboxRecord>();
  readonly #containers = new Map<string, ContainerRecord>();
  /** Reserved container names (`<name>_<pod>_<ns>_<uid>_<attempt>`) -> container ID. */
  readonly #names = new Map<string, string>();
  readonly #exitListeners = new Set<(e: ContainerExitEvent) => void>();
  /**
   * Bumped whenever what a connection to a pod IP can reach changes (a sandbox comes or goes or
   * stops, a container is created, started, exits or is removed): a probe's ListenerMemo is good
   * while it stays the same.
   */
  #netEpoch = 0;

  constructor(opts: RuntimeOptions) {
    this.node = opts.node;
    this.#clock = opts.clock;
    this.#rand = opts.rand;
    this.#trace = opts.trace;
    this.#traceEvent = opts.traceEvent;
    this.#latency = { ...CRI_LATENCY_MS, ...opts.latencies };
    this.registry = opts.registry ?? new Registry();
    this.images = opts.images ?? new ImageStore();
    this.pauseImage = opts.pauseImage ?? PAUSE_IMAGE;
    this.files = opts.files ?? new Map();
    if (this.files instanceof VersionedMap) this.#countedFiles = this.files;
    this.nodeFS = nodeFS(this.files, () => opts.clock.now());
    this.#network = opts.network;
    this.#hostIP = opts.hostIP ?? '';
    this.cni = new BridgePlugin({ node: opts.node, podCIDR: opts.podCIDR, trace: opts.trace });
    this.#puller = new Puller(opts.clock, this.registry, this.images, opts.trace, opts.node);
  }

  /** Subscribes to container exits (a PLEG relist sees them through ListContainers too). */
  onContainerExit(listener: (e: ContainerExitEvent) => void): () => void {
    this.#exitListeners.add(listener);
    return () => this.#exitListeners.delete(listener);
  }

  // ---- RuntimeService: runtime ----

  Version(cb: CriCallback<typeof RUNTIME_VERSION>): void {
    this.#call('Version', undefined, {}, cb, (done) => done({ ok: true, value: RUNTIME_VERSION }));
  }

  /** Runtime conditions: RuntimeReady and NetworkReady (the kubelet's node Ready condition reads them). */
  Status(cb: CriCallback<{ conditions: { type: string; status: boolean }[] }>): void {
    this.#call('Status', undefined, {}, cb, (done) =>
      done({ ok: true, value: { conditions: [{ type: 'RuntimeReady', status: true }, { type: 'NetworkReady', status: true }] } })
    );
  }

  // ---- RuntimeService: sandboxes ----

  /** Pulls the pause image if missing, creates the netns, runs CNI ADD, starts the pause container. Returns the sandbox ID. */
  RunPodSandbox(config: PodSandboxConfig, cb: CriCallback<string>): void {
    const pod = `${config.metadata.namespace}/${config.metadata.name}`;
    const id = this.#newId();
    const t0 = this.#clock.now();
    this.#emit('RunPodSandbox', pod, { phase: 'call', podSandboxId: id, uid: config.metadata.uid, attempt: config.metadata.attempt });
    const finish = (r: CriResult<string>, extra: Record<string, unknown> = {}) => this.#return('RunPodSandbox', pod, t0, r, cb, { podSandboxId: id, ...extra });
    // containerd is configured with SystemdCgroup = true (kubeadm's default): a cgroupfs parent breaks runc (cgroups.ts).
    const cgroupError = sandboxCgroupError(config.cgroupParent, id, true);
    if (cgroupError) {
      this.#clock.after(this.#draw('RunPodSandbox'), () => finish({ ok: false, error: new CriError('Unknown', cgroupError) }));
      return;
    }
    const setUp = () => {
      const latency = this.#draw('RunPodSandbox');
      const netns = config.hostNetwork ? '' : `/var/run/netns/cni-${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}`;
      let ip = '';
      this.#clock.after(Math.round(latency * CNI_ADD_AT_FRACTION), () => {
        if (!config.hostNetwork) {
          const added = this.cni.add(id, netns, 'eth0', pod);
          if (!added.ok) {
            // upstream: sandbox_run.go tears the network down again on failure (deferred teardownPodNetwork).
            this.cni.del(id, netns, 'eth0', pod);
            finish({ ok: false, error: new CriError('Unknown', `failed to setup network for sandbox ${JSON.stringify(id)}: ${added.error.message}`) });
            return;
          }
          ip = added.result.ips[0].address.split('/')[0];
        }
        this.#clock.after(latency - Math.round(latency * CNI_ADD_AT_FRACTION), () => {
          const status: PodSandboxStatus = {
            id,
            metadata: { ...config.metadata },
            state: 'SANDBOX_READY',
            createdAt: this.#clock.now(),
            labels: { ...config.labels },
            annotations: { ...config.annotations },
            network: { ip, additionalIps: [] },
            netns
          };
          const record: SandboxRecord = { status, pod, containers: new Set(), config };
          this.#sandboxes.set(id, record);
          if (ip) this.#byIP.set(ip, record);
          this.#netChanged();
          finish({ ok: true, value: id }, { ip });
        });
      });
    };
    if (this.images.get(this.pauseImage)) setUp();
    else
      this.#puller.pull(this.pauseImage, pod, (r) => {
        if (!r.ok) finish({ ok: false, error: new CriError('Unknown', `failed to get sandbox image ${JSON.stringify(this.pauseImage)}: ${r.error.message}`) });
        else setUp();
      });
  }

  /** Kills every container of the sandbox at once (timeout 0), runs CNI DEL, stops the pause container. Idempotent. */
  StopPodSandbox(podSandboxId: string, cb: CriCallback<void>): void {
    const sb = this.#sandboxes.get(podSandboxId);
    this.#call('StopPodSandbox', sb?.pod, { podSandboxId }, cb, (done) => {
      const cur = this.#sandboxes.get(podSandboxId);
      if (!cur) return done({ ok: false, error: sandboxNotFound(podSandboxId) });
      this.#stopSandbox(cur);
      done({ ok: true, value: undefined });
    });
  }

  /** Force-stops if needed, removes its containers and the sandbox. Removing a missing sandbox is not an error. */
  RemovePodSandbox(podSandboxId: string, cb: CriCallback<void>): void {
    const sb = this.#sandboxes.get(podSandboxId);
    this.#call('RemovePodSandbox', sb?.pod, { podSandboxId }, cb, (done) => {
      const cur = this.#sandboxes.get(podSandboxId);
      if (cur) {
        this.#stopSandbox(cur);
        for (const cid of cur.containers) this.#removeContainer(cid);
        this.#sandboxes.delete(podSandboxId);
        if (this.#byIP.get(cur.status.network.ip) === cur) this.#byIP.delete(cur.status.network.ip);
        this.#netChanged();
      }
      done({ ok: true, value: undefined });
    });
  }

  PodSandboxStatus(podSandboxId: string, cb: CriCallback<PodSandboxStatus>): void {
    this.#call('PodSandboxStatus', this.#sandboxes.get(podSandboxId)?.pod, { podSandboxId }, cb, (done) => {
      const sb = this.#sandboxes.get(podSandboxId);
      done(sb ? { ok: true, value: cloneJSON(sb.status) } : { ok: false, error: sandboxNotFound(podSandboxId) });
    });
  }

  ListPodSandbox(filter: PodSandboxFilter | undefined, cb: CriCallback<PodSandbox[]>): void {
    this.#call('ListPodSandbox', undefined, {}, cb, (done) => {
      const out: PodSandbox[] = [];
      for (const { status: s } of this.#sandboxes.values()) {
        if (filter?.id && s.id !== filter.id) continue;
        if (filter?.state && s.state !== filter.state) continue;
        if (filter?.labelSelector && !labelsMatch(s.labels, filter.labelSelector)) continue;
        out.push({ id: s.id, metadata: { ...s.metadata }, state: s.state, createdAt: s.createdAt, labels: { ...s.labels }, annotations: { ...s.annotations } });
      }
      done({ ok: true, value: out });
    });
  }

  // ---- RuntimeService: containers ----

  CreateContainer(podSandboxId: string, config: ContainerConfig, sandboxConfig: PodSandboxConfig | undefined, cb: CriCallback<string>): void {
    const sb = this.#sandboxes.get(podSandboxId);
    const pod = sb?.pod ?? (sandboxConfig ? `${sandboxConfig.metadata.namespace}/${sandboxConfig.metadata.name}` : undefined);
    this.#call('CreateContainer', pod, { podSandboxId, container: config.metadata.name, attempt: config.metadata.attempt, image: config.image }, cb, (done) => {
      const sandbox = this.#sandboxes.get(podSandboxId);
      if (!sandbox) return done({ ok: false, error: new CriError('NotFound', `failed to find sandbox id ${JSON.stringify(podSandboxId)}: not found`) });
      if (sandbox.status.state !== 'SANDBOX_READY') {
        return done({ ok: false, error: new CriError('FailedPrecondition', `sandbox container ${JSON.stringify(podSandboxId)} is not running`) });
      }
      const stored = this.images.get(config.image);
      if (!stored) return done({ ok: false, error: new CriError('NotFound', `failed to resolve image ${JSON.stringify(config.image)}: not found`) });
      const m = sandbox.status.metadata;
      // upstream: internal/cri/util makeContainerName.
      const reservedName = [config.metadata.name, m.name, m.namespace, m.uid, config.metadata.attempt].join('_');
      const holder = this.#names.get(reservedName);
      if (holder) {
        return done({ ok: false, error: new CriError('Unknown', `failed to reserve container name ${JSON.stringify(reservedName)}: name ${JSON.stringify(reservedName)} is reserved for ${JSON.stringify(holder)}`) });
      }
      const argv = processArgs(config, stored.image);
      const id = this.#newId();
      if (argv.length === 0) return done({ ok: false, error: new CriError('Unknown', `failed to generate container ${JSON.stringify(id)} spec: no command specified`) });
      this.#names.set(reservedName, id);
      sandbox.containers.add(id);
      this.#netChanged();
      const record: ContainerRecord = {
        status: {
          id,
          metadata: { ...config.metadata },
          image: config.image,
          imageRef: stored.repoDigests[0] ?? stored.id,
          state: 'CONTAINER_CREATED',
          createdAt: this.#clock.now(),
          startedAt: 0,
          finishedAt: 0,
          exitCode: 0,
          reason: '',
          message: '',
          labels: { ...config.labels },
          annotations: { ...config.annotations },
          logPath: config.logPath ?? ''
        },
        podSandboxId,
        pod: sandbox.pod,
        reservedName,
        shim: undefined!,
        stopWaiters: [],
        running: false,
        fs: undefined!,
        env: {},
        cwd: '/',
        imageProgram: '',
        logFile: ''
      };
      const stopSignal = (stored.image.config.stopSignal ?? 'SIGTERM') as Signal;
      const sc = sandbox.config;
      const rootfs = containerRootfs(stored.image, { hostname: sc.hostname ?? m.name, ip: sandbox.status.network.ip, namespace: m.namespace, subdomain: sc.subdomain, hostNetwork: sc.hostNetwork, dns: sc.dnsConfig }, () => this.#clock.now(), this.#fsChanges);
      // upstream: containerd container_create_linux.go: the user, groups, capabilities, no_new_privs and seccomp of the process spec.
      const secContext = config.linux?.securityContext;
      const creds = processCredentials(secContext, stored.image.config.user, rootfs.own.get('/etc/passwd') ?? rootfs.base?.get('/etc/passwd'), rootfs.own.get('/etc/group') ?? rootfs.base?.get('/etc/group'));
      if ('error' in creds) {
        this.#names.delete(reservedName);
        sandbox.containers.delete(id);
        this.#netChanged();
        return done({ ok: false, error: new CriError('Unknown', `failed to generate container ${JSON.stringify(id)} spec: ${creds.error}`) });
      }
      record.security = processSecurity(secContext, creds);
      rootfs.own.set('/proc/1/status', procStatus(argv[0].split('/').pop() ?? '', record.security));
      record.fs = new MountedFS(rootfs, this.nodeFS, config.mounts ?? [], { readonlyRoot: record.security.readonlyRootfs, user: creds });
      record.env = containerEnv(sc.hostname ?? m.name, stored.image.config.env, config.envs);
      record.cwd = config.workingDir || stored.image.config.workingDir || '/';
      record.stdinOpen = !!config.stdin;
      record.imageProgram = stored.image.program;
      record.logFile = sc.logDirectory && config.logPath ? `${sc.logDirectory.replace(/\/+$/, '')}/${config.logPath}` : '';
      const program = programFor(stored.image.program, argv);
      const log = record.logFile ? new CriLogWriter(this.nodeFS, record.logFile, () => this.#clock.now(), this.#logAppended) : undefined;
      record.shim = new Shim(
        program,
        argv,
        stopSignal,
        this.#clock,
        {
          signalled: (signal, reaction) => {
            // A signal may give the process an exit ahead (a graceful stop): a probe's remembered answer may no longer hold.
            this.#netChanged();
            this.#emit('process.signal', record.pod, { containerId: id, container: config.metadata.name, signal, reaction });
          },
          exited: (exitCode, signal, reason) => {
            log?.close();
            this.#exited(record, exitCode, signal, reason);
          }
        },
        () => factoryFor(program)({ ...this.#context(record, argv, (t) => log?.write('stdout', t), (t) => log?.write('stderr', t)), ...(config.stdin ? { stdinOpen: true } : {}) })
      );
      this.#containers.set(id, record);
      this.#netChanged();
      done({ ok: true, value: id });
    });
  }

  /** Starts the process; a program that exits by itself (sh `exit 1`, `sleep 5`) is scheduled to exit. */
  StartContainer(containerId: string, cb: CriCallback<void>): void {
    this.#call('StartContainer', this.#containers.get(containerId)?.pod, { containerId }, cb, (done) => {
      const c = this.#containers.get(containerId);
      if (!c) return done({ ok: false, error: containerNotFound(containerId) });
      if (c.status.state !== 'CONTAINER_CREATED') {
        return done({ ok: false, error: new CriError('FailedPrecondition', `container ${JSON.stringify(containerId)} is in ${c.status.state} state`) });
      }
      if (this.#sandboxes.get(c.podSandboxId)?.status.state !== 'SANDBOX_READY') {
        return done({ ok: false, error: new CriError('FailedPrecondition', `sandbox container ${JSON.stringify(c.podSandboxId)} is not running`) });
      }
      c.status.state = 'CONTAINER_RUNNING';
      c.running = true;
      c.status.startedAt = this.#clock.now();
      this.#netChanged();
      this.#emit('process.start', c.pod, { containerId, container: c.status.metadata.name, program: c.shim.program, argv: c.shim.argv });
      // containerd opens the log file when the container starts, so a silent container has an empty log.
      if (c.logFile) new CriLogWriter(this.nodeFS, c.logFile, () => this.#clock.now(), this.#logAppended).open();
      c.shim.start();
      done({ ok: true, value: undefined });
    });
  }

  /**
   * Sends the image's stop signal (SIGTERM unless STOPSIGNAL says otherwise), then SIGKILL after
   * `timeout` seconds; timeout 0 kills at once. Completes when the process has exited. Stopping a
   * container that is not running is not an error. upstream: containerd container_stop.go.
   */
  StopContainer(containerId: string, timeout: number, cb: CriCallback<void>): void {
    const c0 = this.#containers.get(containerId);
    const t0 = this.#clock.now();
    this.#emit('StopContainer', c0?.pod, { phase: 'call', containerId, timeout });
    this.#clock.after(this.#draw('StopContainer'), () => {
      const c = this.#containers.get(containerId);
      if (!c) return this.#return('StopContainer', c0?.pod, t0, { ok: false, error: containerNotFound(containerId) }, cb, { containerId });
      if (c.status.state !== 'CONTAINER_RUNNING') return this.#return('StopContainer', c.pod, t0, { ok: true, value: undefined }, cb, { containerId, exitCode: c.status.exitCode });
      c.stopWaiters.push(() => this.#return('StopContainer', c.pod, t0, { ok: true, value: undefined }, cb, { containerId, exitCode: c.status.exitCode }));
      c.shim.stop(timeout);
    });
  }

  /**
   * The attach of a container with an open stdin ends (`exit` typed in `kubectl run -it ... -- sh`):
   * its stdin closes and the shell reading it exits with `code`. False when the container is not
   * running or has no stdin. (Not a CRI call: the attach stream's EOF, as containerd's shim sees it.)
   */
  closeStdin(containerId: string, code: number): boolean {
    const c = this.#containers.get(containerId);
    if (!c || c.status.state !== 'CONTAINER_RUNNING' || !c.stdinOpen) return false;
    c.shim.exit(((code % 256) + 256) % 256);
    return true;
  }

  /** Removes a container, killing it first if it still runs. Removing a missing container is not an error. */
  RemoveContainer(containerId: string, cb: CriCallback<void>): void {
    this.#call('RemoveContainer', this.#containers.get(containerId)?.pod, { containerId }, cb, (done) => {
      this.#removeContainer(containerId);
      done({ ok: true, value: undefined });
    });
  }

  ContainerStatus(containerId: string, cb: CriCallback<ContainerStatus>): void {
    this.#call('ContainerStatus', this.#containers.get(containerId)?.pod, { containerId }, cb, (done) => {
      const c = this.#containers.get(containerId);
      done(c ? { ok: true, value: cloneJSON(c.status) } : { ok: false, error: containerNotFound(containerId) });
    });
  }

  ListContainers(filter: ContainerFilter | undefined, cb: CriCallback<Container[]>): void {
    this.#call('ListContainers', undefined, {}, cb, (done) => {
      const out: Container[] = [];
      for (const c of this.#containers.values()) {
        const s = c.status;
        if (filter?.id && s.id !== filter.id) continue;
        if (filter?.podSandboxId && c.podSandboxId !== filter.podSandboxId) continue;
        if (filter?.state && s.state !== filter.state) continue;
        if (filter?.labelSelector && !labelsMatch(s.labels, filter.labelSelector)) continue;
        out.push({ id: s.id, podSandboxId: c.podSandboxId, metadata: { ...s.metadata }, image: s.image, imageRef: s.imageRef, state: s.state, createdAt: s.createdAt, labels: { ...s.labels }, annotations: { ...s.annotations } });
      }
      done({ ok: true, value: out });
    });
  }

  /**
   * Not CRI: the sandboxes and containers held now, read in place with no call, latency or trace
   * (the kubelet's garbage collectors look every minute and call Remove* only when something is due).
   */
  /**
   * Not CRI: how many times a container log file was opened or appended to. The kubelet's log
   * manager skips its 10 s pass when no log was written since its last one (no file can have
   * reached containerLogMaxSize).
   */
  logAppends = 0;
  readonly #logAppended = (): void => {
    this.logAppends++;
  };

  /** Not CRI: the log files of running containers (upstream's log manager gets them from ContainerStatus; here without a traced call every 10 s). */
  runningLogFiles(): { containerId: string; path: string }[] {
    const out: { containerId: string; path: string }[] = [];
    for (const c of this.#containers.values()) if (c.status.state === 'CONTAINER_RUNNING' && c.logFile) out.push({ containerId: c.status.id, path: c.logFile });
    return out;
  }

  /** Whether every container runs and every sandbox is ready (nothing a garbage collector could take). */
  allLive(): boolean {
    for (const c of this.#containers.values()) if (c.status.state !== 'CONTAINER_RUNNING') return false;
    for (const sb of this.#sandboxes.values()) if (sb.status.state !== 'SANDBOX_READY') return false;
    return true;
  }

  inventory(): { sandboxes: PodSandbox[]; containers: Container[] } {
    const sandboxes: PodSandbox[] = [];
    for (const { status: s } of this.#sandboxes.values()) sandboxes.push({ id: s.id, metadata: { ...s.metadata }, state: s.state, createdAt: s.createdAt, labels: s.labels, annotations: s.annotations });
    const containers: Container[] = [];
    for (const c of this.#containers.values()) {
      const s = c.status;
      containers.push({ id: s.id, podSandboxId: c.podSandboxId, metadata: { ...s.metadata }, image: s.image, imageRef: s.imageRef, state: s.state, createdAt: s.createdAt, labels: s.labels, annotations: s.annotations });
    }
    return { sandboxes, containers };
  }

  /**
   * Runs argv as a new process in the container (same filesystem and environment, its own output,
   * not logged) and answers its output and exit status when it exits, or an error after `timeout`
   * seconds (0: no timeout). upstream: containerd internal/cri/server/container_execsync.go
   * (execInternal: "container is not running", "timeout %v exceeded"), runc's exec error text.
   */
  ExecSync(containerId: string, cmd: string[], timeout: number, cb: CriCallback<{ stdout: string; stderr: string; exitCode: number }>, stdin?: string): void {
    // `true` / `false` in a running container: its whole life is known now (execTrivial).
    if (this.execTrivial(new TrivialExec(cb).set(containerId, cmd, timeout))) return;
    // Trace events built directly (the same fields, in the same order, as #emit/#return would build them).
    const pod = this.#containers.get(containerId)?.pod;
    const t0 = this.#clock.now();
    this.#trace(pod ? { component: 'containerd', node: this.node, pod, kind: 'cri.ExecSync', phase: 'call', containerId, cmd, timeout } : { component: 'containerd', node: this.node, kind: 'cri.ExecSync', phase: 'call', containerId, cmd, timeout });
    const latency = this.#draw('ExecSync');
    this.#clock.after(latency, () => this.#execStart(containerId, cmd, timeout, pod, t0, cb, stdin));
  }

  /**
   * ExecSync of `true` / `false` in a running container whose image has a shell: an exec probe's
   * favourite, run every periodSeconds per probed container. A process that exits at its first
   * step, well inside any timeout of whole seconds: one timer at its exit, not one at its start and
   * one at its exit. The same trace events, latency draw, timing and answers as ExecSync's other
   * execs, made through `x`, its caller's record, reused for each of its execs (one in flight at a
   * time): nothing but the two trace events is made per call, and the container's program is
   * worked out once per container. False, with nothing done, when the exec does not take this
   * path. `observe` (the kubelet's instrumentation) hears the call's duration and outcome before
   * the answer, as a timed ExecSync.
   */
  execTrivial(x: TrivialExec, observe?: (durationMs: number, ok: boolean) => void): boolean {
    // The container the record ran in last, without a lookup by ID: while it runs it is this
    // runtime's (#removeContainer kills a running container before it lets it go).
    let c = x.c as ContainerRecord | undefined;
    if (c === undefined) {
      c = this.#containers.get(x.containerId);
      if (c === undefined || !c.running) return false;
      // A new container (or the first exec): does `true` / `false` run its shell's applet?
      if (x.exitCode === undefined || execProgram(c.imageProgram, this.images.get(c.status.image)?.image, x.cmd) !== 'sh') return false;
      x.c = c;
      // Told when the container stops, for as long as it runs (an exec not in flight then ignores it).
      c.stopWaiters.push(x.stopWithContainer);
    } else if (!c.running) return false;
    const t0 = this.#clock.now();
    const { containerId, cmd, timeout } = x;
    const pod = c.pod;
    if (this.#traceEvent !== undefined && pod) this.#traceEvent({ t: t0, seq: 0, component: 'containerd', node: this.node, pod, kind: 'cri.ExecSync', phase: 'call', containerId, cmd, timeout });
    else this.#trace(pod ? { component: 'containerd', node: this.node, pod, kind: 'cri.ExecSync', phase: 'call', containerId, cmd, timeout } : { component: 'containerd', node: this.node, kind: 'cri.ExecSync', phase: 'call', containerId, cmd, timeout });
    x.arm(this, this.#clock, pod, t0, t0 + this.#draw('ExecSync'), observe);
    return true;
  }

  /** ExecSync's exec starts in the container, after the call's latency. */
  #execStart(containerId: string, cmd: string[], timeout: number, pod: string | undefined, t0: number, cb: CriCallback<{ stdout: string; stderr: string; exitCode: number }>, stdin?: string): void {
    const c = this.#containers.get(containerId);
    if (!c) return this.#execReturn(pod, t0, containerId, cmd, timeout, { ok: false, error: containerNotFound(containerId) }, cb);
    if (c.status.state !== 'CONTAINER_RUNNING') return this.#execReturn(pod, t0, containerId, cmd, timeout, { ok: false, error: notRunning(c.status.state) }, cb);
    const program = execProgram(c.imageProgram, this.images.get(c.status.image)?.image, cmd);
    if (program === undefined) return this.#execReturn(pod, t0, containerId, cmd, timeout, { ok: true, value: { stdout: '', stderr: execNotFound(cmd[0] ?? '') + '\n', exitCode: 126 } }, cb);
    new ExecRun(this, c, containerId, program, cmd, timeout, pod, t0, cb, stdin).start();
  }

  /** ExecSync's return: traced as #return traces it (details: containerId, cmd, timeout, exitCode when ok), then answered. */
  #execReturn(pod: string | undefined, t0: number, containerId: string, cmd: string[], timeout: number, r: CriResult<{ stdout: string; stderr: string; exitCode: number }>, cb: CriCallback<{ stdout: string; stderr: string; exitCode: number }>): void {
    const now = this.#clock.now();
    const durationMs = now - t0;
    // The probe's steady state (`true` answered): built whole.
    if (this.#traceEvent !== undefined && pod && r.ok) {
      this.#traceEvent({ t: now, seq: 0, component: 'containerd', node: this.node, pod, kind: 'cri.ExecSync', phase: 'return', containerId, cmd, timeout, exitCode: r.value.exitCode, ok: true, durationMs });
      return cb(r);
    }
    const e: TraceInput = pod
      ? r.ok
        ? { component: 'containerd', node: this.node, pod, kind: 'cri.ExecSync', phase: 'return', containerId, cmd, timeout, exitCode: r.value.exitCode, ok: true, durationMs }
        : { component: 'containerd', node: this.node, pod, kind: 'cri.ExecSync', phase: 'return', containerId, cmd, timeout, ok: false, durationMs, code: r.error.code, error: r.error.message }
      : r.ok
        ? { component: 'containerd', node: this.node, kind: 'cri.ExecSync', phase: 'return', containerId, cmd, timeout, exitCode: r.value.exitCode, ok: true, durationMs }
        : { component: 'containerd', node: this.node, kind: 'cri.ExecSync', phase: 'return', containerId, cmd, timeout, ok: false, durationMs, code: r.error.code, error: r.error.message };
    this.#trace(e);
    cb(r);
  }

  /** For ExecRun (module-private use): what an exec'd process needs from the runtime. */
  static readonly _exec = {
    clock: (rt: ContainerRuntime): SimClock => rt.#clock,
    context: (rt: ContainerRuntime, c: ContainerRecord, argv: readonly string[], stdout: (t: string) => void, stderr: (t: string) => void): ProcessContext => rt.#context(c, argv, stdout, stderr),
    finish: (rt: ContainerRuntime, x: ExecCall, r: CriResult<ExecOutput>): void => rt.#execReturn(x.pod, x.t0, x.containerId, x.cmd, x.timeout, r, x.cb),
    start: (rt: ContainerRuntime, x: ExecCall): void => rt.#execStart(x.containerId, x.cmd, x.timeout, x.pod, x.t0, x.cb, x.stdin)
  };

  // ---- ImageService ----

  /** Pulls an image; returns the image ID (imageRef) as containerd does. */
  PullImage(image: string, podSandboxConfig: PodSandboxConfig | undefined, cb: CriCallback<string>): void {
    const pod = podSandboxConfig ? `${podSandboxConfig.metadata.namespace}/${podSandboxConfig.metadata.name}` : undefined;
    const t0 = this.#clock.now();
    this.#emit('PullImage', pod, { phase: 'call', image });
    this.#puller.pull(image, pod, (r) => {
      if (!r.ok) return this.#return('PullImage', pod, t0, r, cb, { image });
      const { imageRef, ...details } = r.value;
      this.#return('PullImage', pod, t0, { ok: true, value: imageRef }, cb, { image, imageRef, ...details });
    });
  }

  /** The image, or null when it is not on the node (CRI answers an empty image, not an error). */
  ImageStatus(image: string, cb: CriCallback<Image | null>): void {
    this.#call('ImageStatus', undefined, { image }, cb, (done) => {
      const s = this.images.get(image);
      done({ ok: true, value: s ? toCriImage(s) : null });
    });
  }

  ListImages(cb: CriCallback<Image[]>): void {
    this.#call('ListImages', undefined, {}, cb, (done) => done({ ok: true, value: this.images.list().map(toCriImage) }));
  }

  /** Removes the image with all its tags; removing a missing image is not an error. */
  RemoveImage(image: string, cb: CriCallback<void>): void {
    this.#call('RemoveImage', undefined, { image }, cb, (done) => {
      this.images.remove(image);
      done({ ok: true, value: undefined });
    });
  }

  // ---- faults (not CRI) ----

  /** The kernel's OOM killer ended the container's process (exit 137, reason OOMKilled). */
  oomKill(containerId: string): void {
    const c = this.#containers.get(containerId);
    if (c?.status.state === 'CONTAINER_RUNNING') c.shim.exit(137, 'SIGKILL', 'OOMKilled');
  }

  /**
   * The running processes of the pod with this IP (a connection to a pod on this node); the node's
   * IP and 127.0.0.1 reach the hostNetwork pods' processes (undefined: no such address here).
   */
  processesAt(ip: string): Process[] | undefined {
    const host = ip !== '' && (ip === this.#hostIP || ip.startsWith('127.'));
    if (host) return this.hostNetworkProcesses();
    // A pod IP: the ready sandbox holding it (at most one: IPAM hands an address out once).
    const sb = ip === '' ? undefined : this.#byIP.get(ip);
    if (!sb || sb.status.state !== 'SANDBOX_READY') return undefined;
    return this.#processesOf(sb, []);
  }

  /** The network's epoch (see #netEpoch): while it stands, listenerAt answers a memo's address as it did. */
  netEpoch(): number {
    return this.#netEpoch;
  }

  /**
   * Changes whenever the network's epoch does (which also counts signals) or any file on the node
   * changes (a container's rootfs, the node's files and volumes); NaN when the node's files are
   * not counted. While it stands, a steady process (Process.steady) listens and answers as before.
   */
  answerEpoch(): number {
    return this.#netEpoch + this.#fsChanges.n + (this.#countedFiles !== undefined ? this.#countedFiles.version : NaN);
  }

  /**
   * Tells `fn` whenever answerEpoch changes (the prober wakes the probes that slept on a remembered
   * answer), and when a container hangs (`answersChanged`). One listener: the node's prober.
   */
  watchAnswers(fn: () => void): void {
    this.#answerWatch = fn;
    this.#fsChanges.onChange = fn;
    if (this.#countedFiles !== undefined) this.#countedFiles.onChange = fn;
  }

  /** What the node's processes answer changed without a file or the network changing (`sim container hang`). */
  answersChanged(): void {
    this.#netChanged();
  }

  #netChanged(): void {
    this.#netEpoch++;
    if (this.#answerWatch !== undefined) this.#answerWatch();
  }

  #answerWatch?: () => void;
  /** Changes to the containers' rootfs (see answerEpoch). */
  readonly #fsChanges: ChangeCount = { n: 0 };
  /** The node's files, when they count their changes. */
  #countedFiles?: VersionedMap<string, string>;

  /**
   * The process a connection to ip:port on this node reaches: the first that processesAt(ip) lists
   * listening on the port, found without making the list (every probe dials). null: the address
   * is here and nothing listens on the port; undefined: no such address here.
   */
  listenerAt(ip: string, port: number, memo?: ListenerMemo): Process | null | undefined {
    // The same address and port as last time, nothing reachable changed since, and the container
    // found then is the sandbox's first: its process, if it still listens, is still the answer.
    if (memo !== undefined && memo.epoch === this.#netEpoch && memo.ip === ip && memo.port === port) {
      const p = memo.container!.shim.process;
      if (p && p.listening().includes(port)) return p;
    }
    if (ip !== '' && (ip === this.#hostIP || ip.startsWith('127.'))) {
      for (const sb of this.#sandboxes.values()) {
        if (sb.status.state !== 'SANDBOX_READY' || !sb.config.hostNetwork) continue;
        const p = this.#listenerIn(sb, port);
        if (p) return p;
      }
      return null;
    }
    const sb = ip === '' ? undefined : this.#byIP.get(ip);
    if (!sb || sb.status.state !== 'SANDBOX_READY') return undefined;
    if (memo === undefined) return this.#listenerIn(sb, port) ?? null;
    let first = true;
    for (const cid of sb.containers) {
      const c = this.#containers.get(cid);
      const p = c?.shim.process;
      if (p && p.listening().includes(port)) {
        if (first) {
          memo.epoch = this.#netEpoch;
          memo.ip = ip;
          memo.port = port;
          memo.container = c;
        }
        return p;
      }
      first = false;
    }
    return null;
  }

  #listenerIn(sb: SandboxRecord, port: number): Process | undefined {
    for (const cid of sb.containers) {
      const p = this.#containers.get(cid)?.shim.process;
      if (p && p.listening().includes(port)) return p;
    }
    return undefined;
  }

  #processesOf(sb: SandboxRecord, out: Process[]): Process[] {
    for (const cid of sb.containers) {
      const p = this.#containers.get(cid)?.shim.process;
      if (p) out.push(p);
    }
    return out;
  }

  /**
   * PortForward and the connection it carries: one TCP connection to localhost:port inside the
   * sandbox's network namespace (the host's, for a hostNetwork pod), one HTTP request over it. The
   * call answers the server's response, or (ok, with `error`) the stream's error text when nothing
   * listens there: the connection fails after the call succeeded, as the streaming server's does.
   * upstream: containerd internal/cri/server/sandbox_portforward_linux.go (portForward: "failed to
   * connect to localhost:%d inside namespace %q, IPv4: %v IPv6 %v ", "failed to execute portforward
   * in network namespace %q: %w"), pkg/kubelet/cri/streaming/portforward/httpstream.go ("error
   * forwarding port %d to pod %s, uid %v: %v").
   */
  PortForward(podSandboxId: string, port: number, request: { path: string; headers: Record<string, string> }, cb: CriCallback<HttpResponse>): void {
    this.#call('PortForward', this.#sandboxes.get(podSandboxId)?.pod, { podSandboxId, port }, cb, (done) => {
      const sb = this.#sandboxes.get(podSandboxId);
      if (!sb || sb.status.state !== 'SANDBOX_READY') return done({ ok: false, error: sb ? new CriError('FailedPrecondition', 'sandbox container is not running') : sandboxNotFound(podSandboxId) });
      const listener = sb.config.hostNetwork ? this.hostNetworkProcesses().find((p) => p.listening().includes(port)) : this.#listenerIn(sb, port);
      if (!listener) {
        const refused = (family: string, address: string) => `dial ${family} ${address}:${port}: connect: connection refused`;
        const inNetns = `failed to connect to localhost:${port} inside namespace ${JSON.stringify(podSandboxId)}, IPv4: ${refused('tcp4', '127.0.0.1')} IPv6 ${refused('tcp6', '[::1]')} `;
        const error = `error forwarding port ${port} to pod ${podSandboxId}, uid : failed to execute portforward in network namespace ${JSON.stringify(sb.status.netns)}: ${inNetns}`;
        return done({ ok: true, value: { error } });
      }
      if (!listener.http) return done({ ok: true, value: { error: '' } });
      done({ ok: true, value: listener.http(port, request.path || '/', request.headers, { ip: '127.0.0.1' }) });
    });
  }

  /** The record of a container, for tests and the kubelet's exec (not CRI). */
  containerFS(containerId: string): MountedFS | undefined {
    return this.#containers.get(containerId)?.fs;
  }

  // ---- internals ----

  /** The world a process of the container sees. */
  #context(c: ContainerRecord, argv: readonly string[], stdout: (t: string) => void, stderr: (t: string) => void): ProcessContext {
    const sb = this.#sandboxes.get(c.podSandboxId);
    const md = sb?.status.metadata;
    const network = () => {
      if (!sb) return ISOLATED;
      const dns = sb.config.dnsConfig;
      const clusterDNS = dns ? dns.servers.includes(CLUSTER_DNS_IP) : !sb.config.hostNetwork;
      const self = { namespace: md!.namespace, name: md!.name, ip: sb.status.network.ip, hostname: sb.config.hostname ?? md!.name, clusterDNS };
      if (!sb.network) sb.network = this.#network?.(self, () => this.#random(c)) ?? ISOLATED;
      return sb.network;
    };
    const sec = c.security;
    return {
      argv,
      ...(sec ? { user: { uid: sec.uid, gid: sec.gid, groups: sec.groups } } : {}),
      ...(c.shim && c.shim.argv !== argv ? { initArgv: c.shim.argv } : {}),
      env: { ...c.env },
      hostname: c.env.HOSTNAME ?? md?.name ?? '',
      cwd: c.cwd,
      fs: c.fs,
      get net() {
        return network();
      },
      now: () => this.#clock.now(),
      random: () => this.#random(c),
      stdout,
      stderr
    };
  }

  /** The container's own stream, seeded from its ID (drawing from it never disturbs the runtime's). */
  #random(c: ContainerRecord): number {
    c.rand ??= new SeededRand(parseInt(c.status.id.slice(0, 8), 16));
    return c.rand.float();
  }

  #stopSandbox(sb: SandboxRecord): void {
    if (sb.status.state === 'SANDBOX_NOTREADY') return;
    for (const cid of sb.containers) {
      const c = this.#containers.get(cid);
      if (c?.status.state === 'CONTAINER_RUNNING') c.shim.signal('SIGKILL');
    }
    if (sb.status.netns) this.cni.del(sb.status.id, sb.status.netns, 'eth0', sb.pod);
    sb.status.state = 'SANDBOX_NOTREADY';
    this.#netChanged();
  }

  #removeContainer(containerId: string): void {
    const c = this.#containers.get(containerId);
    if (!c) return;
    if (c.status.state === 'CONTAINER_RUNNING') c.shim.signal('SIGKILL');
    this.#containers.delete(containerId);
    this.#netChanged();
    this.#names.delete(c.reservedName);
    // upstream: the kubelet removes the container's log file with it (kuberuntime_container.go removeContainerLog).
    if (c.logFile) this.nodeFS.remove(c.logFile);
    this.#sandboxes.get(c.podSandboxId)?.containers.delete(containerId);
  }

  /** upstream: containerd container_status.go toCRIContainerStatus: reason Completed / Error unless set (OOMKilled). */
  #exited(c: ContainerRecord, exitCode: number, signal?: Signal, reason?: string): void {
    const s = c.status;
    s.state = 'CONTAINER_EXITED';
    c.running = false;
    this.#netChanged();
    s.finishedAt = this.#clock.now();
    s.exitCode = exitCode;
    s.reason = reason ?? (exitCode === 0 ? 'Completed' : 'Error');
    this.#emit('process.exit', c.pod, { containerId: s.id, container: s.metadata.name, exitCode, reason: s.reason, ...(signal ? { signal } : {}) });
    const event: ContainerExitEvent = { containerId: s.id, podSandboxId: c.podSandboxId, pod: c.pod, name: s.metadata.name, exitCode, reason: s.reason, finishedAt: s.finishedAt, ...(signal ? { signal } : {}) };
    for (const l of this.#exitListeners) l(event);
    const waiters = c.stopWaiters;
    c.stopWaiters = [];
    for (const w of waiters) w();
  }

  /** A call with a drawn latency: traced on call, `work` runs at completion, traced on return. */
  #call<T>(method: Exclude<CriMethod, 'PullImage'>, pod: string | undefined, details: Record<string, unknown>, cb: CriCallback<T>, work: (done: (r: CriResult<T>) => void) => void): void {
    const t0 = this.#clock.now();
    this.#emit(method, pod, { phase: 'call', ...details });
    this.#clock.after(this.#draw(method), () => work((r) => this.#return(method, pod, t0, r, cb, details)));
  }

  #return<T>(method: CriMethod, pod: string | undefined, t0: number, r: CriResult<T>, cb: CriCallback<T>, details: Record<string, unknown>): void {
    this.#emit(method, pod, { phase: 'return', ...details, ok: r.ok, durationMs: this.#clock.now() - t0, ...(r.ok ? {} : { code: r.error.code, error: r.error.message }) });
    cb(r);
  }

  #emit(kind: CriMethod | `process.${string}`, pod: string | undefined, details: Record<string, unknown>): void {
    const full = kind.startsWith('process.') ? kind : `cri.${kind}`;
    this.#trace({ component: 'containerd', node: this.node, ...(pod ? { pod } : {}), kind: full, ...details });
  }

  #draw(method: Exclude<CriMethod, 'PullImage'>): number {
    const [min, max] = this.#latency[method];
    return min + this.#rand.int(max - min + 1);
  }

  /** 64 hex digits, like containerd's IDs. */
  #newId(): string {
    let id = '';
    for (let i = 0; i < 8; i++) id += this.#rand.uint32().toString(16).padStart(8, '0');
    return id;
  }

  // ---- added for the kubelet's prober (kubelet/prober) ----

  /** The running processes of the hostNetwork pods: what answers on the node's own addresses (127.0.0.1, the node IP). */
  hostNetworkProcesses(): Process[] {
    const out: Process[] = [];
    for (const sb of this.#sandboxes.values()) {
      if (sb.status.state === 'SANDBOX_READY' && sb.config.hostNetwork) this.#processesOf(sb, out);
    }
    return out;
  }
}

/**
 * One ExecSync's process, from its start to its answer: the shim, its output, the timeout timer
 * and the hook that kills it with its container (removed again when it ends, so a container probed
 * for days does not hold every exec it ever ran). One object per exec instead of a closure each.
 */
class ExecRun implements ShimHooks {
  stdout = '';
  stderr = '';
  timer: TimerId | undefined;
  done = false;
  /** The exec'd process's shim (from start). */
  shim?: Shim;
  readonly clock: SimClock;

  constructor(
    readonly rt: ContainerRuntime,
    readonly c: ContainerRecord,
    readonly containerId: string,
    readonly program: string,
    readonly cmd: string[],
    readonly timeout: number,
    readonly pod: string | undefined,
    readonly t0: number,
    readonly cb: CriCallback<{ stdout: string; stderr: string; exitCode: number }>,
    /** What `kubectl exec -i` sends on the exec's stdin (then closed). */
    readonly stdin?: string
  ) {
    this.clock = ContainerRuntime._exec.clock(rt);
  }

  #spawn(): Process {
    const ctx = ContainerRuntime._exec.context(this.rt, this.c, this.cmd, (t) => (this.stdout += t), (t) => (this.stderr += t));
    return execFactoryFor(this.program)(this.stdin === undefined ? ctx : { ...ctx, stdin: this.stdin });
  }

  /** The exec dies with its container (set at start: the container's stop waiters hold it). */
  stopWithContainer: () => void = () => {};

  start(): void {
    this.stopWithContainer = () => (this.shim ? this.shim.exit(137, 'SIGKILL') : this.exited(137));
    this.c.stopWaiters.push(this.stopWithContainer);
    if (this.timeout > 0) this.timer = this.clock.after(this.timeout * 1000, () => this.#timedOut());
    this.shim = new Shim(this.program, this.cmd, 'SIGKILL', this.clock, this, () => this.#spawn());
    this.shim.start();
  }

  signalled(): void {}

  exited(exitCode: number): void {
    if (this.done) return;
    this.done = true;
    this.clock.cancel(this.timer);
    this.#unhook();
    ContainerRuntime._exec.finish(this.rt, this, { ok: true, value: { stdout: this.stdout, stderr: this.stderr, exitCode } });
  }

  #timedOut(): void {
    if (this.done) return;
    this.done = true;
    this.shim?.exit(137, 'SIGKILL');
    this.#unhook();
    ContainerRuntime._exec.finish(this.rt, this, { ok: false, error: execTimedOut(this.cmd, this.timeout) });
  }

  /** Once the exec has ended its container's stop need not kill it (shim.exit would do nothing). */
  #unhook(): void {
    const w = this.c.stopWaiters;
    const i = w.indexOf(this.stopWithContainer);
    if (i >= 0) w.splice(i, 1);
  }
}

/** What ExecSync answers. */
type ExecOutput = { stdout: string; stderr: string; exitCode: number };

/** An exec in flight, as ExecSync's start and return read it. */
interface ExecCall {
  readonly pod: string | undefined;
  readonly t0: number;
  readonly containerId: string;
  readonly cmd: string[];
  readonly timeout: number;
  readonly cb: CriCallback<ExecOutput>;
  readonly stdin?: string;
}

/** `true` and `false` exit at once with nothing written: one frozen answer each. */
const TRIVIAL_EXIT: readonly CriResult<ExecOutput>[] = [0, 1].map((exitCode) => Object.freeze({ ok: true as const, value: Object.freeze({ stdout: '', stderr: '', exitCode }) }));

/**
 * A caller's record for ContainerRuntime.execTrivial: `true` / `false` exec'd again and again in
 * one container (an exec probe), or once (ExecSync). It is the exec in flight, with methods made
 * once instead of closures per exec, and answers through `answer`.
 */
export class TrivialExec implements ExecCall {
  containerId = '';
  cmd: string[] = [];
  timeout = 0;
  pod: string | undefined;
  t0 = 0;
  /** The container the exec checked last (its program is known for it). */
  c: unknown;
  #rt?: ContainerRuntime;
  #clock?: SimClock;
  #startAt = 0;
  #timer: TimerId | undefined;
  #done = true;
  #observe?: (durationMs: number, ok: boolean) => void;
  /** `cmd`'s exit code (`true` 0, `false` 1; undefined for any other command), worked out when cmd changes. */
  exitCode: number | undefined;

  /**
   * `kept`: the record is used for exec after exec (a probe's): it stays among its container's stop
   * waiters while the container runs, rather than joining and leaving them on every exec.
   */
  constructor(
    readonly answer: CriCallback<ExecOutput>,
    readonly kept = false
  ) {}

  /** The next exec: its container, command and timeout (execTrivial then runs it or declines). */
  set(containerId: string, cmd: string[], timeoutSeconds: number): this {
    if (containerId !== this.containerId) this.c = undefined;
    this.containerId = containerId;
    if (cmd !== this.cmd) this.exitCode = trivialExitCode(cmd);
    this.cmd = cmd;
    this.timeout = timeoutSeconds;
    return this;
  }

  /** Called by execTrivial: the exec is traced, `true` / `false` runs at `startAt`. */
  arm(rt: ContainerRuntime, clock: SimClock, pod: string | undefined, t0: number, startAt: number, observe?: (durationMs: number, ok: boolean) => void): void {
    this.#rt = rt;
    this.#clock = clock;
    this.pod = pod;
    this.t0 = t0;
    this.#startAt = startAt;
    this.#observe = observe;
    this.#done = false;
    this.#timer = clock.at(startAt + PROCESS_START_MS, this.#exit);
  }

  /** ExecSync's answer, through the instrumentation first (as ExecSync's timed callback). */
  readonly cb: CriCallback<ExecOutput> = (r) => {
    this.#observe?.(this.#clock!.now() - this.t0, r.ok);
    this.answer(r);
  };

  /** The process exits with `true`'s or `false`'s status. */
  readonly #exit = (): void => this.#exited(this.exitCode!);

  #exited(exitCode: number): void {
    if (this.#done) return;
    this.#done = true;
    this.#clock!.cancel(this.#timer);
    if (!this.kept) this.#unhook();
    ContainerRuntime._exec.finish(this.#rt!, this, TRIVIAL_EXIT[exitCode] ?? { ok: true, value: { stdout: '', stderr: '', exitCode } });
  }

  /** The container stops: before the exec started, ExecSync's start finds it gone; after, the exec dies with it (137). */
  readonly stopWithContainer = (): void => {
    const clock = this.#clock!;
    if (clock.now() < this.#startAt) {
      this.#done = true;
      clock.cancel(this.#timer);
      this.#unhook();
      clock.at(this.#startAt, () => ContainerRuntime._exec.start(this.#rt!, this));
      return;
    }
    this.#exited(137);
  };

  #unhook(): void {
    const w = (this.c as ContainerRecord | undefined)?.stopWaiters;
    const i = w ? w.indexOf(this.stopWithContainer) : -1;
    if (i >= 0) w!.splice(i, 1);
  }
}

/** The network of a pod with no cluster behind it (tests, a runtime alone): only names that are IPs. */
const ISOLATED: Network = {
  nameserver: '10.96.0.10',
  search: [],
  lookup: (name) => (/^\d{1,3}(\.\d{1,3}){3}$/.test(name) ? { name, addresses: [name] } : undefined),
  httpGet: (host) => ({ error: /^\d/.test(host) ? 'Connection refused' : `bad address '${host}'` }),
  tcpConnect: () => 'unreachable'
};
