/**
 * The command line as cobra/pflag parse it: command lookup, suggestions, flag syntax and the
 * error wording, help. Expected texts are kubectl v1.32's.
 */
import { describe, expect, test } from 'vitest';
import { bench } from './harness';
import { ROOT_HELP } from '../../../src/sim/kubectl/help';
import { parseFlags, FlagError } from '../../../src/sim/kubectl/flags';

describe('kubectl root', () => {
  test('no arguments prints the help', async () => {
    const r = await bench().run('kubectl');
    expect(r).toEqual({ stdout: ROOT_HELP, stderr: '', exitCode: 0 });
    expect(ROOT_HELP.split('\n')[0]).toBe('kubectl controls the Kubernetes cluster manager.');
  });

  test('--help, and global flags alone, print the help', async () => {
    const b = bench();
    expect((await b.run('kubectl --help')).stdout).toBe(ROOT_HELP);
    expect((await b.run('kubectl -n kube-system')).stdout).toBe(ROOT_HELP);
  });

  const unknown: [string, string][] = [
    ['gett', 'error: unknown command "gett" for "kubectl"\n\nDid you mean this?\n\tset\n\tget\n'],
    ['foo', 'error: unknown command "foo" for "kubectl"\n\nDid you mean this?\n\ttop\n'],
    ['ap', 'error: unknown command "ap" for "kubectl"\n\nDid you mean this?\n\ttop\n\tcp\n\tapply\n\tapi-versions\n\tapi-resources\n'],
    ['de', 'error: unknown command "de" for "kubectl"\n\nDid you mean this?\n\tset\n\tget\n\tdelete\n\tdescribe\n\tcp\n\tdebug\n'],
    ['descirbe', 'error: unknown command "descirbe" for "kubectl"\n\nDid you mean this?\n\tdescribe\n'],
    ['lables', 'error: unknown command "lables" for "kubectl"\n\nDid you mean this?\n\tlabel\n'],
    ['zzzzzzzz', 'error: unknown command "zzzzzzzz" for "kubectl"\n']
  ];
  test.each(unknown)('unknown command %s', async (cmd, want) => {
    const r = await bench().run(`kubectl ${cmd} pods`);
    expect(r).toEqual({ stdout: '', stderr: want, exitCode: 1 });
  });

  test('a global flag before the command', async () => {
    const b = bench();
    const r = await b.run('kubectl -n kube-system get ns default -o name');
    expect(r.stdout).toBe('namespace/default\n');
  });

  test('a real kubectl command this simulator lacks', async () => {
    const r = await bench().run('kubectl proxy');
    expect(r).toEqual({ stdout: '', stderr: 'error: "kubectl proxy" is not available in this simulator\n', exitCode: 1 });
  });
});

describe('flag errors', () => {
  const cases: [string, string][] = [
    ['get pods --foo', "error: unknown flag: --foo\nSee 'kubectl get --help' for usage.\n"],
    ['get pods -Z', "error: unknown shorthand flag: 'Z' in -Z\nSee 'kubectl get --help' for usage.\n"],
    ['get pods --namespace', "error: flag needs an argument: --namespace\nSee 'kubectl get --help' for usage.\n"],
    ['get pods -o', "error: flag needs an argument: 'o' in -o\nSee 'kubectl get --help' for usage.\n"],
    ['get pods -w=maybe', 'error: invalid argument "maybe" for "-w, --watch" flag: strconv.ParseBool: parsing "maybe": invalid syntax\nSee \'kubectl get --help\' for usage.\n'],
    ['scale deploy/x --replicas=abc', 'error: invalid argument "abc" for "--replicas" flag: strconv.ParseInt: parsing "abc": invalid syntax\nSee \'kubectl scale --help\' for usage.\n'],
    ['delete pod x --grace-period=x', 'error: invalid argument "x" for "--grace-period" flag: strconv.ParseInt: parsing "x": invalid syntax\nSee \'kubectl delete --help\' for usage.\n'],
    ['--foo', "error: unknown flag: --foo\nSee 'kubectl --help' for usage.\n"],
    ['-n', "error: flag needs an argument: 'n' in -n\nSee 'kubectl --help' for usage.\n"],
    ['scale deploy x', 'error: required flag(s) "replicas" not set\n'],
    ['create deployment x', 'error: required flag(s) "image" not set\n']
  ];
  test.each(cases)('kubectl %s', async (line, want) => {
    const r = await bench().run(`kubectl ${line}`);
    expect(r).toEqual({ stdout: '', stderr: want, exitCode: 1 });
  });
});

describe('parseFlags (pflag)', () => {
  const defs = [
    { name: 'output', short: 'o', type: 'string' as const },
    { name: 'all-namespaces', short: 'A', type: 'bool' as const },
    { name: 'watch', short: 'w', type: 'bool' as const },
    { name: 'filename', short: 'f', type: 'stringSlice' as const },
    { name: 'env', type: 'stringArray' as const },
    { name: 'dry-run', type: 'string' as const, def: 'none', noOpt: 'unchanged' }
  ];
  test('forms of values', () => {
    const p = parseFlags(['get', '-oyaml', 'pods', '-Aw', '-f', 'a.yaml,b.yaml', '-f=c.yaml', '--env', 'A=1', '--env=B=2,3', '--dry-run', 'x', '--', '-o', 'z'], defs);
    expect(p.values.get('output')).toBe('yaml');
    expect(p.values.get('all-namespaces')).toBe(true);
    expect(p.values.get('watch')).toBe(true);
    expect(p.values.get('filename')).toEqual(['a.yaml', 'b.yaml', 'c.yaml']);
    expect(p.values.get('env')).toEqual(['A=1', 'B=2,3']);
    expect(p.values.get('dry-run')).toBe('unchanged');
    expect(p.args).toEqual(['get', 'pods', 'x', '-o', 'z']);
    expect(p.dashAt).toBe(3);
  });
  test('--flag_name is normalised, the error keeps what was typed', () => {
    expect(parseFlags(['--all_namespaces'], defs).values.get('all-namespaces')).toBe(true);
    expect(() => parseFlags(['--no_such'], defs)).toThrow(new FlagError('unknown flag: --no_such'));
    expect(() => parseFlags(['---x'], defs)).toThrow(new FlagError('bad flag syntax: ---x'));
  });
});

describe('help', () => {
  test('kubectl get -h', async () => {
    const r = await bench().run('kubectl get -h');
    expect(r.exitCode).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('Display one or many resources.');
    expect(r.stdout).toContain(
      'Usage:\n  kubectl get [(-o|--output=)json|yaml|name|go-template|go-template-file|template|templatefile|jsonpath|jsonpath-as-json|jsonpath-file|custom-columns|custom-columns-file|wide] (TYPE[.VERSION][.GROUP] [NAME | -l label] | TYPE[.VERSION][.GROUP]/NAME ...) [flags] [options]\n'
    );
  });

  test('kubectl create secret (a command group) prints its help to stderr and fails', async () => {
    const r = await bench().run('kubectl create secret');
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Available Commands:\n  docker-registry   Create a secret for use with a Docker registry\n  generic           Create a secret from a local file, directory, or literal value\n  tls               Create a TLS secret\n');
    expect(r.stderr).toContain('Usage:\n  kubectl create secret (docker-registry | generic | tls) [options]\n');
  });

  test('kubectl create secret foo', async () => {
    const r = await bench().run('kubectl create secret foo');
    expect(r.stderr).toBe('error: unknown command "foo"\nSee \'kubectl create secret -h\' for help and examples\n');
  });
});
