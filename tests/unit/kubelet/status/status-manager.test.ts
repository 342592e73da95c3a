/**
 * The status manager's entries as the probe workers hold them: `cell(uid).status` is what
 * `get(uid)` answers while the pod is known; forgetting the pod empties the entry a worker still
 * holds, so the worker falls back to a lookup and finds the status set afterwards.
 */
import { describe, expect, it } from 'vitest';
import type { Client } from '../../../../src/sim/client/client';
import { StatusManager } from '../../../../src/sim/kubelet/status/status-manager';

const pod = { metadata: { namespace: 'default', name: 'web', uid: 'uid-1' } };
const running = { phase: 'Running', podIP: '10.244.1.2' };
const failed = { phase: 'Failed' };

describe('status manager entries', () => {
  it('an entry taken before any status follows every status set, and is emptied when the pod is forgotten', () => {
    const m = new StatusManager({} as Client, 'worker-1', () => {});
    const cell = m.cell('uid-1');
    expect(cell.status).toBeUndefined();
    expect(m.get('uid-1')).toBeUndefined();
    m.setPodStatus(pod, running, false);
    expect(cell.status).toBe(running);
    expect(m.cell('uid-1')).toBe(cell);
    m.setPodStatus(pod, failed, false);
    expect(cell.status).toBe(failed);
    expect(m.get('uid-1')).toBe(failed);
    m.forget('uid-1');
    expect(cell.status).toBeUndefined();
    expect(m.get('uid-1')).toBeUndefined();
    // A status set again (a static pod back with the same UID) lives in a new entry.
    m.setPodStatus(pod, running, false);
    expect(cell.status).toBeUndefined();
    expect(m.get('uid-1')).toBe(running);
    expect(m.cell('uid-1').status).toBe(running);
  });
});
