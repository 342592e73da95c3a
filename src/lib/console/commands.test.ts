// The console's Tab completion knows kubectl's commands and flags from a table the page can load
// cheaply (kubectl itself runs in the worker). This golden test derives that table from the real
// command specs, so the two cannot drift: after changing kubectl, rewrite it with
// `UPDATE_GOLDEN=1 npx vitest run src/lib/console/commands.test.ts`.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CommandSpec } from '../../sim/kubectl/command';
import { COMMANDS } from '../../sim/kubectl/kubectl';
import { SIM_HELP } from '../../sim/cluster/console';
import { KUBECTL_ARGS, SIM_COMMANDS, type CommandInfo, type SimCommand } from './complete';

const TABLE_FILE = new URL('./kubectl-commands.json', import.meta.url);

function derive(spec: CommandSpec): CommandInfo {
  return {
    name: spec.name,
    ...(spec.aliases?.length ? { aliases: [...spec.aliases] } : {}),
    flags: spec.flags.map((f) => ({ name: f.name, ...(f.short ? { short: f.short } : {}), ...(f.type === 'bool' || f.noOpt !== undefined ? {} : { value: true }) })),
    ...(spec.subcommands?.length ? { subcommands: spec.subcommands.map(derive) } : {})
  };
}

describe('the completion table', () => {
  it('lists exactly the commands, subcommands and flags kubectl has', () => {
    const derived = JSON.stringify(COMMANDS.map(derive), null, 1) + '\n';
    if (process.env.UPDATE_GOLDEN) writeFileSync(TABLE_FILE, derived);
    expect(readFileSync(TABLE_FILE, 'utf8')).toBe(derived);
  });

  it('gives arguments only to command paths kubectl has', () => {
    const paths = new Set<string>();
    const walk = (spec: CommandSpec, prefix: string) => {
      paths.add(prefix + spec.name);
      for (const s of spec.subcommands ?? []) walk(s, `${prefix}${spec.name} `);
    };
    for (const c of COMMANDS) walk(c, '');
    for (const path of Object.keys(KUBECTL_ARGS)) expect(paths, path).toContain(path);
  });

  it('offers only `sim` commands that `sim help` lists', () => {
    const walk = (cmd: SimCommand, path: string): string[] =>
      cmd.sub ? Object.entries(cmd.sub).flatMap(([word, sub]) => walk(sub, `${path} ${word}`)) : [path];
    for (const path of walk(SIM_COMMANDS, 'sim')) {
      // `sim node files ls` is listed as `sim node files ls NODE DIR | cat NODE PATH ...`.
      const words = path.split(' ');
      const listed = SIM_HELP.includes(path) || SIM_HELP.includes(`${words.slice(0, -1).join(' ')} ${words.at(-1)}|`) || new RegExp(`${words.slice(0, -1).join(' ')} [^\\n]*\\b${words.at(-1)}\\b`).test(SIM_HELP);
      expect(listed, path).toBe(true);
    }
  });
});
