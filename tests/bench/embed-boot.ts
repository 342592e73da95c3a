// The cluster worker's work before /embed's first frame, in Node (CDP's CPU throttling does not
// reach workers): the default cluster's boot in a PlaygroundService (wall and CPU time; the first
// run in a process is the cold one a fresh worker does) and its first reset message.
// Usage: node tests/bench/bundle.mjs tests/bench/embed-boot.ts [RUNS]
import { PlaygroundService } from '../../src/lib/bridge/playground-service';
import { inProcessHosts } from '../../src/sim/cluster/cluster';

const runs = Number(process.argv[2] ?? 5);
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const service = new PlaygroundService(inProcessHosts);
  const status = await service.boot({ seed: 1, workers: 2 });
  const t1 = performance.now();
  const cpu = process.cpuUsage(cpu0);
  const { port1, port2 } = new MessageChannel();
  let bytes = 0;
  port2.onmessage = (e) => {
    bytes = JSON.stringify(e.data).length;
  };
  service.connect(port1);
  const t2 = performance.now();
  await new Promise((r) => setTimeout(r, 20));
  console.log(`boot ${(t1 - t0).toFixed(1)} ms wall, ${((cpu.user + cpu.system) / 1000).toFixed(1)} ms CPU (virtual ${status.t} ms), reset ${(t2 - t1).toFixed(1)} ms, ${bytes} chars`);
  port1.close();
  port2.close();
}
