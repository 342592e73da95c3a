/**
 * ValidateKubeletConfiguration for the fields kubarium models, with upstream's messages, joined
 * as utilerrors.NewAggregate does (one error: its text; several: `[a, b]`). The kubelet runs it
 * at start (cmd/kubelet/app/server.go NewKubeletCommand) and exits with
 * `failed to validate kubelet configuration, error: <aggregate>, path: &TypeMeta{Kind:,APIVersion:,}`
 * (the `%s` of the internal config prints its embedded TypeMeta, emptied by the decoder).
 * Also parseKubeletConfiguration: what `sim kubelet config NODE -f FILE` accepts.
 * upstream: pkg/kubelet/apis/config/validation/validation.go ValidateKubeletConfiguration,
 * staging/src/k8s.io/apimachinery/pkg/util/errors/errors.go aggregate.Error,
 * pkg/kubelet/eviction/helpers.go ParseThresholdConfig, pkg/kubelet/logs/container_log_manager.go
 */
import YAML from 'yaml';
import { tryParseQuantity } from '../../api/quantity';
import { parseDuration } from '../../kernel/clock';
import { defaultKubeletConfiguration, type KubeletConfiguration } from './config';

const inRange = (v: number, lo: number, hi: number) => Number.isInteger(v) && v >= lo && v <= hi;
const validPort = (v: number) => inRange(v, 1, 65535);

/** Each failing check's message, in upstream's order. upstream: validation.go ValidateKubeletConfiguration */
export function validateKubeletConfiguration(kc: KubeletConfiguration): string[] {
  const errs: string[] = [];
  const bad = (m: string) => errs.push(`invalid configuration: ${m}`);
  if (!(kc.nodeLeaseDurationSeconds > 0)) bad('nodeLeaseDurationSeconds must be greater than 0');
  if (kc.eventBurst < 0) bad(`eventBurst (--event-burst) ${kc.eventBurst} must not be a negative number`);
  if (kc.eventRecordQPS < 0) bad(`eventRecordQPS (--event-qps) ${kc.eventRecordQPS} must not be a negative number`);
  if (kc.healthzPort !== 0 && !validPort(kc.healthzPort)) bad(`healthzPort (--healthz-port) ${kc.healthzPort} must be between 1 and 65535, inclusive`);
  const high = kc.imageGCHighThresholdPercent;
  const low = kc.imageGCLowThresholdPercent;
  if (!inRange(high, 0, 100)) bad(`imageGCHighThresholdPercent (--image-gc-high-threshold) ${high} must be between 0 and 100, inclusive`);
  if (!inRange(low, 0, 100)) bad(`imageGCLowThresholdPercent (--image-gc-low-threshold) ${low} must be between 0 and 100, inclusive`);
  if (low >= high) bad(`imageGCLowThresholdPercent (--image-gc-low-threshold) ${low} must be less than imageGCHighThresholdPercent (--image-gc-high-threshold) ${high}`);
  if (durationMs(kc.imageMinimumGCAge) < 0) bad(`imageMinimumGCAge ${kc.imageMinimumGCAge} must not be negative`);
  if (kc.maxPods < 0) bad(`maxPods (--max-pods) ${kc.maxPods} must not be a negative number`);
  if (!validPort(kc.port)) bad(`port (--port) ${kc.port} must be between 1 and 65535, inclusive`);
  if (kc.readOnlyPort !== 0 && !validPort(kc.readOnlyPort)) bad(`readOnlyPort (--read-only-port) ${kc.readOnlyPort} must be between 0 and 65535, inclusive`);
  if (kc.registryBurst < 0) bad(`registryBurst (--registry-burst) ${kc.registryBurst} must not be a negative number`);
  if (kc.registryPullQPS < 0) bad(`registryPullQPS (--registry-qps) ${kc.registryPullQPS} must not be a negative number`);
  if (!(kc.containerLogMaxFiles > 1)) bad('containerLogMaxFiles must be greater than 1');
  const parallel = kc.maxParallelImagePulls;
  if (parallel !== undefined && parallel !== null) {
    if (!(Number(parallel) >= 1)) bad(`maxParallelImagePulls ${parallel} must be a positive number`);
    else if (kc.serializeImagePulls !== false && Number(parallel) > 1) bad('maxParallelImagePulls cannot be larger than 1 unless SerializeImagePulls (--serialize-image-pulls) is set to false');
  }
  return errs;
}

/** upstream: utilerrors aggregate.Error(): duplicates dropped, several joined in brackets. */
export function aggregate(errs: string[]): string {
  const seen = [...new Set(errs)];
  return seen.length === 1 ? seen[0] : `[${seen.join(', ')}]`;
}

/** The error the kubelet exits with, if its configuration is invalid. upstream: server.go NewKubeletCommand RunE */
export function validationFailure(kc: KubeletConfiguration): string | undefined {
  const errs = validateKubeletConfiguration(kc);
  if (errs.length === 0) return undefined;
  return `failed to validate kubelet configuration, error: ${aggregate(errs)}, path: &TypeMeta{Kind:,APIVersion:,}`;
}

