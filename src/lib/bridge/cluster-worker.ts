/**
 * The cluster worker's work, after its entry (workers/cluster.worker.ts) has started the thread:
 * the PlaygroundService over in-process hosts (its name says so: /embed), or over a worker per
 * component, which the entry starts (`new Worker(new URL(...))` stays there, where the build
 * resolves those URLs); the boot its name asks for; Comlink on the entry's buffered endpoint.
 */
import { expose, type Endpoint } from 'comlink';
import { parseClusterWorkerName } from './early-worker';
import { PlaygroundService } from './playground-service';
import { inProcessHosts, type HostKind } from '../../sim/cluster/cluster';
import { PortHostLink } from '../../sim/cluster/port-link';

export function serveCluster(name: string, endpoint: Endpoint, startHostWorker: (kind: HostKind, name: string) => Worker): void {
  const spawnHost = (kind: HostKind, hostName: string, seed: number) => {
    const worker = startHostWorker(kind, hostName);
    const channel = new MessageChannel();
    worker.postMessage({ type: 'init', name: hostName, seed, port: channel.port2 }, [channel.port2]);
    return new PortHostLink(hostName, channel.port1, () => {
      channel.port1.close();
      worker.terminate();
    });
  };
  const { singleWorker, preboot, play } = parseClusterWorkerName(name);
  const service = new PlaygroundService(singleWorker ? inProcessHosts : spawnHost);
  if (preboot) service.preboot(preboot, play);
  expose(service, endpoint);
}
