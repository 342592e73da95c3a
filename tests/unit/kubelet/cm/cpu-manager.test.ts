import { describe, expect, it } from 'vitest';
import { cpuTopology, formatCPUSet, parseCPUSet, takeByTopology } from '../../../../src/sim/kubelet/cm/cpumanager/cpuset';
import { CPUManager, cpuManagerFailure, guaranteedCPUs, CPU_MANAGER_STATE_FILE } from '../../../../src/sim/kubelet/cm/cpumanager/cpu-manager';
import { defaultKubeletConfiguration } from '../../../../src/sim/kubelet/config/config';

describe('cpusets', () => {
  const cases = [
    { text: '0-2,5', cpus: [0, 1, 2, 5] },
    { text: '1,3', cpus: [1, 3] },
    { text: '', cpus: [] },
    { text: '7', cpus: [7] }
  ];
  for (const c of cases) it(`"${c.text}"`, () => {
    expect(parseCPUSet(c.text)).toEqual(c.cpus);
    expect(formatCPUSet(c.cpus)).toBe(c.text);
  });
  it('a malformed list', () => expect(parseCPUSet('3-1')).toBeUndefined());
});

describe('takeByTopology: whole cores first, then threads of the fullest cores', () => {
  const all = (n: number) => Array.from({ length: n }, (_, i) => i);
  const cases = [
    { name: '4 CPUs (2 cores x 2), take 2: a whole core', cpus: 4, available: all(4), n: 2, want: [0, 2] },
    { name: '4 CPUs, 0 reserved, take 2: core 1', cpus: 4, available: [1, 2, 3], n: 2, want: [1, 3] },
    { name: '8 CPUs, take 3: a core, then a thread of the next', cpus: 8, available: all(8), n: 3, want: [0, 1, 4] },
    { name: 'a lone thread of a used core before splitting a whole one', cpus: 8, available: [1, 2, 3, 5, 6, 7], n: 1, want: [1] },
    { name: 'odd CPU count: one thread per core', cpus: 3, available: [1, 2], n: 2, want: [1, 2] },
    { name: 'not enough', cpus: 4, available: [2], n: 2, want: undefined }
  ];
  for (const c of cases) it(c.name, () => expect(takeByTopology(cpuTopology(c.cpus), c.available, c.n)).toEqual(c.want));
});

const pod = (uid: string, cpu: string, memory = '100Mi', limits = true) => ({
  metadata: { uid, name: uid, namespace: 'default' },
  spec: { containers: [{ name: 'app', resources: { requests: { cpu, memory }, ...(limits ? { limits: { cpu, memory } } : {}) } }] }
});

describe('the static policy', () => {
  const config = { ...defaultKubeletConfiguration(), cpuManagerPolicy: 'static', kubeReserved: { cpu: '500m' } };
  it('validation: static needs a reservation, in upstream’s words', () => {
    expect(cpuManagerFailure(defaultKubeletConfiguration())).toBeUndefined();
    expect(cpuManagerFailure({ ...defaultKubeletConfiguration(), cpuManagerPolicy: 'static' })).toBe('[cpumanager] the static policy requires systemreserved.cpu + kubereserved.cpu to be greater than zero');
    expect(cpuManagerFailure({ ...defaultKubeletConfiguration(), cpuManagerPolicy: 'static', reservedSystemCPUs: '0' })).toBeUndefined();
    expect(cpuManagerFailure({ ...defaultKubeletConfiguration(), cpuManagerPolicy: 'fast' })).toBe('unknown policy: "fast"');
  });
  it('guaranteedCPUs: whole CPUs of a Guaranteed pod only', () => {
    expect(guaranteedCPUs(pod('a', '2'), pod('a', '2').spec.containers[0])).toBe(2);
    expect(guaranteedCPUs(pod('b', '1500m'), pod('b', '1500m').spec.containers[0])).toBe(0);
    expect(guaranteedCPUs(pod('c', '2', '100Mi', false), pod('c', '2', '100Mi', false).spec.containers[0])).toBe(0);
  });
  it('exclusive CPUs leave the shared pool, come back on release; the checkpoint follows', () => {
    const files = new Map<string, string>();
    const m = new CPUManager(config, 4, { read: (p) => files.get(p), write: (p, t) => void files.set(p, t) });
    expect(m.reserved).toEqual([0]);
    expect(m.allocate(pod('g', '2'))).toBeUndefined();
    expect(m.cpusetOf('g', 'app')).toBe('1,3');
    expect(m.cpusetOf('burstable', 'app')).toBe('0,2');
    expect(JSON.parse(files.get(CPU_MANAGER_STATE_FILE)!)).toMatchObject({ policyName: 'static', defaultCpuSet: '0,2', entries: { g: { app: '1,3' } } });
    expect(m.allocate(pod('h', '2'))).toEqual({ reason: 'UnexpectedAdmissionError', message: 'Allocate failed due to not enough cpus available to satisfy request: requested=2, available=1, which is unexpected' });
    expect(m.cpusetOf('h', 'app')).toBe('0,2');
    // A restarted kubelet reads the checkpoint back.
    const again = new CPUManager(config, 4, { read: (p) => files.get(p), write: (p, t) => void files.set(p, t) });
    expect(again.cpusetOf('g', 'app')).toBe('1,3');
    m.release('g');
    expect(m.sharedPool()).toBe('0-3');
  });
  it('full-pcpus-only: an odd count on 2 threads per core is an SMTAlignmentError', () => {
    const m = new CPUManager({ ...config, cpuManagerPolicyOptions: { 'full-pcpus-only': 'true' } }, 8);
    expect(m.allocate(pod('odd', '1'))).toEqual({ reason: 'SMTAlignmentError', message: 'SMT Alignment Error: requested 1 cpus not multiple cpus per core = 2' });
    expect(m.allocate(pod('even', '2'))).toBeUndefined();
    expect(m.cpusetOf('even', 'app')).toBe('1,5');
  });
  it('none: everything shared, nothing exclusive', () => {
    const m = new CPUManager(defaultKubeletConfiguration(), 4);
    expect(m.allocate(pod('g', '2'))).toBeUndefined();
    expect(m.cpusetOf('g', 'app')).toBe('0-3');
    expect(m.stateJSON()).toMatch(/^\{"policyName":"none","defaultCpuSet":"","checksum":\d+\}$/);
  });
});
