// ControllerRevision validation.
// upstream: pkg/apis/apps/validation/validation.go ValidateControllerRevision, ValidateControllerRevisionUpdate
import { describe, expect, it } from 'vitest';
import { clone, DNS1123_SUBDOMAIN_MSG, errs, type Case, type Obj } from './helpers';

function revision(): Obj {
  return {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: { name: 'web-65fcb86bbd', namespace: 'default', resourceVersion: '7' },
    data: { spec: { template: { $patch: 'replace', metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } } } },
    revision: 1
  };
}

describe('ControllerRevision validation', () => {
  const cases: Case[] = [
    { name: 'a valid revision', mutate: () => {}, want: [] },
    { name: 'revision 0 is allowed', mutate: (o) => (o.revision = 0), want: [] },
    { name: 'a negative revision', mutate: (o) => (o.revision = -1), want: ['revision: Invalid value: -1: must be greater than or equal to 0'] },
    { name: 'no data', mutate: (o) => delete o.data, want: ['data: Required value: data is mandatory'] },
    { name: 'a name that is no DNS subdomain', mutate: (o) => (o.metadata.name = 'Web_1'), want: [`metadata.name: Invalid value: "Web_1": ${DNS1123_SUBDOMAIN_MSG}`] },
    { name: 'no namespace', mutate: (o) => delete o.metadata.namespace, want: ['metadata.namespace: Required value'] }
  ];
  it.each(cases)('$name', ({ mutate, want }) => {
    const o = revision();
    mutate(o);
    expect(errs('ControllerRevision', o)).toEqual(want);
  });

  it('an update may renumber a revision (a rollback reuses it) but not change its data', () => {
    const old = revision();
    const renumbered = clone(old);
    renumbered.revision = 3;
    expect(errs('ControllerRevision', renumbered, old)).toEqual([]);
    const changed = clone(old);
    changed.data.spec.template.spec.containers[0].image = 'nginx:1.25';
    expect(errs('ControllerRevision', changed, old)).toEqual(['data: Invalid value: runtime.RawExtension{...}: field is immutable']);
  });
});
