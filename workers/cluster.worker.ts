// The cluster worker's entry: small, so that it arrives and its thread starts at once (a worker's
// start waits for the page's main thread, busy with its first layout and hydration soon after);
// the thread then fetches and compiles the cluster's code itself (src/lib/bridge/cluster-worker.ts).
// The page's calls meanwhile wait in the buffered endpoint. Components run in a worker each (started
// here, where the build resolves their URLs), or inside this one when its name says so (/embed).
import { bufferedEndpoint } from '../src/lib/bridge/buffered-endpoint';
import type { HostKind } from '../src/sim/cluster/cluster';

function startHostWorker(kind: HostKind, name: string): Worker {
  if (kind === 'kube-apiserver') return new Worker(new URL('./apiserver.worker.ts', import.meta.url), { type: 'module', name });
  if (kind === 'kube-controller-manager') return new Worker(new URL('./controller-manager.worker.ts', import.meta.url), { type: 'module', name });
  if (kind === 'kube-scheduler') return new Worker(new URL('./scheduler.worker.ts', import.meta.url), { type: 'module', name });
  return new Worker(new URL('./kubelet.worker.ts', import.meta.url), { type: 'module', name });
}

const endpoint = bufferedEndpoint(self);
import('../src/lib/bridge/cluster-worker').then(
  ({ serveCluster }) => serveCluster(self.name, endpoint, startHostWorker),
  // A failed load is the worker's error (the page's Worker 'error' event), not a silent rejection.
  (err) => setTimeout(() => {
    throw err;
  })
);
