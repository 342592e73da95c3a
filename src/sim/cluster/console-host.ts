/**
 * The console's own API client (kubectl in the page or the CLI). It lives beside the conductor,
 * so its requests go straight into the next round instead of waiting for a step of its own.
 */
import { ClientHost } from './host';
import type { Envelope, HostMessage } from './messages';

export const CONSOLE_HOST = 'kubectl';

export class ConsoleHost extends ClientHost {
  readonly awaited = true;

  constructor(readonly post: (env: Envelope) => void) {
    super(CONSOLE_HOST);
  }

  override send(to: string, msg: HostMessage): void {
    this.post({ from: this.name, to, msg });
  }
}
