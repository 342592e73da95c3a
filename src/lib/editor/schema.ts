/**
 * The JSON schema monaco-yaml checks manifests against, derived from the schema `kubectl explain`
 * reads (src/sim/api/openapi-schema.ts), so the editor and explain never disagree.
 *
 * One schema for every document of the file: `apiVersion` and `kind` pick the object's type
 * (an `if`/`then` per kind, as the API server's OpenAPI document is keyed by group-version-kind),
 * so a Deployment is checked as a Deployment and hover shows its field's description.
 * IntOrString is `integer | string`, Quantity `string | number` with the API's quantity pattern.
 * Enums are added where the API documents a closed set (Go `+enum` types); explain's schema has none.
 *
 * Only the lazily loaded editor imports this (it carries every description: ~60 kB gzip).
 */
import { EXPLAIN_KINDS, EXPLAIN_TYPES, INT_OR_STRING_DESCRIPTION, type ExplainType } from '../../sim/api/openapi-schema';
import { KUBELET_CONFIGURATION_FIELDS, SCHEDULER_CONFIGURATION_FIELDS, type ConfigField } from './config-fields';

export interface JSONSchema {
  $schema?: string;
  $ref?: string;
  title?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, JSONSchema>;
  additionalProperties?: boolean | JSONSchema;
  items?: JSONSchema;
  required?: string[];
  enum?: (string | number)[];
  const?: string;
  pattern?: string;
  allOf?: JSONSchema[];
  if?: JSONSchema;
  then?: JSONSchema;
  definitions?: Record<string, JSONSchema>;
}

/** Closed value sets of fields whose Go type is an `+enum` (upstream: k8s.io/api/*\/types.go). */
export const FIELD_ENUMS: Record<string, string[]> = {
  'core/v1.Container.imagePullPolicy': ['Always', 'IfNotPresent', 'Never'],
  'core/v1.Container.terminationMessagePolicy': ['File', 'FallbackToLogsOnError'],
  'core/v1.ContainerPort.protocol': ['TCP', 'UDP', 'SCTP'],
  'core/v1.ServicePort.protocol': ['TCP', 'UDP', 'SCTP'],
  'core/v1.EndpointPort.protocol': ['TCP', 'UDP', 'SCTP'],
  'core/v1.PodSpec.restartPolicy': ['Always', 'OnFailure', 'Never'],
  'core/v1.PodSpec.dnsPolicy': ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'],
  'core/v1.PodSpec.preemptionPolicy': ['PreemptLowerPriority', 'Never'],
  'core/v1.Toleration.operator': ['Exists', 'Equal'],
  'core/v1.Toleration.effect': ['NoSchedule', 'PreferNoSchedule', 'NoExecute'],
  'core/v1.Taint.effect': ['NoSchedule', 'PreferNoSchedule', 'NoExecute'],
  'core/v1.NodeSelectorRequirement.operator': ['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt'],
  'core/v1.TopologySpreadConstraint.whenUnsatisfiable': ['DoNotSchedule', 'ScheduleAnyway'],
  'core/v1.ServiceSpec.type': ['ClusterIP', 'NodePort', 'LoadBalancer', 'ExternalName'],
  'core/v1.ServiceSpec.sessionAffinity': ['ClientIP', 'None'],
  'core/v1.ServiceSpec.externalTrafficPolicy': ['Cluster', 'Local'],
  'core/v1.ServiceSpec.internalTrafficPolicy': ['Cluster', 'Local'],
  'core/v1.HTTPGetAction.scheme': ['HTTP', 'HTTPS'],
  'core/v1.HostPathVolumeSource.type': ['', 'DirectoryOrCreate', 'Directory', 'FileOrCreate', 'File', 'Socket', 'CharDevice', 'BlockDevice'],
  'core/v1.EmptyDirVolumeSource.medium': ['', 'Memory', 'HugePages'],
  'core/v1.PersistentVolumeSpec.persistentVolumeReclaimPolicy': ['Retain', 'Delete', 'Recycle'],
  'core/v1.PersistentVolumeSpec.volumeMode': ['Block', 'Filesystem'],
  'core/v1.PersistentVolumeClaimSpec.volumeMode': ['Block', 'Filesystem'],
  'core/v1.Secret.type': ['Opaque', 'kubernetes.io/service-account-token', 'kubernetes.io/dockercfg', 'kubernetes.io/dockerconfigjson', 'kubernetes.io/basic-auth', 'kubernetes.io/ssh-auth', 'kubernetes.io/tls', 'bootstrap.kubernetes.io/token'],
  'apps/v1.DeploymentStrategy.type': ['Recreate', 'RollingUpdate'],
  'apps/v1.DaemonSetUpdateStrategy.type': ['RollingUpdate', 'OnDelete'],
  'meta/v1.LabelSelectorRequirement.operator': ['In', 'NotIn', 'Exists', 'DoesNotExist'],
  'storage/v1.StorageClass.reclaimPolicy': ['Retain', 'Delete', 'Recycle'],
  'storage/v1.StorageClass.volumeBindingMode': ['Immediate', 'WaitForFirstConsumer'],
  'policy/v1.PodDisruptionBudgetSpec.unhealthyPodEvictionPolicy': ['IfHealthyBudget', 'AlwaysAllow']
};

/** upstream: k8s.io/apimachinery/pkg/api/resource quantity.go (the OpenAPI pattern of Quantity). */
export const QUANTITY_PATTERN = '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$';

const QUANTITY_KEY = 'api/resource.Quantity';