// upstream: pkg/kubelet/eviction/api/types.go (the signals of a Linux node)
const EVICTION_SIGNALS = new Set([
  'memory.available',
  'allocatableMemory.available',
  'nodefs.available',
  'nodefs.inodesFree',
  'imagefs.available',
  'imagefs.inodesFree',
  'containerfs.available',
  'containerfs.inodesFree',
  'pid.available'
]);

/**
 * What NewMainKubelet rejects later in start-up (run() wraps it as `failed to run Kubelet: ...`):
 * an unknown eviction signal, an unparsable threshold or containerLogMaxSize.
 * upstream: eviction/helpers.go parseThresholdStatement, logs/container_log_manager.go NewContainerLogManager
 */
export function runtimeConfigFailure(kc: KubeletConfiguration): string | undefined {
  for (const thresholds of [kc.evictionHard, kc.evictionSoft]) {
    for (const [signal, value] of Object.entries(thresholds ?? {})) {
      if (!EVICTION_SIGNALS.has(signal)) return `unsupported eviction signal ${signal}`;
      const v = String(value);
      if (v.endsWith('%')) {
        const pct = Number(v.slice(0, -1));
        if (!(pct >= 0 && pct <= 100)) return `eviction percentage threshold ${signal} must be >= 0% and <= 100%: ${v}`;
      } else if (!tryParseQuantity(v)) {
        return "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
      }
    }
  }
  if (!tryParseQuantity(String(kc.containerLogMaxSize))) {
    return `failed to parse container log max size ${JSON.stringify(kc.containerLogMaxSize)}: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`;
  }
  return undefined;
}

function durationMs(s: string): number {
  try {
    return parseDuration(String(s));
  } catch {
    return 0;
  }
}

const DURATION_FIELDS = ['syncFrequency', 'fileCheckFrequency', 'nodeStatusUpdateFrequency', 'nodeStatusReportFrequency', 'imageMinimumGCAge'] as const;
/** Loops kubarium runs every period: a zero period would never let time move. */
const PERIOD_FIELDS = ['syncFrequency', 'fileCheckFrequency', 'nodeStatusUpdateFrequency', 'nodeStatusReportFrequency'] as const;

export type ParsedConfig = { ok: true; config: KubeletConfiguration } | { ok: false; error: string };

/**
 * A KubeletConfiguration file as the kubelet's loader reads it (kubelet.config.k8s.io/v1beta1,
 * unset fields defaulted). A file it cannot decode is refused here and nothing is applied; a file
 * that decodes but is invalid is applied, and the kubelet then fails to start, as a real one does.
 * upstream: pkg/kubelet/kubeletconfig/configfiles/configfiles.go Load, pkg/kubelet/apis/config/v1beta1/defaults.go
 */
export function parseKubeletConfiguration(text: string): ParsedConfig {
  let doc: unknown;
  try {
    doc = YAML.parse(text);
  } catch (e) {
    return { ok: false, error: `error converting YAML to JSON: ${(e as Error).message.split('\n')[0]}` };
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return { ok: false, error: 'couldn\'t get version/kind; json parse error: the document is not a KubeletConfiguration object' };
  const obj = doc as Record<string, unknown>;
  if (obj.kind !== 'KubeletConfiguration' || obj.apiVersion !== 'kubelet.config.k8s.io/v1beta1') {
    if (!obj.kind) return { ok: false, error: "Object 'Kind' is missing in the KubeletConfiguration file" };
    return { ok: false, error: `no kind ${JSON.stringify(obj.kind)} is registered for version ${JSON.stringify(obj.apiVersion ?? '')}: expected kind KubeletConfiguration, apiVersion kubelet.config.k8s.io/v1beta1` };
  }
  const config = { ...defaultKubeletConfiguration(), ...obj } as KubeletConfiguration;
  for (const f of DURATION_FIELDS) {
    try {
      parseDuration(String(config[f]));
    } catch (e) {
      return { ok: false, error: `failed to decode ${f}: ${(e as Error).message}` };
    }
  }
  for (const f of PERIOD_FIELDS) {
    if (parseDuration(String(config[f])) <= 0) return { ok: false, error: `${f} must be a positive duration (kubarium runs this loop every ${f})` };
  }
  for (const f of ['maxPods', 'nodeLeaseDurationSeconds', 'imageGCHighThresholdPercent', 'imageGCLowThresholdPercent', 'port', 'readOnlyPort', 'healthzPort', 'containerLogMaxFiles'] as const) {
    if (typeof config[f] !== 'number') return { ok: false, error: `failed to decode ${f}: cannot unmarshal ${typeof config[f]} into Go struct field KubeletConfiguration.${f} of type int32` };
  }
  if (config.cgroupDriver !== 'systemd' && config.cgroupDriver !== 'cgroupfs') {
    // upstream: cm.NewContainerManager -> libcontainer cgroup manager: only the two drivers exist.
    return { ok: false, error: `invalid cgroupDriver ${JSON.stringify(config.cgroupDriver)}: must be "systemd" or "cgroupfs"` };
  }
  return { ok: true, config };
}
