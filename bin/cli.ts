/**
 * `npx kubarium [--workers N] [--seed N] [--strict] [--echo] [SCRIPT | -]`: boots the default
 * cluster in-process, waits until every node is Ready, then runs the script's lines in order and
 * prints each command's output as the console shows it (the CLI contract in ARCHITECTURE.md).
 */
import { readFile } from 'node:fs/promises';
import { Cluster } from '../src/sim/cluster/cluster';
import { Console } from '../src/sim/cluster/console';

const USAGE = `Usage: kubarium [--workers N] [--seed N] [--strict] [--echo] [SCRIPT | -]
       kubarium run FILE | lesson:ID | -    (a scenario with checks; kubarium run --help)

Boots a simulated Kubernetes v1.32 cluster (control-plane + N workers), waits until every node
is Ready, then runs the script's lines: kubectl ... (alias k) and sim ... (see "sim help").
With no SCRIPT (or "-"), the script is read from standard input.
  --workers N   number of worker nodes (default 2)
  --seed N      seed of the simulation (default 1): same seed, same run
  --strict      stop at the first failing line with a non-zero exit
  --echo        print each command, prefixed with "$ ", before its output
`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'run') {
    const { runCommand } = await import('./run-scenario');
    return runCommand(argv.slice(1), { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) });
  }
  let workers = 2;
  let seed = 1;
  let strict = false;
  let echo = false;
  let file: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? a.split(/=(.*)/s) : [a, undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--workers') workers = Number(value());
    else if (flag === '--seed') seed = Number(value());
    else if (flag === '--strict') strict = true;
    else if (flag === '--echo') echo = true;
    else if (flag === '-h' || flag === '--help') {
      process.stdout.write(USAGE);
      return 0;
    } else if (!a.startsWith('--') || a === '-') file = a;
    else {
      process.stderr.write(`kubarium: unknown flag ${a}\n${USAGE}`);
      return 2;
    }
  }
  if (!Number.isInteger(workers) || workers < 0) {
    process.stderr.write('kubarium: --workers must be a whole number\n');
    return 2;
  }
  const script = file === undefined || file === '-' ? await readStdin() : await readFile(file, 'utf8');
  const cluster = new Cluster({ seed, workers });
  const ready = await cluster.waitForNodesReady();
  if (!ready) {
    process.stderr.write('kubarium: the nodes did not become Ready\n');
    return 1;
  }
  const console = new Console(cluster, { readFile: (p) => readFile(p, 'utf8'), echo });
  const { parseScript } = await import('../src/sim/cluster/script');
  let exitCode = 0;
  for (const cmd of parseScript(script)) {
    // Inside `kubectl exec -it POD -- sh` the container shell's prompt (`/ # `) stands before the line.
    const prompt = console.prompt ?? '$ ';
    const out = await console.run(cmd);
    if (echo) process.stdout.write(`${prompt}${cmd.line}\n`);
    if (out.segments) for (const s of out.segments) (s.stream === 'stdout' ? process.stdout : process.stderr).write(s.text);
    else {
      process.stdout.write(out.stdout);
      process.stderr.write(out.stderr);
    }
    // Like a shell script without `set -e`: the exit status is the last command's.
    exitCode = out.exitCode;
    if (out.exitCode !== 0 && strict) return 1;
  }
  return exitCode;
}