/** A definitions key without `/` (JSON pointer escapes would make refs hard to read). */
const defKey = (typeKey: string) => typeKey.replace(/\//g, '.');

/** The schema of one explain field type (`string`, `[]#core/v1.Container`, `map[string]#...`). */
export function fieldTypeSchema(type: string): JSONSchema {
  if (type.startsWith('[]')) return { type: 'array', items: fieldTypeSchema(type.slice(2)) };
  if (type.startsWith('map[string]')) return { type: 'object', additionalProperties: fieldTypeSchema(type.slice('map[string]'.length)) };
  if (type === '#IntOrString') return { type: ['integer', 'string'] };
  if (type.startsWith('#')) return { $ref: `#/definitions/${defKey(type.slice(1))}` };
  if (type === 'Object') return { type: 'object' };
  return { type };
}

/** The schema of one explain type: its fields (closed: kubectl validates strictly), required ones. */
export function typeSchema(typeKey: string, t: ExplainType): JSONSchema {
  // The Go type's name (`PodSpec`): completion labels an object it offers with it.
  const title = typeKey.slice(typeKey.lastIndexOf('.') + 1);
  if (typeKey === QUANTITY_KEY) return { title, description: t.d, type: ['string', 'number'], pattern: QUANTITY_PATTERN };
  if (!t.f) return { title, description: t.d, type: t.prim ?? 'object' };
  const properties: Record<string, JSONSchema> = {};
  const required: string[] = [];
  for (const [name, type, description, isRequired] of t.f) {
    const schema: JSONSchema = { ...fieldTypeSchema(type), description: type === '#IntOrString' && !description ? INT_OR_STRING_DESCRIPTION : description };
    const values = FIELD_ENUMS[`${typeKey}.${name}`];
    if (values) schema.enum = values;
    properties[name] = schema;
    if (isRequired) required.push(name);
  }
  const schema: JSONSchema = { title, description: t.d, type: 'object', properties, additionalProperties: false };
  if (required.length > 0) schema.required = required;
  return schema;
}

/** `group/version/Kind` -> the apiVersion and kind a manifest says. */
function splitGvk(gvk: string): { apiVersion: string; kind: string } {
  const i = gvk.lastIndexOf('/');
  return { apiVersion: gvk.slice(0, i), kind: gvk.slice(i + 1) };
}

function configSchema(apiVersion: string, kind: string, description: string, fields: readonly ConfigField[]): JSONSchema {
  const properties: Record<string, JSONSchema> = {
    apiVersion: { type: 'string', description: 'The configuration API version.', enum: [apiVersion] },
    kind: { type: 'string', description: 'The configuration kind.', enum: [kind] }
  };
  for (const f of fields) {
    const schema: JSONSchema = { ...fieldTypeSchema(f.type), description: f.description };
    if (f.enum) schema.enum = f.enum;
    properties[f.name] = schema;
  }
  return { description, type: 'object', properties };
}

export const CONFIG_KINDS = [
  {
    apiVersion: 'kubelet.config.k8s.io/v1beta1',
    kind: 'KubeletConfiguration',
    description: "KubeletConfiguration contains the configuration for the Kubelet (`sim kubelet config NODE -f -` replaces a node's and restarts its kubelet).",
    fields: KUBELET_CONFIGURATION_FIELDS
  },
  {
    apiVersion: 'kubescheduler.config.k8s.io/v1',
    kind: 'KubeSchedulerConfiguration',
    description: 'KubeSchedulerConfiguration configures a scheduler (`sim scheduler config -f -` restarts kube-scheduler with it).',
    fields: SCHEDULER_CONFIGURATION_FIELDS
  }
] as const;

/**
 * The schema for a manifest file: every document is an object with an apiVersion and a kind the
 * simulated API serves (or a component configuration), checked against that kind's type.
 */
export function manifestSchema(): JSONSchema {
  const definitions: Record<string, JSONSchema> = {};
  for (const [key, t] of Object.entries(EXPLAIN_TYPES)) definitions[defKey(key)] = typeSchema(key, t);
  const kinds = Object.entries(EXPLAIN_KINDS).map(([gvk, typeKey]) => ({ ...splitGvk(gvk), ref: `#/definitions/${defKey(typeKey)}` }));
  const branches: JSONSchema[] = kinds.map(({ apiVersion, kind, ref }) => ({
    if: { properties: { apiVersion: { const: apiVersion }, kind: { const: kind } }, required: ['apiVersion', 'kind'] },
    then: { $ref: ref }
  }));
  for (const c of CONFIG_KINDS) {
    const key = `config.${c.kind}`;
    definitions[key] = configSchema(c.apiVersion, c.kind, c.description, c.fields);
    branches.push({ if: { properties: { apiVersion: { const: c.apiVersion }, kind: { const: c.kind } }, required: ['apiVersion', 'kind'] }, then: { $ref: `#/definitions/${key}` } });
  }
  const apiVersions = [...new Set([...kinds.map((k) => k.apiVersion), ...CONFIG_KINDS.map((c) => c.apiVersion)])];
  const kindNames = [...new Set([...kinds.map((k) => k.kind), ...CONFIG_KINDS.map((c) => c.kind)])].sort();
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      apiVersion: { type: 'string', description: 'APIVersion defines the versioned schema of this representation of an object.', enum: apiVersions },
      kind: { type: 'string', description: 'Kind is a string value representing the REST resource this object represents.', enum: kindNames }
    },
    required: ['apiVersion', 'kind'],
    allOf: branches,
    definitions
  };
}
