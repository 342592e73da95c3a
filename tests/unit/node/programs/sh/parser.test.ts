import { describe, expect, it } from 'vitest';
import { isBusyboxCommand, parseShell } from '../../../../../src/sim/node/programs/sh/index';

/** parseShell reports ash's syntax error wording, and accepts valid scripts. */
describe('parseShell', () => {
  const cases: { script: string; error?: string }[] = [
    { script: 'fi', error: 'sh: syntax error: unexpected "fi"' },
    { script: 'if true; then echo', error: 'sh: syntax error: unexpected end of file (expecting "fi")' },
    { script: 'while true; do echo; fi', error: 'sh: syntax error: unexpected "fi" (expecting "done")' },
    { script: 'echo "abc', error: 'sh: syntax error: unterminated quoted string' },
    { script: "echo 'abc", error: 'sh: syntax error: unterminated quoted string' },
    { script: '{ }', error: 'sh: syntax error: unexpected "}"' },
    { script: 'echo )', error: 'sh: syntax error: unexpected ")"' },
    { script: 'a && ', error: 'sh: syntax error: unexpected end of file' },
    { script: '; echo', error: 'sh: syntax error: unexpected ";"' },
    { script: 'echo ${', error: "sh: syntax error: missing '}'" },
    { script: 'echo ${a!b}', error: 'sh: syntax error: bad substitution' },
    { script: 'case x in', error: 'sh: syntax error: unexpected end of file (expecting "esac")' },
    { script: 'echo hi; sleep 5' },
    { script: 'f() { echo "$@"; }\nf a b | grep -c a && echo ok || echo no &' },
    { script: 'for i in 1 2; do case $i in 1) echo one;; *) ;; esac; done' },
    { script: 'cat <<EOF\n$(date)\nEOF\n' },
    { script: 'x=$((1 + (2 * 3))); [ "$x" -eq 7 ] && echo `echo ok`' },
    { script: '# comment only\n' },
    { script: '' }
  ];
  for (const c of cases) {
    it(JSON.stringify(c.script), () => {
      expect(parseShell(c.script)).toEqual(c.error ? { ok: false, error: c.error } : { ok: true });
    });
  }
});

describe('isBusyboxCommand', () => {
  const cases: [string, boolean][] = [['sh', true], ['/bin/sh', true], ['bash', true], ['sleep', true], ['/bin/cat', true], ['wget', true], ['nginx', false], ['/usr/bin/redis-server', false]];
  for (const [argv0, expected] of cases) it(argv0, () => expect(isBusyboxCommand(argv0)).toBe(expected));
});
