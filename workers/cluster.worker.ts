// The cluster worker: the conductor, the console and the page's API; components run in their own
// workers, or in this one when its name says so (/embed: one worker starts and compiles instead of
// five; the conductor's fixed order makes both modes run the same), which may also say to boot at once (and to play).
import { expose } from 'comlink';
import { parseClusterWorkerName } from '../src/lib/bridge/early-worker';
import { PlaygroundService } from '../src/lib/bridge/playground-service';
import { inProcessHosts, type HostKind } from '../src/sim/cluster/cluster';
import { PortHostLink } from '../src/sim/cluster/port-link';

function spawnHost(kind: HostKind, name: string, seed: number) {
  const worker =
    kind === 'kube-apiserver'
      ? new Worker(new URL('./apiserver.worker.ts', import.meta.url), { type: 'module', name })
      : kind === 'kube-controller-manager'
        ? new Worker(new URL('./controller-manager.worker.ts', import.meta.url), { type: 'module', name })
        : kind === 'kube-scheduler'
          ? new Worker(new URL('./scheduler.worker.ts', import.meta.url), { type: 'module', name })
          : new Worker(new URL('./kubelet.worker.ts', import.meta.url), { type: 'module', name });
  const channel = new MessageChannel();
  worker.postMessage({ type: 'init', name, seed, port: channel.port2 }, [channel.port2]);
  return new PortHostLink(name, channel.port1, () => {
    channel.port1.close();
    worker.terminate();
  });
}

const { singleWorker, preboot, play } = parseClusterWorkerName(self.name);
const service = new PlaygroundService(singleWorker ? inProcessHosts : spawnHost);
if (preboot) service.preboot(preboot, play);
expose(service);
