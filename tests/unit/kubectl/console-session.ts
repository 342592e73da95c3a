/**
 * A booted default cluster (seed 1) and its console, for tests that drive kubectl as a user
 * types it: `run(line)` gives what the console printed and the line's exit code.
 */
import { expect } from 'vitest';
import { Cluster } from '../../../src/sim/cluster/cluster';
import { Console } from '../../../src/sim/cluster/console';

export async function consoleSession(workers = 2) {
  const cluster = new Cluster({ seed: 1, workers });
  expect(await cluster.waitForNodesReady()).toBe(true);
  const console = new Console(cluster);
  const run = async (line: string) => {
    const r = await console.exec(line);
    return { out: r.output, code: r.results[0]?.output.exitCode ?? r.exitCode };
  };
  return { cluster, console, run };
}
