import { describe, expect, it } from 'vitest';
import { invalidFieldMarkers, parseFieldPath, parseInvalidErrors } from './markers';

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: -1
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: a
          image: nginx
        - name: b
`;

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: p
  labels:
    "a b": c
spec:
  containers:
  - name: a
`;

describe('parseFieldPath', () => {
  it.each([
    ['spec.replicas', ['spec', 'replicas']],
    ['spec.template.spec.containers[1].image', ['spec', 'template', 'spec', 'containers', 1, 'image']],
    ['metadata.annotations[example.com/team]', ['metadata', 'annotations', 'example.com/team']],
    ['spec.ports[0]', ['spec', 'ports', 0]],
    ['', []]
  ])('%s', (path, parts) => expect(parseFieldPath(path)).toEqual(parts));
});

describe('parseInvalidErrors', () => {
  it('reads the one-error form with a single cause', () => {
    expect(parseInvalidErrors('The Pod "p" is invalid: spec.containers[0].image: Required value\n')).toEqual([
      { kind: 'Pod', name: 'p', causes: [{ field: 'spec.containers[0].image', message: 'Required value' }] }
    ]);
  });

  it('reads the one-error form with a list of causes', () => {
    const out = 'The Deployment "web" is invalid: \n* spec.replicas: Invalid value: -1: must be greater than or equal to 0\n* spec.template.spec.containers[1].image: Required value\n';
    expect(parseInvalidErrors(out)).toEqual([
      {
        kind: 'Deployment',
        name: 'web',
        causes: [
          { field: 'spec.replicas', message: 'Invalid value: -1: must be greater than or equal to 0' },
          { field: 'spec.template.spec.containers[1].image', message: 'Required value' }
        ]
      }
    ]);
  });

  it('reads the several-errors form, with commas inside a message', () => {
    const out =
      'deployment.apps/web created\n' +
      `Error from server (Invalid): error when creating "STDIN": Pod "p" is invalid: [metadata.labels: Invalid value: "a b": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'), spec.containers[0].image: Required value]\n` +
      'Error from server (Invalid): error when creating "STDIN": Deployment.apps "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0\n';
    const errors = parseInvalidErrors(out);
    expect(errors.map((e) => [e.kind, e.name, e.causes.map((c) => c.field)])).toEqual([
      ['Pod', 'p', ['metadata.labels', 'spec.containers[0].image']],
      ['Deployment', 'web', ['spec.replicas']]
    ]);
    expect(errors[0].causes[0].message).toMatch(/^Invalid value: "a b": name part must consist .* regex used for validation is '.*'\)$/);
  });

  it('ignores errors that are not Invalid', () => {
    expect(parseInvalidErrors('Error from server (NotFound): error when creating "STDIN": namespaces "x" not found\n')).toEqual([]);
  });
});

describe('invalidFieldMarkers', () => {
  it('marks a wrong value from its key to the end of the value, and a missing field on its parent', () => {
    const out = 'The Deployment "web" is invalid: \n* spec.replicas: Invalid value: -1: must be greater than or equal to 0\n* spec.template.spec.containers[1].image: Required value\n';
    expect(invalidFieldMarkers(DEPLOYMENT, out)).toEqual([
      { startLineNumber: 6, startColumn: 3, endLineNumber: 6, endColumn: 15, message: 'spec.replicas: Invalid value: -1: must be greater than or equal to 0' },
      // containers[1] is the `- name: b` item (line 18): the image it lacks is marked there.
      { startLineNumber: 18, startColumn: 11, endLineNumber: 18, endColumn: 18, message: 'spec.template.spec.containers[1].image: Required value' }
    ]);
  });

  it('finds each object in a multi-document file by kind and name, with offsets past the separators', () => {
    const text = `${DEPLOYMENT}---\n${POD}`;
    const out =
      'Error from server (Invalid): error when creating "STDIN": Deployment.apps "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0\n' +
      'Error from server (Invalid): error when creating "STDIN": Pod "p" is invalid: [metadata.labels: Invalid value: "a b": bad, spec.containers[0].image: Required value]\n';
    const markers = invalidFieldMarkers(text, out);
    expect(markers.map((m) => [m.startLineNumber, m.startColumn, m.message.split(':')[0]])).toEqual([
      [6, 3, 'spec.replicas'],
      [24, 3, 'metadata.labels'], // 18 lines of Deployment, `---`, then the Pod's line 5
      [28, 5, 'spec.containers[0].image'] // the `- name: a` item of a compact sequence
    ]);
  });

  it('marks a map key named in brackets', () => {
    const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  annotations:\n    example.com/team: x\n';
    const out = 'The ConfigMap "c" is invalid: metadata.annotations[example.com/team]: Invalid value: "x": bad\n';
    expect(invalidFieldMarkers(text, out)[0]).toMatchObject({ startLineNumber: 6, startColumn: 5, endLineNumber: 6, endColumn: 24 });
  });

  it('leaves out errors about objects the text does not hold', () => {
    expect(invalidFieldMarkers(POD, 'The Pod "other" is invalid: spec.containers[0].image: Required value\n')).toEqual([]);
  });
});
