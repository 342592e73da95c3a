/**
 * The console's own API client (kubectl in the page or the CLI). It lives beside the conductor,
 * so its requests go straight into the next round instead of waiting for a step of its own.
 */
import { ClientHost } from './host';
import type { Envelope, HostMessage } from './messages';

export const CONSOLE_HOST = 'kubectl';

export class ConsoleHost extends ClientHost {
  #nextAsk = 1;
  #replies = new Map<number, (args: Record<string, unknown>) => void>();

  constructor(readonly post: (env: Envelope) => void) {
    super(CONSOLE_HOST);
    this.controls.set('reply', (args) => {
      const done = this.#replies.get(Number(args.id));
      this.#replies.delete(Number(args.id));
      done?.(args);
    });
  }

  /** Sends a control command to a host that answers with a `reply` control (`sim explain`). */
  ask(to: string, command: string, args: Record<string, unknown>, done: (reply: Record<string, unknown>) => void): void {
    const id = this.#nextAsk++;
    this.#replies.set(id, done);
    this.send(to, { type: 'control', command, args: { ...args, id, replyTo: this.name } });
  }

  override send(to: string, msg: HostMessage): void {
    this.post({ from: this.name, to, msg });
  }
}
