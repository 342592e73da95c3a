/**
 * Running a scenario (scenario.ts) on an in-process cluster: boot its cluster, and the Console as
 * the ScenarioShell its checks (scenario-check.ts) run in. The CLI and the tests use it.
 */
import { Cluster, type HostFactory } from './cluster';
import { Console } from './console';
import { clusterConfigOf, type Scenario } from './scenario';
import type { ScenarioShell } from './scenario-check';

/** The console as a ScenarioShell. */
export function consoleShell(console: Console): ScenarioShell {
  return {
    exec: async (script) => {
      const r = await console.exec(script);
      return { output: r.output, exitCode: r.exitCode };
    },
    advance: (ms) => console.cluster.advance(ms)
  };
}

/** Boots the scenario's cluster and runs it until every node is Ready (`ready` false when one never is: a lesson may start broken). */
export async function bootScenario(scenario: Scenario, hostFactory?: HostFactory): Promise<{ cluster: Cluster; ready: boolean }> {
  const cluster = new Cluster(clusterConfigOf(scenario.cluster), hostFactory);
  const ready = await cluster.waitForNodesReady();
  return { cluster, ready };
}
