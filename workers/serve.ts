// Shared by the component workers: wait for the cluster worker's init message, build the host, serve it.
import type { HostLink } from '../src/sim/cluster/messages';
import { serveHost } from '../src/sim/cluster/port-link';

export interface HostInit {
  type: 'init';
  name: string;
  seed: number;
  port: MessagePort;
}

export function serveWhenInitialised(build: (init: HostInit) => HostLink): void {
  self.addEventListener('message', (e: MessageEvent) => {
    const init = e.data as HostInit;
    if (init?.type === 'init') serveHost(build(init), init.port);
  });
}
