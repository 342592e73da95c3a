/**
 * Reading and writing a KubeSchedulerConfiguration file: decode (YAML or JSON), default, validate;
 * and the YAML `kube-scheduler --write-config-to` writes (every plugin's weight printed, as the
 * v1 -> internal -> v1 round trip does, keys sorted).
 * upstream: cmd/kube-scheduler/app/options/configfile.go (loadConfigFromFile, LogOrWriteConfig),
 * pkg/scheduler/apis/config/scheme
 */
import YAML from 'yaml';
import { aggregateString } from '../../api/validation/field';
import { toKubectlYaml } from '../../kubectl/printers/yaml-json';
import { setDefaults } from './defaults';
import { PluginSetNames, SchedulerConfigGroupVersion, SchedulerConfigKind, type KubeSchedulerConfiguration, type PluginSet } from './types';
import { validateConfiguration } from './validation';

export type LoadedConfig = { ok: true; config: KubeSchedulerConfiguration } | { ok: false; error: string };

export function loadConfiguration(text: string): LoadedConfig {
  let doc: unknown;
  try {
    doc = YAML.parse(text);
  } catch (e) {
    return { ok: false, error: `error converting YAML to JSON: ${(e as Error).message.split('\n')[0]}` };
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return { ok: false, error: "Object 'Kind' is missing in the configuration" };
  const obj = doc as Record<string, unknown>;
  if (!obj.kind) return { ok: false, error: "Object 'Kind' is missing in the configuration" };
  if (obj.kind !== SchedulerConfigKind || obj.apiVersion !== SchedulerConfigGroupVersion) {
    // upstream: runtime.Scheme's notRegisteredErr
    return { ok: false, error: `no kind ${JSON.stringify(obj.kind)} is registered for version ${JSON.stringify(obj.apiVersion ?? '')} in scheme "pkg/scheduler/apis/config/scheme/scheme.go:30"` };
  }
  const config = setDefaults(obj as Partial<KubeSchedulerConfiguration>);
  const errs = validateConfiguration(config);
  if (errs.length) return { ok: false, error: aggregateString(errs) };
  return { ok: true, config };
}

/** The configuration as `--write-config-to` prints it. */
export function configurationYaml(cfg: KubeSchedulerConfiguration): string {
  const withWeights = (set: PluginSet | undefined) => {
    const out: Record<string, unknown> = {};
    if (set?.enabled?.length) out.enabled = set.enabled.map((p) => ({ name: p.name, weight: p.weight ?? 0 }));
    if (set?.disabled?.length) out.disabled = set.disabled.map((p) => ({ name: p.name, weight: p.weight ?? 0 }));
    return out;
  };
  const profiles = (cfg.profiles ?? []).map((prof) => ({
    ...prof,
    plugins: Object.fromEntries(PluginSetNames.map((n) => [n, withWeights(prof.plugins?.[n])]))
  }));
  return toKubectlYaml({ ...cfg, profiles });
}
