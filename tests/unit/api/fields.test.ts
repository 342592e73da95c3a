// Cases copied from upstream: staging/src/k8s.io/apimachinery/pkg/fields/selector_test.go,
// pkg/apis/core/v1/conversion.go (field label conversions) and the registry strategies'
// ToSelectableFields.
import { describe, expect, it } from 'vitest';
import type { Event, Node, Pod } from 'kubernetes-types/core/v1';
import {
  FieldSelectorError,
  type FieldSelector,
  type Fields,
  andSelectors,
  convertFieldSelector,
  escapeValue,
  everything,
  fieldsForObject,
  oneTermEqualSelector,
  parseFieldSelector,
  selectorFromSet,
  supportedFieldLabels,
  tryParseFieldSelector,
  unescapeValue,
  validateFieldSelector,
} from '../../../src/sim/api/fields';

describe('parseFieldSelector restring (upstream TestSelectorParse, TestDeterministicParse)', () => {
  const table: Array<[string, string]> = [
    ['x=a,y=b,z=c', 'x=a,y=b,z=c'],
    ['', ''],
    ['x!=a,y=b', 'x!=a,y=b'],
    ['x=a,a=x', 'a=x,x=a'],
    ['a=x,x=a', 'a=x,x=a'],
    ['x==a', 'x=a'],
    ['x=', 'x='],
    ['x=a\\,b', 'x=a\\,b'],
    ['x=a\\=b\\\\c', 'x=a\\=b\\\\c'],
    ['spec.nodeName=,status.phase!=Running', 'spec.nodeName=,status.phase!=Running'],
    ['metadata.name=a,,metadata.namespace=b', 'metadata.name=a,metadata.namespace=b'],
    ['=', ''], // a term whose field and value are both empty is dropped
    ['x=a,=', 'x=a'],
    [' x = a ', ' x = a '], // spaces are kept on both sides
  ];
  it.each(table)('%j -> %j', (input, want) => {
    expect(parseFieldSelector(input).toString()).toBe(want);
  });
});

describe('parseFieldSelector errors', () => {
  const table: Array<[string, string]> = [
    ['x=a||y=b', 'invalid field selector: unescaped character in value: 61'], // one term, value "a||y=b"
    ['x==a==b', 'invalid field selector: unescaped character in value: 61'],
    ['a', "invalid selector: 'a'; can't understand 'a'"],
    ['x=a=b', 'invalid field selector: unescaped character in value: 61'],
    ['x=a\\', 'invalid field selector: invalid escape sequence: \\'],
    ['x=a\\q', 'invalid field selector: invalid escape sequence: \\q'],
    ['x=a,b', "invalid selector: 'x=a,b'; can't understand 'b'"],
  ];
  it.each(table)('%j', (input, message) => {
    expect(() => parseFieldSelector(input)).toThrow(FieldSelectorError);
    expect(() => parseFieldSelector(input)).toThrow(message);
    expect(tryParseFieldSelector(input)).toBeUndefined();
  });
});

