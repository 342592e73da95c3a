import { SimClock } from '../../../../src/sim/kernel/clock';
import { Rand } from '../../../../src/sim/kernel/rand';
import type { TraceEvent, TraceInput } from '../../../../src/sim/kernel/trace';
import { ContainerRuntime, type RuntimeOptions } from '../../../../src/sim/node/cri/runtime';
import type { CriCallback, CriResult, PodSandboxConfig } from '../../../../src/sim/node/cri/types';

export function setup(seed = 1, opts: Partial<RuntimeOptions> = {}) {
  const clock = new SimClock();
  const events: TraceEvent[] = [];
  const trace = (e: TraceInput) => events.push({ t: clock.now(), seq: events.length, ...e } as TraceEvent);
  const rt = new ContainerRuntime({ node: 'worker-1', podCIDR: '10.244.1.0/24', clock, rand: new Rand(seed).fork('cri/worker-1'), trace, ...opts });
  /** Makes a call and runs the clock until its callback fires. */
  function call<T>(start: (cb: CriCallback<T>) => void): CriResult<T> & { at: number } {
    let out: CriResult<T> | undefined;
    start((r) => (out = r));
    while (out === undefined && clock.step()) {
      /* run */
    }
    if (out === undefined) throw new Error('call never completed');
    return { ...out, at: clock.now() };
  }
  function ok<T>(start: (cb: CriCallback<T>) => void): T {
    const r = call(start);
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  }
  return { clock, events, rt, call, ok };
}

export function sandboxConfig(name: string, extra: Partial<PodSandboxConfig> = {}): PodSandboxConfig {
  return { metadata: { name, namespace: 'default', uid: `uid-${name}`, attempt: 0 }, ...extra };
}
