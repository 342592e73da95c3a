import { describe, expect, it } from 'vitest';
import { newServer, pod } from './helpers';
import { validate } from '../../../src/sim/api/validation';
import { statusMessage } from '../../../src/sim/api/validation/field';

const limitRange = (name: string, limits: any[]) => ({ apiVersion: 'v1', kind: 'LimitRange', metadata: { name }, spec: { limits } });
const withResources = (name: string, resources: any, more: any = {}) => pod(name, { spec: { containers: [{ name: 'app', image: 'nginx:1.27', resources }], ...more } });

describe('LimitRange defaults and validation (pkg/apis/core)', () => {
  it('a Container item defaults default to max, defaultRequest to default then min (SetDefaults_LimitRangeItem)', () => {
    const { ok } = newServer();
    const lr = ok({ verb: 'create', resource: 'limitranges', namespace: 'default', body: limitRange('lr', [
      { type: 'Container', max: { cpu: '2', memory: '1Gi' }, min: { cpu: '100m', 'ephemeral-storage': '1Mi' } },
      { type: 'Pod', max: { cpu: '4' } }
    ]) });
    expect(lr.spec.limits[0]).toEqual({
      type: 'Container',
      max: { cpu: '2', memory: '1Gi' },
      min: { cpu: '100m', 'ephemeral-storage': '1Mi' },
      default: { cpu: '2', memory: '1Gi' },
      defaultRequest: { cpu: '2', memory: '1Gi', 'ephemeral-storage': '1Mi' }
    });
    expect(lr.spec.limits[1]).toEqual({ type: 'Pod', max: { cpu: '4' } });
  });

  // upstream: pkg/apis/core/validation/validation_test.go TestValidateLimitRange (error cases)
  it.each([
    ['duplicate type', [{ type: 'Pod', max: { cpu: '1' } }, { type: 'Pod', min: { cpu: '1' } }], 'spec.limits[1].type: Duplicate value: "Pod"'],
    ['default on Pod', [{ type: 'Pod', default: { cpu: '1' } }], "spec.limits[0].default: Forbidden: may not be specified when `type` is 'Pod'"],
    ['min > max', [{ type: 'Pod', min: { cpu: '2' }, max: { cpu: '1' } }], 'min value 2 is greater than max value 1'],
    ['ratio < 1', [{ type: 'Container', maxLimitRequestRatio: { cpu: '800m' } }], 'ratio 800m is less than 1'],
    ['ratio > max/min', [{ type: 'Pod', min: { memory: '2Gi' }, max: { memory: '8Gi' }, maxLimitRequestRatio: { memory: '5' } }], 'ratio 5 is greater than max/min = 4.000000'],
    ['PVC without storage', [{ type: 'PersistentVolumeClaim', min: { cpu: '1' } }], 'spec.limits[0].limits: Required value: either minimum or maximum storage value is required, but neither was provided'],
    ['unknown type', [{ type: 'Machine', max: { cpu: '1' } }], 'spec.limits[0].type: Invalid value: "Machine": must be a standard limit type or fully qualified'],
    ['not a container resource', [{ type: 'Container', max: { pods: '1' } }], 'spec.limits[0].max[pods]: Invalid value: "pods": must be a standard resource for containers']
  ])('refuses %s', (_name, limits, message) => {
    const errs = validate('LimitRange', { metadata: { name: 'lr', namespace: 'default' }, spec: { limits } });
    expect(statusMessage('LimitRange', 'lr', errs)).toContain(message);
  });

  it("prints a default request above the default limit with Go's %#v of the Quantity", () => {
    const { call } = newServer();
    const r = call({ verb: 'create', resource: 'limitranges', namespace: 'default', body: limitRange('lr', [{ type: 'Container', default: { cpu: '1' }, defaultRequest: { cpu: '2' } }]) });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.status.message).toBe(
        'LimitRange "lr" is invalid: spec.limits[0].defaultRequest[cpu]: Invalid value: resource.Quantity{i:resource.int64Amount{value:2, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"2", Format:"DecimalSI"}: default request value 2 is greater than default limit value 1'
      );
  });
});

