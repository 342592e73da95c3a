/**
 * systemd's kubelet.service on a node, as kubeadm installs it: `Restart=always` and
 * `RestartSec=10` (kubeadm's kubelet.service / 10-kubeadm.conf drop-in). A kubelet that exits
 * (an invalid configuration, swap on) is started again every 10 s, and fails again until the
 * cause is fixed. Its lines go to the node's journal under systemd[1].
 * upstream: kubernetes/release cmd/krel/templates/latest/kubelet/kubelet.service,
 * systemd src/core/service.c (service_enter_restart "Scheduled restart job, restart counter is at %u.").
 */
import type { SimClock, TimerId } from '../../kernel/clock';
import type { Journal } from './journal';

const UNIT = 'kubelet.service';
const DESCRIPTION = 'kubelet.service - kubelet: The Kubernetes Node Agent';
/** RestartSec=10 */
export const RESTART_SEC_MS = 10_000;

export class KubeletService {
  #restarts = 0;
  #restartTimer?: TimerId;
  #active = false;
  #nextPid: number;

  constructor(
    readonly journal: Journal,
    readonly clock: SimClock,
    firstPid = 700
  ) {
    this.#nextPid = firstPid;
  }

  get active(): boolean {
    return this.#active;
  }

  get restartCounter(): number {
    return this.#restarts;
  }

  #log(text: string): void {
    this.journal.append({ t: this.clock.now(), ident: 'systemd', pid: 1, text });
  }

  /** The main process starts; returns its PID. `manual`: systemctl start/restart (resets the restart counter). */
  started(manual: boolean): number {
    this.clock.cancel(this.#restartTimer);
    this.#restartTimer = undefined;
    if (manual) this.#restarts = 0;
    this.#active = true;
    this.#log(`Started ${DESCRIPTION}.`);
    // PIDs grow with every process the node runs; deterministic, never drawn from the seed.
    const pid = this.#nextPid;
    this.#nextPid += 17;
    return pid;
  }

  /** The main process exited with `status`: systemd schedules a restart RestartSec later. */
  exited(status: number, restart: () => void): void {
    this.#active = false;
    this.#log(`${UNIT}: Main process exited, code=exited, status=${status}/FAILURE`);
    this.#log(`${UNIT}: Failed with result 'exit-code'.`);
    this.clock.cancel(this.#restartTimer);
    this.#restartTimer = this.clock.after(RESTART_SEC_MS, () => {
      this.#restartTimer = undefined;
      this.#restarts++;
      this.#log(`${UNIT}: Scheduled restart job, restart counter is at ${this.#restarts}.`);
      this.#log(`Stopped ${DESCRIPTION}.`);
      restart();
    });
  }

  /** systemctl stop: a pending restart is cancelled; a running kubelet is stopped. */
  stopping(): void {
    const pending = this.#restartTimer !== undefined;
    this.clock.cancel(this.#restartTimer);
    this.#restartTimer = undefined;
    if (!this.#active && !pending) return;
    if (this.#active) {
      this.#log(`Stopping ${DESCRIPTION}...`);
      this.#log(`${UNIT}: Deactivated successfully.`);
    }
    this.#active = false;
    this.#log(`Stopped ${DESCRIPTION}.`);
  }

  /** The machine loses power: no lines, nothing pending. */
  powerLost(): void {
    this.clock.cancel(this.#restartTimer);
    this.#restartTimer = undefined;
    this.#active = false;
  }
}
