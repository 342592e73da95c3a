import { describe, expect, it } from 'vitest';
import { applyScript, insideHeredoc, needsMoreInput } from './heredoc';
import { blockText } from './copy';
import { History } from './history';

describe('History', () => {
  it('walks back and forth and restores the draft', () => {
    const h = new History(['kubectl get nodes', 'kubectl get pods']);
    expect(h.up('kub')).toBe('kubectl get pods');
    expect(h.up('')).toBe('kubectl get nodes');
    expect(h.up('')).toBeUndefined();
    expect(h.down()).toBe('kubectl get pods');
    expect(h.down()).toBe('kub');
    expect(h.down()).toBeUndefined();
  });

  it('skips blanks and consecutive duplicates, and keeps the newest `limit` entries', () => {
    const h = new History([], 2);
    for (const line of ['a', 'a', '  ', 'b', 'c']) h.push(line);
    expect(h.entries).toEqual(['b', 'c']);
  });

  it('starts from the newest entry again after a push', () => {
    const h = new History(['a', 'b']);
    h.up('');
    h.up('');
    h.push('c');
    expect(h.up('')).toBe('c');
  });
});

describe('needsMoreInput', () => {
  const cases: [string, string, boolean][] = [
    ['a plain command', 'kubectl get pods', false],
    ['an open heredoc', 'kubectl apply -f - <<EOF\napiVersion: v1', true],
    ['a closed heredoc', 'kubectl apply -f - <<EOF\nkind: Pod\nEOF', false],
    ['a quoted delimiter', "cat <<'END'\nx\nEND", false],
    ['<<- strips leading tabs', 'cat <<-EOF\nx\n\tEOF', false],
    ['a delimiter that is only part of a line does not close', 'cat <<EOF\nEOF x', true],
    ['a second heredoc still open', 'a <<EOF\nx\nEOF\nb <<EOF\n', true],
    ['a trailing backslash', 'kubectl get \\', true],
    ['an escaped backslash', 'echo \\\\', false]
  ];
  for (const [name, text, want] of cases) it(name, () => expect(needsMoreInput(text)).toBe(want));
});

describe('insideHeredoc', () => {
  const script = 'kubectl apply -f - <<EOF\nkind: Pod\nspec:\nEOF\nkubectl get po';
  const at = (needle: string) => script.indexOf(needle) + needle.length;
  const cases: [string, number, boolean][] = [
    ['on the command line', at('<<EOF'), false],
    ['in the body', at('kind: Pod'), true],
    ['at the start of a body line', at('Pod\n'), true],
    ['on the closing line', at('spec:\nEO'), true],
    ['on the line after the heredoc', at('get po'), false]
  ];
  for (const [name, cursor, want] of cases) it(name, () => expect(insideHeredoc(script, cursor)).toBe(want));
});

describe('applyScript', () => {
  it('wraps a manifest in a heredoc', () => {
    expect(applyScript('kind: Pod\n')).toBe('kubectl apply -f - <<EOF\nkind: Pod\nEOF');
  });
  it('picks another delimiter when the manifest has an EOF line', () => {
    const script = applyScript('a: |\nEOF\n');
    expect(script.startsWith('kubectl apply -f - <<EOF1\n')).toBe(true);
    expect(needsMoreInput(script)).toBe(false);
  });
});

describe('blockText', () => {
  const cases: [string, string, string | undefined, string][] = [
    ['command and output', 'kubectl get ns', 'NAME      STATUS   AGE\ndefault   Active   1m\n', '$ kubectl get ns\nNAME      STATUS   AGE\ndefault   Active   1m\n'],
    ['a heredoc keeps its lines', 'kubectl apply -f - <<EOF\nkind: Pod\nEOF', 'pod/x created\n', '$ kubectl apply -f - <<EOF\nkind: Pod\nEOF\npod/x created\n'],
    ['still running', 'sim advance 5m', undefined, '$ sim advance 5m\n'],
    ['no output', 'sim advance 5s', '', '$ sim advance 5s\n']
  ];
  for (const [name, command, output, want] of cases) it(name, () => expect(blockText(command, output)).toBe(want));
});
