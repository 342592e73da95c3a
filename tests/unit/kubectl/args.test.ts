import { describe, expect, test } from 'vitest';
import { splitArgs, ShellSyntaxError } from '../../../src/sim/kubectl/args';

describe('splitArgs', () => {
  const cases: [string, string, string[]][] = [
    ['blanks separate words', 'kubectl  get\tpods', ['kubectl', 'get', 'pods']],
    ['single quotes keep everything', `-o jsonpath='{.items[*].metadata.name}'`, ['-o', 'jsonpath={.items[*].metadata.name}']],
    ['single quotes keep backslashes', `echo 'a\\nb'`, ['echo', 'a\\nb']],
    ['double quotes keep \\n as two characters', `-o jsonpath="{range .items[*]}{.metadata.name}{'\\n'}{end}"`, ['-o', "jsonpath={range .items[*]}{.metadata.name}{'\\n'}{end}"]],
    ['double quotes: \\" and \\\\ are escapes', `"a \\"b\\" c\\\\"`, ['a "b" c\\']],
    ['double quotes: \\$ is an escape', `"\\$HOME"`, ['$HOME']],
    ['unquoted backslash escapes the next character', 'a\\ b c', ['a b', 'c']],
    ['backslash-newline joins lines', 'kubectl get \\\npods', ['kubectl', 'get', 'pods']],
    ['quotes join with neighbours', `--from-literal=k='a b'`, ['--from-literal=k=a b']],
    ['empty quotes are an empty argument', `a '' ""`, ['a', '', '']],
    ['comment at a word start', 'kubectl get pods # all of them', ['kubectl', 'get', 'pods']],
    ['# inside a word is kept', 'a#b', ['a#b']],
    ['-- passes through', 'kubectl run x --image=busybox -- sh -c "echo hi"', ['kubectl', 'run', 'x', '--image=busybox', '--', 'sh', '-c', 'echo hi']],
    ['nothing', '   ', []]
  ];
  test.each(cases)('%s', (_name, line, want) => {
    expect(splitArgs(line)).toEqual(want);
  });

  test('unterminated quotes are an error', () => {
    expect(() => splitArgs(`echo 'abc`)).toThrow(ShellSyntaxError);
    expect(() => splitArgs('echo "abc')).toThrow(ShellSyntaxError);
  });
});