describe('matches (upstream TestSelectorMatches, TestOneTermEqualSelector, TestSetMatches)', () => {
  const labelset: Fields = { foo: 'bar', baz: 'blah' };
  const table: Array<[string, () => FieldSelector, Fields, boolean]> = [
    ['""', () => parseFieldSelector(''), { x: 'y' }, true],
    ['x=y', () => parseFieldSelector('x=y'), { x: 'y' }, true],
    ['x=y,z=w', () => parseFieldSelector('x=y,z=w'), { x: 'y', z: 'w' }, true],
    ['x!=y,z!=w', () => parseFieldSelector('x!=y,z!=w'), { x: 'z', z: 'a' }, true],
    ['notin=in', () => parseFieldSelector('notin=in'), { notin: 'in' }, true],
    ['x=y no', () => parseFieldSelector('x=y'), { x: 'z' }, false],
    ['x=y,z=w no', () => parseFieldSelector('x=y,z=w'), { x: 'w', z: 'w' }, false],
    ['x!=y,z!=w no', () => parseFieldSelector('x!=y,z!=w'), { x: 'z', z: 'w' }, false],
    ['foo=bar', () => parseFieldSelector('foo=bar'), labelset, true],
    ['baz=blah', () => parseFieldSelector('baz=blah'), labelset, true],
    ['foo=bar,baz=blah', () => parseFieldSelector('foo=bar,baz=blah'), labelset, true],
    ['foo=blah', () => parseFieldSelector('foo=blah'), labelset, false],
    ['baz=bar', () => parseFieldSelector('baz=bar'), labelset, false],
    ['foo=bar,foobar=bar,baz=blah', () => parseFieldSelector('foo=bar,foobar=bar,baz=blah'), labelset, false],
    ['missing field reads as ""', () => parseFieldSelector('spec.nodeName='), {}, true],
    ['missing field != x', () => parseFieldSelector('spec.nodeName!=n1'), {}, true],
    ['escaped comma', () => parseFieldSelector('a=x\\,y'), { a: 'x,y' }, true],
    ['escaped equals', () => parseFieldSelector('a=x\\=y'), { a: 'x=y' }, true],
    ['oneTermEqualSelector', () => oneTermEqualSelector('x', 'y'), { x: 'y' }, true],
    ['oneTermEqualSelector no', () => oneTermEqualSelector('x', 'y'), { x: 'z' }, false],
    ['set {}', () => selectorFromSet({}), labelset, true],
    ['set foo=bar', () => selectorFromSet({ foo: 'bar' }), labelset, true],
    ['set both', () => selectorFromSet({ foo: 'bar', baz: 'blah' }), labelset, true],
    ['set foo==blah', () => selectorFromSet({ foo: '=blah' }), labelset, false],
    ['set baz==bar', () => selectorFromSet({ baz: '=bar' }), labelset, false],
    ['set mixed', () => selectorFromSet({ foo: '=bar', foobar: 'bar', baz: 'blah' }), labelset, false],
    ['no prototype lookups', () => parseFieldSelector('toString='), {}, true],
  ];
  it.each(table)('%s', (_name, make, fields, want) => {
    expect(make().matches(fields)).toBe(want);
  });
});

describe('empty / requiresExactMatch (upstream TestSetIsEmpty, TestRequiresExactMatch)', () => {
  const table: Array<[string, () => FieldSelector, boolean, string, string | undefined]> = [
    // name, selector, empty, field, exact value
    ['everything', everything, true, 'test', undefined],
    ['nil set', () => selectorFromSet(undefined), true, 'test', undefined],
    ['empty set', () => selectorFromSet({}), true, 'test', undefined],
    ['empty hasTerm', () => oneTermEqualSelector('', ''), false, 'test', undefined],
    ['skipped hasTerm', () => oneTermEqualSelector('a', 'b'), false, 'test', undefined],
    ['valid hasTerm', () => oneTermEqualSelector('test', 'b'), false, 'test', 'b'],
    ['valid hasTerm no value', () => oneTermEqualSelector('test', ''), false, 'test', ''],
    ['valid notHasTerm', () => parseFieldSelector('test!=b'), false, 'test', undefined],
    ['nested andTerm', () => andSelectors(andSelectors()), true, 'test', undefined],
    ['nested andTerm matches', () => andSelectors(oneTermEqualSelector('test', 'b')), false, 'test', 'b'],
    ['andTerm with non-match', () => andSelectors(oneTermEqualSelector('', ''), oneTermEqualSelector('test', 'b')), false, 'test', 'b'],
  ];
  it.each(table)('%s', (_name, make, empty, field, value) => {
    const s = make();
    expect(s.empty()).toBe(empty);
    expect(s.requiresExactMatch(field)).toBe(value);
  });

  it('requirements()', () => {
    expect(parseFieldSelector('b!=2,a=1').requirements()).toEqual([
      { field: 'a', operator: '=', value: '1' },
      { field: 'b', operator: '!=', value: '2' },
    ]);
  });
});

describe('escapeValue / unescapeValue', () => {
  const table: Array<[string, string]> = [
    ['', ''],
    ['a', 'a'],
    ['=', '\\='],
    [',', '\\,'],
    ['\\', '\\\\'],
    ['\\=\\,\\', '\\\\\\=\\\\\\,\\\\'],
    ['a=b,c', 'a\\=b\\,c'],
  ];
  it.each(table)('%j <-> %j', (raw, escaped) => {
    expect(escapeValue(raw)).toBe(escaped);
    expect(unescapeValue(escaped)).toBe(raw);
  });
});

