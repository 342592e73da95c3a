/**
 * Golden scenarios: each `cases/NAME.kubarium` script runs on a fresh default cluster (seed 1,
 * 2 workers), and the console output (commands echoed with `$ `) must equal `cases/NAME.out`.
 * After a deliberate change, rewrite the expected files with `UPDATE_GOLDEN=1 npx vitest run tests/scenario`.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { Cluster } from '../../src/sim/cluster/cluster';
import { Console } from '../../src/sim/cluster/console';

const dir = join(__dirname, 'cases');
const cases = readdirSync(dir).filter((f) => f.endsWith('.kubarium')).sort();

describe('golden scenarios', () => {
  it('has cases', () => expect(cases.length).toBeGreaterThan(0));
  for (const file of cases) {
    it(file, async () => {
      const script = readFileSync(join(dir, file), 'utf8');
      const cluster = new Cluster({ seed: 1, workers: 2 });
      expect(await cluster.waitForNodesReady()).toBe(true);
      const console = new Console(cluster, { echo: true, readFile: async (p) => readFileSync(join(dir, p), 'utf8') });
      const { output } = await console.exec(script);
      const expectedFile = join(dir, file.replace(/\.kubarium$/, '.out'));
      if (process.env.UPDATE_GOLDEN || !existsSync(expectedFile)) writeFileSync(expectedFile, output);
      expect(output).toBe(readFileSync(expectedFile, 'utf8'));
      // Long scenarios (18-hpa-behavior runs ~20 virtual minutes) take several seconds on a loaded machine.
    }, 60_000);
  }
});
