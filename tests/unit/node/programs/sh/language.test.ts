import { describe, expect, it } from 'vitest';
import { runScript } from './harness';

/** POSIX sh language as busybox ash runs it: output, stderr and exit status of small scripts. */
describe('sh language', () => {
  const cases: { name: string; script: string; out: string; err?: string; code?: number; files?: Record<string, string> }[] = [
    { name: 'quotes and escapes', script: `echo 'a  b' "c  d" e\\ f "\\$HOME" '$HOME'`, out: 'a  b c  d e f $HOME $HOME\n' },
    { name: 'field splitting of unquoted expansions', script: 'x="1  2 3"; for w in $x; do echo "[$w]"; done; echo "$x"', out: '[1]\n[2]\n[3]\n1  2 3\n' },
    { name: 'parameter expansions', script: 'echo ${U:-def} ${#HOME} ${HOME}x; echo ${A:=set} $A; unset A; echo ${A-unset} ${A+alt}; v=hello.tar.gz; echo ${v%%.*} ${v#*.} ${v%.gz}', out: 'def 5 /rootx\nset set\nunset\nhello tar.gz hello.tar\n' },
    { name: 'substrings, replacement and $RANDOM from the seeded stream', script: 'v=hello-world; echo ${v:6} ${v:0:5} ${v/o/0} ${v//o/0} $RANDOM', out: 'world hello hell0-world hell0-w0rld 16384\n' },
    { name: '${x:?} is fatal', script: 'echo ${NOPE:?must be set}; echo never', out: '', err: 'sh: NOPE: must be set\n', code: 2 },
    { name: 'special parameters', script: 'echo $$ $# $0; set -- a "b c"; echo $# $1; for x in "$@"; do echo "[$x]"; done; shift; echo $1', out: '1 0 sh\n2 a\n[a]\n[b c]\nb c\n' },
    { name: 'command substitution and backquotes', script: 'echo "$(echo one; echo two)" `echo three`; x=$(false); echo $?', out: 'one\ntwo three\n1\n' },
    { name: 'arithmetic', script: 'i=7; echo $((i/2)) $((i%3)) $((2<3)) $(( (1+2)*3 )) $((i+=1)) $i $((0x10)) $((-i))', out: '3 1 1 9 8 8 16 -8\n' },
    { name: 'divide by zero is fatal', script: 'echo $((1/0)); echo never', out: '', err: 'sh: divide by zero\n', code: 2 },
    { name: '&& || !', script: 'false || echo recovered; true && echo and; ! false && echo not; false && echo no; echo $?', out: 'recovered\nand\nnot\n1\n' },
    { name: 'if/elif/else', script: 'for n in 1 2 3; do if [ $n -eq 1 ]; then echo one; elif [ $n = 2 ]; then echo two; else echo other; fi; done', out: 'one\ntwo\nother\n' },
    { name: 'until, continue and break N', script: 'i=0; until [ $i -ge 3 ]; do i=$((i+1)); [ $i -eq 2 ] && continue; echo i=$i; done; for a in 1 2; do for b in 1 2; do [ $b = 2 ] && break 2; echo $a$b; done; done', out: 'i=1\ni=3\n11\n' },
    { name: 'case with globs, alternatives and quotes', script: 'for f in a.txt b.log c; do case $f in *.txt|*.md) echo "$f text";; *.log) echo "$f log";; *) echo "$f other";; esac; done; case "a b" in "a b") echo quoted;; esac', out: 'a.txt text\nb.log log\nc other\nquoted\n' },
    { name: 'functions, $#, return and local', script: 'f() { local y=in; echo "f: $# $1 $y"; return 4; }; y=out; f a b; echo $? $y', out: 'f: 2 a in\n4 out\n' },
    { name: 'subshell does not change the parent; group does', script: '(exit 4); echo $?; x=1; (x=2; echo in $x); echo $x; { x=3; }; echo $x', out: '4\nin 2\n1\n3\n' },
    { name: 'pipelines: read in a loop, exit status of the last command', script: 'printf "a\\nb\\n" | while read l; do echo got $l; done; echo x | false; echo $?; echo hi | read v; echo "[$v]"', out: 'got a\ngot b\n1\n[]\n' },
    { name: 'redirections', script: 'echo a > /tmp/f; echo b >> /tmp/f; cat < /tmp/f; echo err >&2; ls /nope 2>/dev/null; echo $?; ls /nope 2>&1 | grep -c nope', out: 'a\nb\n1\n1\n', err: 'err\n' },
    { name: 'redirection errors use ash wording', script: 'echo x > /no/dir/f; echo $?; cat < /nope; echo $?', out: '2\n2\n', err: "sh: can't create /no/dir/f: nonexistent directory\nsh: can't open /nope: no such file\n" },
    { name: 'here-documents expand unless the delimiter is quoted', script: "cat <<EOF\nhome=$HOME\nEOF\ncat <<'EOF'\nhome=$HOME\nEOF\ncat <<-EOF\n\tindented\n\tEOF", out: 'home=/root\nhome=$HOME\nindented\n' },
    { name: 'glob against the filesystem', script: 'ls /data/*; echo /data/*.log; echo /data/*.none', files: { '/data/a.log': '', '/data/b.log': '', '/data/c.txt': '' }, out: '/data/a.log\n/data/b.log\n/data/c.txt\n/data/a.log /data/b.log\n/data/*.none\n' },
    { name: 'command not found is 127', script: 'nosuch arg; echo $?; /app/run; echo $?', out: '127\n127\n', err: 'sh: nosuch: not found\nsh: /app/run: not found\n' },
    { name: 'set -e stops at the first failure outside conditions', script: 'set -e; if false; then :; fi; false || true; echo still; false; echo never', out: 'still\n', code: 1 },
    { name: 'exit codes wrap at 256', script: 'exit 257', out: '', code: 1 },
    { name: 'exit with no argument keeps $?', script: 'false; exit', out: '', code: 1 },
    { name: 'EXIT trap runs on exit and may set the status', script: 'trap "echo bye; exit 7" EXIT; echo hi; exit 1', out: 'hi\nbye\n', code: 7 },
    { name: 'export, env prefixes and nested sh', script: 'export GREETING=hi; LOCAL=1; sh -c \'echo $GREETING ${LOCAL:-unset} $0; exit 5\'; echo $?; X=pre printenv X', out: 'hi unset sh\n5\npre\n' },
    { name: 'eval and .', script: 'eval "echo \\$HOME; v=1"; echo $v; . /lib.sh; echo $fromlib', files: { '/lib.sh': 'fromlib=loaded\n' }, out: '/root\n1\nloaded\n' },
    { name: 'script files run with their arguments', script: '/app/run.sh one two; echo $?', files: { '/app/run.sh': '#!/bin/sh\necho "$0 $1 $#"\nexit 3\n' }, out: '/app/run.sh one 2\n3\n' },
    { name: 'set -x traces commands', script: 'set -x; echo a $HOME', out: 'a /root\n', err: '+ echo a /root\n' },
    { name: 'lines before a syntax error run (ash parses line by line)', script: 'trap "echo exit trap" EXIT\necho before\nfi\necho never', out: 'before\nexit trap\n', err: 'sh: syntax error: unexpected "fi"\n', code: 2 },
    { name: 'increment operators', script: 'i=1; echo $((i++)) $i $((++i)) $((i--)) $i', out: '1 2 3 3 2\n' },
    { name: 'a syntax error on the first line runs nothing', script: 'echo before; if true; then echo x', out: '', err: 'sh: syntax error: unexpected end of file (expecting "fi")\n', code: 2 }
  ];
  for (const c of cases) {
    it(c.name, () => {
      const r = runScript(c.script, { files: c.files });
      expect(r.out()).toBe(c.out);
      expect(r.err()).toBe(c.err ?? '');
      expect(r.trace.exit?.code).toBe(c.code ?? 0);
    });
  }
});
