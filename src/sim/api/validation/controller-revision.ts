/**
 * ControllerRevision validation: a DNS subdomain name, data required and immutable, revision not
 * negative (the controllers renumber a revision they reuse, so revision may change).
 * upstream: pkg/apis/apps/validation/validation.go (ValidateControllerRevision,
 * ValidateControllerRevisionUpdate), pkg/registry/apps/controllerrevision/strategy.go.
 */
import { goRepr, path, required, type FieldError } from './field';
import { num, validateImmutableField, validateNonnegativeField, validateObjectMeta, validateObjectMetaUpdate, type Obj } from './meta';
import { nameIsDNSSubdomain } from './names';

/** upstream ValidateControllerRevision / ValidateControllerRevisionUpdate. */
export function validateControllerRevision(obj: Obj, old?: Obj): FieldError[] {
  const errs: FieldError[] = [];
  if (old) errs.push(...validateObjectMetaUpdate(obj.metadata, old.metadata, path('metadata')));
  errs.push(...validateObjectMeta(obj.metadata, true, nameIsDNSSubdomain, path('metadata')));
  if (obj.data === undefined || obj.data === null) errs.push(required(path('data'), 'data is mandatory'));
  errs.push(...validateNonnegativeField(num(obj.revision), path('revision')));
  // upstream prints the RawExtension's bytes; elided here as other Go structs are.
  if (old) errs.push(...validateImmutableField(obj.data, old.data, path('data'), goRepr('runtime.RawExtension{...}')));
  return errs;
}