describe('validateFieldSelector (API server field label conversion)', () => {
  const table: Array<[string, string, string | undefined]> = [
    ['pods', 'spec.nodeName=n1', undefined],
    ['pods', 'metadata.name=a,metadata.namespace=b', undefined],
    ['pods', 'status.phase!=Running,spec.restartPolicy=Always', undefined],
    ['pods', 'spec.schedulerName=s,spec.serviceAccountName=sa,spec.hostNetwork=true', undefined],
    ['pods', 'status.podIP=1.2.3.4,status.podIPs=x,status.nominatedNodeName=n', undefined],
    ['pods', 'spec.host=n1', undefined],
    ['pods', 'spec.foo=bar', 'field label not supported: spec.foo'],
    ['pods', 'metadata.labels=x', 'field label not supported: metadata.labels'],
    ['pods', '=x', 'field label not supported: '],
    ['nodes', 'spec.unschedulable=true,metadata.name=n', undefined],
    ['nodes', 'metadata.namespace=x', 'field label not supported: metadata.namespace'],
    ['events', 'involvedObject.kind=Pod,involvedObject.name=p,involvedObject.namespace=d', undefined],
    ['events', 'involvedObject.uid=u,involvedObject.fieldPath=f,involvedObject.resourceVersion=1', undefined],
    ['events', 'involvedObject.apiVersion=v1,reason=Started,reportingComponent=kubelet,source=kubelet,type=Normal', undefined],
    ['events', 'metadata.name=e,metadata.namespace=default', undefined],
    ['events', 'message=x', 'field label not supported: message'],
    ['secrets', 'type=Opaque', undefined],
    ['secrets', 'data=x', 'field label not supported: data'],
    ['namespaces', 'status.phase=Active', undefined],
    ['namespaces', 'metadata.namespace=x', 'field label not supported: metadata.namespace'],
    ['services', 'spec.clusterIP=None,spec.type=ClusterIP', undefined],
    ['replicationcontrollers', 'status.replicas=1', undefined],
    ['jobs', 'status.successful=1', undefined],
    ['jobs', 'status.failed=1', 'field label "status.failed" not supported for batchv1.Job'],
    ['jobs.batch', 'status.successful=1', undefined],
    ['deployments', 'metadata.name=web', undefined],
    ['deployments', 'status.replicas=1', '"status.replicas" is not a known field selector: only "metadata.name", "metadata.namespace"'],
    ['configmaps', 'metadata.namespace=default', undefined],
    ['configmaps', 'data=x', '"data" is not a known field selector: only "metadata.name", "metadata.namespace"'],
    ['pods', '', undefined],
    ['pods', 'x=a\\', 'invalid field selector: invalid escape sequence: \\'],
  ];
  it.each(table)('%s %j', (resource, selector, want) => {
    expect(validateFieldSelector(resource, selector)).toBe(want);
    const parsed = tryParseFieldSelector(selector);
    if (parsed) expect(validateFieldSelector(resource, parsed)).toBe(want);
  });

  it('converts the legacy pod field spec.host to spec.nodeName', () => {
    expect(convertFieldSelector('pods', 'spec.host=n1').toString()).toBe('spec.nodeName=n1');
  });

  it('lists the supported labels', () => {
    expect(supportedFieldLabels('nodes')).toEqual(['metadata.name', 'spec.unschedulable']);
    expect(supportedFieldLabels('widgets.example.com')).toEqual(['metadata.name', 'metadata.namespace']);
  });
});

