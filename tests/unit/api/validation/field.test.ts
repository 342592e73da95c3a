// Field errors as upstream prints them.
// upstream: staging/src/k8s.io/apimachinery/pkg/util/validation/field/{errors,path}_test.go,
//           staging/src/k8s.io/apimachinery/pkg/api/errors/errors.go NewInvalid,
//           staging/src/k8s.io/kubectl/pkg/cmd/util/helpers.go checkErr/MultilineError.
import { describe, expect, it } from 'vitest';
import {
  duplicate,
  errorBody,
  errorString,
  forbidden,
  goQuote,
  goRepr,
  internalError,
  invalid,
  invalidMessage,
  notFound,
  notSupported,
  path,
  required,
  statusMessage,
  toStatusCauses,
  tooLong,
  tooMany,
  type FieldError
} from '../../../../src/sim/api/validation/field';

describe('Path', () => {
  const cases: [string, string][] = [
    [path('spec').child('containers').index(0).child('image').toString(), 'spec.containers[0].image'],
    [path('spec', 'template', 'metadata', 'labels').toString(), 'spec.template.metadata.labels'],
    [path('spec').child('resources').key('cpu').toString(), 'spec.resources[cpu]'],
    [path('metadata').child('annotations').key('example.com/x').child('y').toString(), 'metadata.annotations[example.com/x].y'],
    [path('').toString(), '[]'],
    [path('spec').index(3).index(4).toString(), 'spec[3][4]']
  ];
  for (const [got, want] of cases) it(want, () => expect(got).toBe(want));
});

describe('errorString', () => {
  const p = path('spec').child('containers').index(0).child('image');
  const cases: [FieldError, string][] = [
    [required(p, ''), 'spec.containers[0].image: Required value'],
    [required(path('metadata', 'name'), 'name or generateName is required'), 'metadata.name: Required value: name or generateName is required'],
    [invalid(path('spec', 'replicas'), -1, 'must be greater than or equal to 0'), 'spec.replicas: Invalid value: -1: must be greater than or equal to 0'],
    [invalid(path('x'), true, 'd'), 'x: Invalid value: true: d'],
    [invalid(path('x'), null, 'd'), 'x: Invalid value: null: d'],
    [invalid(path('x'), 'a"b\\c\n', 'd'), 'x: Invalid value: "a\\"b\\\\c\\n": d'],
    [invalid(path('x'), { b: '2', a: '1' }, 'd'), 'x: Invalid value: map[string]string{"a":"1", "b":"2"}: d'],
    [invalid(path('x'), ['a', 'b'], 'd'), 'x: Invalid value: []string{"a", "b"}: d'],
    [invalid(path('x'), goRepr('v1.Foo{}'), 'd'), 'x: Invalid value: v1.Foo{}: d'],
    [notSupported(path('spec', 'restartPolicy'), 'Sometimes', ['Always', 'OnFailure', 'Never']), 'spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"'],
    [notSupported(path('x'), 'y', []), 'x: Unsupported value: "y"'],
    [duplicate(path('spec', 'containers').index(1).child('name'), 'web'), 'spec.containers[1].name: Duplicate value: "web"'],
    [notFound(path('spec', 'containers').index(0).child('volumeMounts').index(0).child('name'), 'x'), 'spec.containers[0].volumeMounts[0].name: Not found: "x"'],
    [forbidden(path('spec'), 'pod updates may not change fields'), 'spec: Forbidden: pod updates may not change fields'],
    [tooLong(path(''), '', 1048576), '[]: Too long: must have at most 1048576 bytes'],
    [tooMany(path('endpoints'), 1001, 1000), 'endpoints: Too many: 1001: must have at most 1000 items'],
    [tooMany(path('endpoints'), -1, 1000), 'endpoints: Too many: must have at most 1000 items'],
    [internalError(path('x'), 'boom'), 'x: Internal error: boom']
  ];
  for (const [e, want] of cases) it(want, () => expect(errorString(e)).toBe(want));

  it('errorBody drops the field', () => {
    expect(errorBody(required(p, ''))).toBe('Required value');
  });
});

describe('goQuote (strconv.Quote)', () => {
  it('escapes control characters', () => {
    expect(goQuote('a\tb\u0001é')).toBe('"a\\tb\\x01é"');
  });
});

const imageReq = required(path('spec', 'containers').index(0).child('image'), '');
const nameReq = required(path('spec', 'containers').index(0).child('name'), '');

describe('invalidMessage (kubectl)', () => {
  it('one cause: on one line, newline-terminated', () => {
    expect(invalidMessage('Pod', 'web', [imageReq])).toBe('The Pod "web" is invalid: spec.containers[0].image: Required value\n');
  });
  it('several causes: a bullet list under the prefix', () => {
    expect(invalidMessage('Pod', 'web', [imageReq, nameReq])).toBe(
      'The Pod "web" is invalid: \n* spec.containers[0].image: Required value\n* spec.containers[0].name: Required value\n'
    );
  });
  it('duplicate causes collapse', () => {
    expect(invalidMessage('Pod', 'web', [imageReq, imageReq])).toBe('The Pod "web" is invalid: spec.containers[0].image: Required value\n');
  });
  it('no causes', () => {
    expect(invalidMessage('Pod', 'web', [])).toBe('The Pod "web" is invalid\n');
  });
  it('group kinds print without the group', () => {
    expect(invalidMessage('Deployment', 'web', [imageReq])).toBe('The Deployment "web" is invalid: spec.containers[0].image: Required value\n');
  });
});

describe('statusMessage (apiserver Status.message)', () => {
  it('one error', () => {
    expect(statusMessage('Pod', 'web', [imageReq])).toBe('Pod "web" is invalid: spec.containers[0].image: Required value');
  });
  it('several errors: aggregate in brackets', () => {
    expect(statusMessage('Pod', 'web', [imageReq, nameReq, imageReq])).toBe(
      'Pod "web" is invalid: [spec.containers[0].image: Required value, spec.containers[0].name: Required value]'
    );
  });
  it('qualifies non-core kinds with their group', () => {
    expect(statusMessage('Deployment', 'web', [imageReq])).toBe('Deployment.apps "web" is invalid: spec.containers[0].image: Required value');
    expect(statusMessage('StorageClass', 'fast', [])).toBe('StorageClass.storage.k8s.io "fast" is invalid');
  });
  it('causes carry reason, field and body', () => {
    expect(toStatusCauses([imageReq])).toEqual([{ reason: 'FieldValueRequired', message: 'Required value', field: 'spec.containers[0].image' }]);
  });
});
