import { describe, expect, it } from 'vitest';
import { MapFS } from '../../../../src/sim/node/fs/map-fs';
import { formatMap, volumeHostPath, writeVolume } from '../../../../src/sim/kubelet/volumemanager/plugins/content';

/* eslint-disable @typescript-eslint/no-explicit-any */

const pod = { metadata: { name: 'app', namespace: 'shop', uid: 'u1', labels: { zone: 'us-est-coast', cluster: 'test-cluster1' }, annotations: { builder: 'john-doe' } }, spec: { nodeName: 'worker-1', serviceAccountName: 'default' } };
const dir = (plugin: string, name: string) => `/var/lib/kubelet/pods/u1/volumes/kubernetes.io~${plugin}/${name}`;

describe('volume SetUp writes files on the node', () => {
  it('configMap keys become files; items pick and rename', () => {
    const fs = new MapFS(new Map());
    writeVolume(fs, pod, { name: 'config', kind: 'configMap', source: { name: 'cfg' } }, 0, { data: { 'game.properties': 'lives=3\n', mode: 'fast' } });
    expect(fs.list(dir('configmap', 'config'))).toEqual(['game.properties', 'mode']);
    expect(fs.read(`${dir('configmap', 'config')}/mode`)).toBe('fast');
    writeVolume(fs, pod, { name: 'picked', kind: 'configMap', source: { name: 'cfg', items: [{ key: 'mode', path: 'sub/m' }] } }, 0, { data: { mode: 'fast', other: 'x' } });
    expect(fs.read(`${dir('configmap', 'picked')}/sub/m`)).toBe('fast');
    expect(fs.list(dir('configmap', 'picked'))).toEqual(['sub']);
  });

  it('secret values are base64-decoded', () => {
    const fs = new MapFS(new Map());
    writeVolume(fs, pod, { name: 's', kind: 'secret', source: { secretName: 'creds' } }, 0, { data: { password: btoa('s3cr3t') } });
    expect(fs.read(`${dir('secret', 's')}/password`)).toBe('s3cr3t');
  });

  it('downwardAPI labels and annotations as sorted key="value" lines', () => {
    const fs = new MapFS(new Map());
    const items = [
      { path: 'labels', fieldRef: { fieldPath: 'metadata.labels' } },
      { path: 'annotations', fieldRef: { fieldPath: 'metadata.annotations' } },
      { path: 'name', fieldRef: { fieldPath: 'metadata.name' } }
    ];
    writeVolume(fs, pod, { name: 'podinfo', kind: 'downwardAPI', source: { items } }, 0);
    expect(fs.read(`${dir('downward-api', 'podinfo')}/labels`)).toBe('cluster="test-cluster1"\nzone="us-est-coast"');
    expect(fs.read(`${dir('downward-api', 'podinfo')}/annotations`)).toBe('builder="john-doe"');
    expect(fs.read(`${dir('downward-api', 'podinfo')}/name`)).toBe('app');
    expect(formatMap({ b: 'say "hi"', a: '1' })).toBe('a="1"\nb="say \\"hi\\""');
  });

  it('the projected service-account volume: a JWT-shaped token, ca.crt, namespace', () => {
    const fs = new MapFS(new Map());
    const source = {
      sources: [
        { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
        { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
        { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } }
      ]
    };
    writeVolume(fs, pod, { name: 'kube-api-access-x', kind: 'projected', source }, 0, undefined, (kind, name) => (kind === 'configMap' && name === 'kube-root-ca.crt' ? { data: { 'ca.crt': '-----BEGIN CERTIFICATE-----\n' } } : undefined));
    const d = dir('projected', 'kube-api-access-x');
    expect(fs.list(d)).toEqual(['ca.crt', 'namespace', 'token']);
    expect(fs.read(`${d}/namespace`)).toBe('shop');
    const token = fs.read(`${d}/token`) as string;
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    expect(payload.sub).toBe('system:serviceaccount:shop:default');
    expect(payload.exp - payload.iat).toBe(3607);
  });

  it('emptyDir is an empty directory; hostPath and CSI volumes are node paths outside the pod directory', () => {
    const fs = new MapFS(new Map());
    writeVolume(fs, pod, { name: 'cache', kind: 'emptyDir', source: {} }, 0);
    expect(fs.list(dir('empty-dir', 'cache'))).toEqual([]);
    expect(volumeHostPath(pod, { name: 'logs', kind: 'hostPath', source: { path: '/var/log' } })).toBe('/var/log');
    expect(volumeHostPath(pod, { name: 'pvc', kind: 'persistentVolumeClaim', source: {}, pv: { spec: { csi: { driver: 'hostpath.csi.k8s.io', volumeHandle: 'vol-1' } } } })).toBe('/csi-data-dir/vol-1');
  });
});
