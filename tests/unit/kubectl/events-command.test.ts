/**
 * kubectl events: sorted by time, OBJECT as Kind/name, repeats as `49s (x4 over 119s)`, --for and
 * --types filters. upstream: staging/src/k8s.io/kubectl/pkg/cmd/events (events.go, event_printer.go).
 */
import { describe, expect, it } from 'vitest';
import { consoleSession } from './console-session';

describe('kubectl events', async () => {
  const { run } = await consoleSession();
  await run('kubectl run web --image=nginx');
  await run('kubectl run bad --image=nginx:nope');
  await run('sim advance 2m');

  it('--for a pod: its events in time order, repeats counted over their span', async () => {
    const lines = (await run('kubectl events --for pod/bad')).out.split('\n');
    expect(lines[0]).toMatch(/^LAST SEEN\s+TYPE\s+REASON\s+OBJECT\s+MESSAGE$/);
    expect(lines[1]).toMatch(/^2m\s+Normal\s+Scheduled\s+Pod\/bad\s+Successfully assigned default\/bad to worker-\d$/);
    // The kubelet may write 25 events about a pod, then one per 5 minutes (client-go's spam filter):
    // its 25th write was the 4th pull's failure (49s ago); the back-offs after it were counted, not written.
    expect(lines.slice(2, 7).map((l) => l.replace(/\s+/g, ' ').split(' Pod/bad '))).toEqual([
      ['89s (x3 over 119s) Warning Failed', 'Error: ErrImagePull'],
      ['89s (x7 over 119s) Normal BackOff', 'Back-off pulling image "nginx:nope"'],
      ['89s (x7 over 119s) Warning Failed', 'Error: ImagePullBackOff'],
      ['49s (x4 over 2m) Normal Pulling', 'Pulling image "nginx:nope"'],
      ['49s (x4 over 119s) Warning Failed', expect.stringMatching(/^Failed to pull image "nginx:nope": rpc error/)]
    ]);
    expect(lines).toHaveLength(8);
  });

  it('--types=Warning across namespaces, with a NAMESPACE column', async () => {
    const out = (await run('kubectl events -A --types=warning')).out;
    expect(out.split('\n')[0]).toMatch(/^NAMESPACE\s+LAST SEEN\s+TYPE/);
    expect(out.trim().split('\n').slice(1).every((l) => /^default\s+\S+ \(x\d+ over \d+s\)\s+Warning\s+Failed\s+Pod\/bad\s/.test(l))).toBe(true);
  });

  it('the whole namespace sorted by last time: node boot first, the last pull failure written last', async () => {
    const lines = (await run('kubectl events')).out.trim().split('\n');
    expect(lines[1]).toMatch(/Starting\s+Node\/control-plane\s+Starting kubelet\.$/);
    expect(lines.at(-1)).toMatch(/^49s \(x4 over 119s\)\s+Warning\s+Failed\s+Pod\/bad\s+Failed to pull image "nginx:nope": /);
    expect(lines.some((l) => /Started\s+Pod\/web\s+Started container web$/.test(l))).toBe(true);
  });

  it('says what kubectl says for nothing found and for bad flags', async () => {
    expect(await run('kubectl events -n kube-public')).toEqual({ out: 'No events found in kube-public namespace.\n', code: 0 });
    expect(await run('kubectl events --types=Error')).toEqual({ out: 'error: valid --types are Normal or Warning\n', code: 1 });
    expect(await run('kubectl events --for bad')).toEqual({ out: 'error: --for must be in resource/name form\n', code: 1 });
    expect((await run('kubectl events --for pod/bad -o name')).out).toMatch(/^(event\/bad\.[0-9a-f]+\n){6}$/);
  });
});
