import { describe, expect, it } from 'vitest';
import type { ExecResult } from '../bridge/protocol';
import { ConsoleSession, type ConsoleBackend } from './session.svelte';

const backend = (exec: (script: string) => Promise<ExecResult>, extra: Partial<ConsoleBackend> = {}): ConsoleBackend => ({
  exec,
  interrupt: () => {},
  ...extra
});
const outputs = (session: ConsoleSession) => session.entries.map((e) => (e.kind === 'command' ? e.result?.output : e.text));

describe('ConsoleSession', () => {
  it('runs scripts one after another and records each result', async () => {
    const order: string[] = [];
    const session = new ConsoleSession(backend(async (script) => {
      order.push(`start ${script}`);
      await new Promise((r) => setTimeout(r, script === 'slow' ? 20 : 0));
      order.push(`end ${script}`);
      return { output: `ran ${script}\n`, exitCode: 0 };
    }));
    const slow = session.run('slow');
    const fast = session.run('fast');
    expect(session.entries.map((e) => e.kind === 'command' && [e.command, e.result])).toEqual([
      ['slow', undefined],
      ['fast', undefined]
    ]);
    await Promise.all([slow, fast]);
    expect(order).toEqual(['start slow', 'end slow', 'start fast', 'end fast']);
    expect(outputs(session)).toEqual(['ran slow\n', 'ran fast\n']);
  });

  it('turns a failed call into an error entry and keeps going', async () => {
    const session = new ConsoleSession(backend(async (script) => {
      if (script === 'boom') throw new Error('worker gone');
      return { output: 'ok\n', exitCode: 0 };
    }));
    expect(await session.run('boom')).toEqual({ output: 'error: worker gone', exitCode: 1 });
    expect((await session.run('next')).output).toBe('ok\n');
  });

  it('puts typed lines in the history, not lines run for other parts of the page', async () => {
    const session = new ConsoleSession(backend(async () => ({ output: '', exitCode: 0 })));
    await session.run('kubectl get pods');
    await session.run('kubectl apply -f - <<EOF\nkind: Pod\nEOF', 'editor');
    expect(session.history.entries).toEqual(['kubectl get pods']);
    const last = session.entries.at(-1);
    expect(last?.kind === 'command' && last.source).toBe('editor');
  });

  it('clear() drops finished entries only', async () => {
    let release = () => {};
    const session = new ConsoleSession(
      backend(
        (script) =>
          new Promise((resolve) => {
            if (script === 'wait') release = () => resolve({ output: '', exitCode: 0 });
            else resolve({ output: '', exitCode: 0 });
          })
      )
    );
    await session.run('done');
    const waiting = session.run('wait');
    await new Promise((r) => setTimeout(r, 0));
    session.clear();
    expect(session.entries.map((e) => e.kind === 'command' && e.command)).toEqual(['wait']);
    release();
    await waiting;
  });

  it('prints streamed output after the command, joining consecutive chunks', async () => {
    let emit = (_text: string) => {};
    const session = new ConsoleSession(
      backend(async () => ({ output: 'NAME   READY\nweb    0/1\n', exitCode: 0 }), {
        onOutput: (listener) => {
          emit = listener;
          return () => (emit = () => {});
        }
      })
    );
    await session.run('kubectl get pods -w');
    emit('web    1/1\n');
    emit('web    1/1\n');
    expect(outputs(session)).toEqual(['NAME   READY\nweb    0/1\n', 'web    1/1\nweb    1/1\n']);
    session.dispose();
    emit('after dispose\n');
    expect(session.entries).toHaveLength(2);
  });

  it('Ctrl-C interrupts the backend and prints ^C on its own line', async () => {
    let interrupts = 0;
    const session = new ConsoleSession(backend(async () => ({ output: '', exitCode: 0 }), { interrupt: () => void interrupts++ }));
    session.print('web    1/1');
    session.interrupt();
    expect(interrupts).toBe(1);
    expect(outputs(session)).toEqual(['web    1/1\n^C\n']);
  });
});