describe('LimitRanger admission (plugin/pkg/admission/limitranger)', () => {
  const setup = () => {
    const s = newServer();
    s.ok({ verb: 'create', resource: 'limitranges', namespace: 'default', body: limitRange('cpu-mem', [
      { type: 'Container', max: { cpu: '1', memory: '1Gi' }, min: { cpu: '100m' }, default: { cpu: '500m', memory: '512Mi' }, defaultRequest: { cpu: '250m', memory: '256Mi' } }
    ]) });
    return s;
  };

  it('fills missing requests and limits and says so in the kubernetes.io/limit-ranger annotation', () => {
    const { ok } = setup();
    const p = ok({ verb: 'create', resource: 'pods', namespace: 'default', body: pod('web') });
    expect(p.spec.containers[0].resources).toEqual({ limits: { cpu: '500m', memory: '512Mi' }, requests: { cpu: '250m', memory: '256Mi' } });
    expect(p.metadata.annotations['kubernetes.io/limit-ranger']).toBe('LimitRanger plugin set: cpu, memory request for container nginx; cpu, memory limit for container nginx');
    expect(p.status.qosClass).toBe('Burstable');
  });

  it('keeps what the container sets (requests default to its own limits first, as SetDefaults_Pod does)', () => {
    const { ok } = setup();
    const p = ok({ verb: 'create', resource: 'pods', namespace: 'default', body: withResources('web', { limits: { cpu: '800m' } }) });
    expect(p.spec.containers[0].resources).toEqual({ limits: { cpu: '800m', memory: '512Mi' }, requests: { cpu: '800m', memory: '256Mi' } });
    expect(p.metadata.annotations['kubernetes.io/limit-ranger']).toBe('LimitRanger plugin set: memory request for container app; memory limit for container app');
  });

  it('refuses a container over the max with upstream message', () => {
    const { call } = setup();
    const r = call({ verb: 'create', resource: 'pods', namespace: 'default', body: withResources('big', { limits: { cpu: '2' } }) });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.status.code).toBe(403);
      expect(r.status.message).toBe('pods "big" is forbidden: maximum cpu usage per Container is 1, but limit is 2');
    }
  });

  it('refuses a request under the min (one error: no brackets)', () => {
    const { call } = setup();
    const r = call({ verb: 'create', resource: 'pods', namespace: 'default', body: withResources('small', { requests: { cpu: '50m' } }) });
    expect(!r.ok && r.status.message).toBe('pods "small" is forbidden: minimum cpu usage per Container is 100m, but request is 50m');
  });

  it('checks a Pod item against the sum of the containers and a limit/request ratio', () => {
    const { ok, call } = newServer();
    ok({ verb: 'create', resource: 'limitranges', namespace: 'default', body: limitRange('pod', [{ type: 'Pod', max: { memory: '1Gi' } }, { type: 'Container', maxLimitRequestRatio: { cpu: '2' } }]) });
    const two = pod('two', { spec: { containers: [
      { name: 'a', image: 'nginx', resources: { requests: { cpu: '100m', memory: '600Mi' }, limits: { cpu: '300m', memory: '600Mi' } } },
      { name: 'b', image: 'nginx', resources: { requests: { cpu: '100m', memory: '600Mi' }, limits: { cpu: '200m', memory: '600Mi' } } }
    ] } });
    const r = call({ verb: 'create', resource: 'pods', namespace: 'default', body: two });
    expect(!r.ok && r.status.message).toBe('pods "two" is forbidden: [maximum memory usage per Pod is 1Gi, but limit is 1200Mi, cpu max limit to request ratio per Container is 2, but provided ratio is 3.000000]');
  });

  it('bounds a claim\'s storage request by a PersistentVolumeClaim item', () => {
    const { ok, call } = newServer();
    ok({ verb: 'create', resource: 'limitranges', namespace: 'default', body: limitRange('storage', [{ type: 'PersistentVolumeClaim', min: { storage: '1Gi' }, max: { storage: '2Gi' } }]) });
    const pvc = (name: string, storage: string) => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage } } } });
    const r = call({ verb: 'create', resource: 'persistentvolumeclaims', namespace: 'default', body: pvc('big', '5Gi') });
    expect(!r.ok && r.status.message).toBe('persistentvolumeclaims "big" is forbidden: maximum storage usage per PersistentVolumeClaim is 2Gi, but request is 5Gi');
    expect(ok({ verb: 'create', resource: 'persistentvolumeclaims', namespace: 'default', body: pvc('fits', '1Gi') }).metadata.name).toBe('fits');
  });
});