describe('fieldsForObject (registry ToSelectableFields)', () => {
  const pod: Pod = {
    metadata: { name: 'web-1', namespace: 'default' },
    spec: {
      nodeName: 'node-a',
      restartPolicy: 'Always',
      schedulerName: 'default-scheduler',
      serviceAccountName: 'default',
      hostNetwork: true,
      containers: [{ name: 'c', image: 'nginx' }],
    },
    status: { phase: 'Running', podIP: '10.0.0.9', podIPs: [{ ip: '10.0.0.9' }], nominatedNodeName: 'node-b' },
  };
  const node: Node = { metadata: { name: 'node-a' }, spec: { unschedulable: true } };
  const event: Event = {
    metadata: { name: 'web-1.abc', namespace: 'default' },
    involvedObject: {
      kind: 'Pod',
      name: 'web-1',
      namespace: 'default',
      uid: 'u-1',
      apiVersion: 'v1',
      resourceVersion: '42',
      fieldPath: 'spec.containers{c}',
    },
    reason: 'Started',
    reportingComponent: 'kubelet',
    type: 'Normal',
  };

  const table: Array<[string, string, unknown, Record<string, string>]> = [
    [
      'pod',
      'pods',
      pod,
      {
        'metadata.name': 'web-1',
        'metadata.namespace': 'default',
        'spec.nodeName': 'node-a',
        'spec.restartPolicy': 'Always',
        'spec.schedulerName': 'default-scheduler',
        'spec.serviceAccountName': 'default',
        'spec.hostNetwork': 'true',
        'status.phase': 'Running',
        'status.podIP': '10.0.0.9',
        'status.nominatedNodeName': 'node-b',
      },
    ],
    [
      'pending pod',
      'pods',
      { metadata: { name: 'p', namespace: 'ns' }, spec: { serviceAccount: 'legacy', containers: [] } },
      {
        'metadata.name': 'p',
        'metadata.namespace': 'ns',
        'spec.nodeName': '',
        'spec.restartPolicy': '',
        'spec.schedulerName': '',
        'spec.serviceAccountName': 'legacy',
        'spec.hostNetwork': 'false',
        'status.phase': '',
        'status.podIP': '',
        'status.nominatedNodeName': '',
      },
    ],
    ['node', 'nodes', node, { 'metadata.name': 'node-a', 'spec.unschedulable': 'true' }],
    ['schedulable node', 'nodes', { metadata: { name: 'n' } }, { 'metadata.name': 'n', 'spec.unschedulable': 'false' }],
    [
      'event',
      'events',
      event,
      {
        'metadata.name': 'web-1.abc',
        'metadata.namespace': 'default',
        'involvedObject.kind': 'Pod',
        'involvedObject.namespace': 'default',
        'involvedObject.name': 'web-1',
        'involvedObject.uid': 'u-1',
        'involvedObject.apiVersion': 'v1',
        'involvedObject.resourceVersion': '42',
        'involvedObject.fieldPath': 'spec.containers{c}',
        reason: 'Started',
        reportingComponent: 'kubelet',
        source: 'kubelet', // falls back to reportingComponent when source.component is empty
        type: 'Normal',
      },
    ],
    ['namespace', 'namespaces', { metadata: { name: 'dev' }, status: { phase: 'Active' } }, { 'metadata.name': 'dev', 'status.phase': 'Active' }],
    ['secret', 'secrets', { metadata: { name: 's', namespace: 'd' }, type: 'Opaque' }, { 'metadata.name': 's', 'metadata.namespace': 'd', type: 'Opaque' }],
    [
      'service',
      'services',
      { metadata: { name: 'svc', namespace: 'd' }, spec: { clusterIP: '10.96.0.10', type: 'ClusterIP' } },
      { 'metadata.name': 'svc', 'metadata.namespace': 'd', 'spec.clusterIP': '10.96.0.10', 'spec.type': 'ClusterIP' },
    ],
    ['rc', 'replicationcontrollers', { metadata: { name: 'r', namespace: 'd' }, status: { replicas: 3 } }, { 'metadata.name': 'r', 'metadata.namespace': 'd', 'status.replicas': '3' }],
    ['job', 'jobs', { metadata: { name: 'j', namespace: 'd' }, status: { succeeded: 2 } }, { 'metadata.name': 'j', 'metadata.namespace': 'd', 'status.successful': '2' }],
    ['job without status', 'jobs', { metadata: { name: 'j', namespace: 'd' } }, { 'metadata.name': 'j', 'metadata.namespace': 'd', 'status.successful': '0' }],
    ['deployment', 'deployments', { metadata: { name: 'web', namespace: 'd' }, spec: { replicas: 3 } }, { 'metadata.name': 'web', 'metadata.namespace': 'd' }],
    ['object without metadata', 'configmaps', {}, { 'metadata.name': '', 'metadata.namespace': '' }],
  ];
  it.each(table)('%s', (_name, resource, object, want) => {
    expect(fieldsForObject(resource, object)).toEqual(want);
  });

  const matching: Array<[string, string, unknown, boolean]> = [
    ['pods', 'spec.nodeName=node-a', pod, true],
    ['pods', 'spec.nodeName=', pod, false],
    ['pods', 'status.phase!=Running', pod, false],
    ['pods', 'status.podIPs=', pod, true], // accepted label, but not in the field set: always ""
    ['pods', 'metadata.namespace=default,metadata.name=web-1', pod, true],
    ['nodes', 'spec.unschedulable=true', node, true],
    ['events', 'involvedObject.name=web-1,type=Normal', event, true],
    ['events', 'involvedObject.kind=Node', event, false],
  ];
  it.each(matching)('%s %j', (resource, selector, object, want) => {
    const sel = convertFieldSelector(resource, selector);
    expect(sel.matches(fieldsForObject(resource, object))).toBe(want);
  });
});
