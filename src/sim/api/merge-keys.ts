/**
 * The `patchMergeKey` of the API's lists: a strategic merge patch merges these lists element by
 * element (matched on the key) instead of replacing them. Shared by the API server's patch and
 * kubectl apply's three-way merge.
 * upstream: the patchStrategy/patchMergeKey struct tags in staging/src/k8s.io/api/core/v1/types.go
 */
export const MERGE_KEYS: Readonly<Record<string, string>> = {
  containers: 'name',
  initContainers: 'name',
  ephemeralContainers: 'name',
  env: 'name',
  volumes: 'name',
  volumeMounts: 'mountPath',
  volumeDevices: 'devicePath',
  ports: 'containerPort',
  imagePullSecrets: 'name',
  conditions: 'type',
  ownerReferences: 'uid',
  hostAliases: 'ip',
  topologySpreadConstraints: 'topologyKey',
  addresses: 'type'
};
