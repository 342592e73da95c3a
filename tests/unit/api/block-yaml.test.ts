import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { decodeBlockYAML } from '../../../src/sim/api/block-yaml';
import { kubeadmStaticPods } from '../../../src/sim/cluster/kubeadm-manifests';
import { staticPodFromManifest } from '../../../src/sim/kubelet/config/file';

/** decodeBlockYAML answers YAML.parse's value, or nothing (the caller then parses with the library). */
function agrees(text: string): 'decoded' | 'left to the library' {
  const fast = decodeBlockYAML(text);
  if (fast === undefined) return 'left to the library';
  expect(fast).toStrictEqual(YAML.parse(text));
  // The same keys in the same order (a pod's JSON, and so its config hash, depends on it).
  expect(JSON.stringify(fast)).toBe(JSON.stringify(YAML.parse(text)));
  return 'decoded';
}

describe('decodeBlockYAML', () => {
  it("decodes kubeadm's four static pod manifests as the YAML library does", () => {
    for (const o of [
      { nodeName: 'control-plane', advertiseAddress: '172.18.0.2' },
      { nodeName: 'cp-1', advertiseAddress: '10.0.0.9', serviceSubnet: '10.100.0.0/16', podSubnet: '10.0.0.0/8' }
    ]) {
      for (const [file, text] of Object.entries(kubeadmStaticPods(o))) expect([file, agrees(text)]).toEqual([file, 'decoded']);
    }
  });

  const cases: [string, string, 'decoded' | 'left to the library'][] = [
    ['nested maps and a sequence at the key’s indent', 'a:\n  b: 1\n  c:\n  - x\n  - y: 2\n    z: true\nd: ~\n', 'decoded'],
    ['a sequence indented under its key', 'a:\n  - 1\n  - -2\n  - +3\n  - 007\n', 'decoded'],
    ['empty values are null; {} and [] are empty', 'a:\nb: {}\nc: []\nd: null\ne: Null\n', 'decoded'],
    ['core-schema booleans; YAML 1.1 words stay strings', 'a: true\nb: False\nc: TRUE\nd: yes\ne: off\n', 'decoded'],
    ['URLs, flags, quantities and dates are strings', 'a: https://10.0.0.1:6443\nb: --x=y,z\nc: 250m\nd: 2024-01-02\ne: 1.2.3\nf: 1_000\n', 'decoded'],
    ['a value after a nested sequence item mapping', '- name: a\n  args:\n  - x\n  image: y\n- name: b\n', 'left to the library'],
    ['floats, hex, octal, infinities', 'a: 1.5\nb: 0x1F\nc: 0o17\nd: .inf\ne: 1e3\n', 'left to the library'],
    ['quoted strings', 'a: "1"\n', 'left to the library'],
    ['comments', 'a: 1 # one\n', 'left to the library'],
    ['flow collections', 'a: [1, 2]\n', 'left to the library'],
    ['block scalars', 'a: |\n  x\n', 'left to the library'],
    ['a multi-line plain scalar', 'a: x\n  y\n', 'left to the library'],
    ['duplicate keys', 'a: 1\na: 2\n', 'left to the library'],
    ['several documents', 'a: 1\n---\nb: 2\n', 'left to the library'],
    ['tabs', 'a:\n\tb: 1\n', 'left to the library'],
    ['a key of another type', 'true: 1\n', 'left to the library'],
    ['an integer beyond 2^53', 'a: 9007199254740993\n', 'left to the library'],
    ['a nested mapping in a plain scalar', 'a: b: c\n', 'left to the library'],
    ['an empty file', '\n', 'left to the library']
  ];
  for (const [name, text, expected] of cases) it(name, () => expect(agrees(text)).toBe(expected));

  it('agrees with YAML.parse on what YAML.stringify writes (generated objects)', () => {
    let state = 12345;
    const next = (n: number) => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) % n);
    const words = ['a[0]', '--controllers=*,x', 'a{b}', 'x!y', '*', '[x]', '{}', '[]', '!t', '&a', '%d', '@x', '|', '>', '?x', ':x', ',x', 'a', 'name', 'x-y', 'true', 'null', '1', '-1', '1.5', 'https://k8s.io:443/x', '--flag=a,b', '~', '', 'a b', 'a: b', '#x', '- y', '0x10', '250m', 'yes'];
    const value = (depth: number): unknown => {
      const k = next(depth > 2 ? 4 : 7);
      if (k === 0) return words[next(words.length)];
      if (k === 1) return next(5000) - 2500;
      if (k === 2) return next(2) === 0;
      if (k === 3) return null;
      if (k === 4) return Array.from({ length: next(4) }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: 1 + next(4) }, (_, i) => [`${['k', 'spec', 'x.y/z', 'a-b'][next(4)]}${i}`, value(depth + 1)]));
    };
    let decoded = 0;
    for (let i = 0; i < 300; i++) {
      const doc = Object.fromEntries(Array.from({ length: 1 + next(5) }, (_, j) => [`key${j}`, value(0)]));
      if (agrees(YAML.stringify(doc)) === 'decoded') decoded++;
    }
    // Most generated documents are plain enough for the fast path.
    expect(decoded).toBeGreaterThan(50);
  });

  it('a static pod from a manifest is the same whichever way it was decoded', () => {
    const text = kubeadmStaticPods({ nodeName: 'control-plane', advertiseAddress: '172.18.0.2' })['etcd.yaml'];
    const fast = staticPodFromManifest(text, '/etc/kubernetes/manifests/etcd.yaml', 'control-plane', 1000);
    // A comment sends the same manifest through the YAML library.
    const slow = staticPodFromManifest(`# kubeadm\n${text}`, '/etc/kubernetes/manifests/etcd.yaml', 'control-plane', 1000);
    expect(fast).toEqual(slow);
    expect(fast.ok && fast.pod.metadata.uid).toMatch(/^[0-9a-f]{32}$/);
  });
});
