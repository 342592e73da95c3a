import { describe, expect, it } from 'vitest';
import { defaultKubeletConfiguration, type KubeletConfiguration } from '../../../../src/sim/kubelet/config/config';
import { aggregate, parseKubeletConfiguration, runtimeConfigFailure, validateKubeletConfiguration, validationFailure } from '../../../../src/sim/kubelet/config/validation';

const cfg = (over: Partial<KubeletConfiguration>): KubeletConfiguration => ({ ...defaultKubeletConfiguration(), ...over }) as KubeletConfiguration;

describe('validateKubeletConfiguration (upstream messages)', () => {
  const cases: { name: string; over: Partial<KubeletConfiguration>; want: string[] }[] = [
    { name: 'defaults are valid', over: {}, want: [] },
    {
      name: 'low threshold above high',
      over: { imageGCHighThresholdPercent: 40, imageGCLowThresholdPercent: 80 },
      want: ['invalid configuration: imageGCLowThresholdPercent (--image-gc-low-threshold) 80 must be less than imageGCHighThresholdPercent (--image-gc-high-threshold) 40']
    },
    {
      name: 'high threshold out of range (and then not above low)',
      over: { imageGCHighThresholdPercent: 101 },
      want: ['invalid configuration: imageGCHighThresholdPercent (--image-gc-high-threshold) 101 must be between 0 and 100, inclusive']
    },
    { name: 'negative maxPods', over: { maxPods: -1 }, want: ['invalid configuration: maxPods (--max-pods) -1 must not be a negative number'] },
    { name: 'zero lease duration', over: { nodeLeaseDurationSeconds: 0 }, want: ['invalid configuration: nodeLeaseDurationSeconds must be greater than 0'] },
    { name: 'readOnlyPort out of range', over: { readOnlyPort: 70000 }, want: ['invalid configuration: readOnlyPort (--read-only-port) 70000 must be between 0 and 65535, inclusive'] },
    { name: 'port 0', over: { port: 0 }, want: ['invalid configuration: port (--port) 0 must be between 1 and 65535, inclusive'] },
    { name: 'containerLogMaxFiles 1', over: { containerLogMaxFiles: 1 }, want: ['invalid configuration: containerLogMaxFiles must be greater than 1'] },
    {
      name: 'parallel pulls while serialized',
      over: { maxParallelImagePulls: 3 },
      want: ['invalid configuration: maxParallelImagePulls cannot be larger than 1 unless SerializeImagePulls (--serialize-image-pulls) is set to false']
    },
    { name: 'maxParallelImagePulls 0', over: { serializeImagePulls: false, maxParallelImagePulls: 0 }, want: ['invalid configuration: maxParallelImagePulls 0 must be a positive number'] },
    { name: 'parallel pulls allowed', over: { serializeImagePulls: false, maxParallelImagePulls: 3 }, want: [] }
  ];
  for (const c of cases) it(c.name, () => expect(validateKubeletConfiguration(cfg(c.over))).toEqual(c.want));

  it('aggregates one error bare and several in brackets, as utilerrors.NewAggregate', () => {
    expect(aggregate(['a'])).toBe('a');
    expect(aggregate(['a', 'b', 'a'])).toBe('[a, b]');
    expect(validationFailure(cfg({ maxPods: -1, nodeLeaseDurationSeconds: 0 }))).toBe(
      'failed to validate kubelet configuration, error: [invalid configuration: nodeLeaseDurationSeconds must be greater than 0, invalid configuration: maxPods (--max-pods) -1 must not be a negative number], path: &TypeMeta{Kind:,APIVersion:,}'
    );
    expect(validationFailure(cfg({}))).toBeUndefined();
  });

  it('rejects unknown eviction signals and unparsable quantities later in start-up', () => {
    expect(runtimeConfigFailure(cfg({ evictionHard: { 'memory.free': '1Gi' } }))).toBe('unsupported eviction signal memory.free');
    expect(runtimeConfigFailure(cfg({ containerLogMaxSize: 'ten' }))).toMatch(/^failed to parse container log max size "ten": quantities must match/);
    expect(runtimeConfigFailure(cfg({}))).toBeUndefined();
  });
});

describe('parseKubeletConfiguration (sim kubelet config NODE -f)', () => {
  it('defaults what the file leaves out', () => {
    const r = parseKubeletConfiguration('apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nmaxPods: 3\n');
    expect(r.ok && r.config.maxPods).toBe(3);
    expect(r.ok && r.config.imageGCHighThresholdPercent).toBe(85);
    expect(r.ok && r.config.cgroupDriver).toBe('systemd');
  });
  const bad: { name: string; text: string; error: RegExp }[] = [
    { name: 'malformed YAML', text: 'kind: [KubeletConfiguration\n', error: /^error converting YAML to JSON/ },
    { name: 'wrong kind', text: 'apiVersion: kubelet.config.k8s.io/v1beta1\nkind: Pod\n', error: /no kind "Pod" is registered for version "kubelet.config.k8s.io\/v1beta1"/ },
    { name: 'wrong apiVersion', text: 'apiVersion: v1\nkind: KubeletConfiguration\n', error: /no kind "KubeletConfiguration" is registered for version "v1"/ },
    { name: 'bad duration', text: 'apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nsyncFrequency: soon\n', error: /syncFrequency: time: invalid duration "soon"/ },
    { name: 'a string for maxPods', text: 'apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nmaxPods: "3"\n', error: /cannot unmarshal string into Go struct field KubeletConfiguration.maxPods/ },
    { name: 'unknown cgroup driver', text: 'apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\ncgroupDriver: foo\n', error: /invalid cgroupDriver "foo"/ }
  ];
  for (const c of bad) {
    it(`refuses ${c.name}`, () => {
      const r = parseKubeletConfiguration(c.text);
      expect(r.ok).toBe(false);
      expect(!r.ok && r.error).toMatch(c.error);
    });
  }
});
