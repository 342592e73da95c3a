/**
 * What all the shells of one process share: the main shell, its subshells, `$(...)` and
 * background jobs see the same job table, pending signals, listening ports and loop guard.
 *
 * Upstream: busybox shell/ash.c (jobtab, pending_sig, gotsig).
 */

import type { HttpResponse, ProcessContext } from '../process';
import type { Job } from './types';

export class ProcState {
  /** Background jobs of every shell in the process, stepped by the scheduler. */
  jobs: Job[] = [];
  /** Trapped signals delivered to PID 1 and not yet handled ("TERM"). */
  pending: string[] = [];
  /** TCP ports applets listen on now (`nc -l -p 8080`). */
  listening = new Set<number>();
  /** Who answers HTTP on a port: busybox httpd, or `nc -l` with a canned response on stdin. */
  httpServers = new Map<number, (path: string) => HttpResponse>();
  /** Commands run since the process last waited (the loop guard). */
  work = 0;
  private nextPid: number;

  constructor(
    readonly ctx: ProcessContext,
    /** `$$`: 1 when the shell is the container's main process. */
    readonly pid: number
  ) {
    this.nextPid = pid + 6;
  }

  allocPid(): number {
    return this.nextPid++;
  }
}
