// Shared fixtures for the validation tests: objects as the apiserver validates them (defaulted).
import { applyDefaults } from '../../../../src/sim/api/defaults/index';
import { errorString, validate } from '../../../../src/sim/api/validation/index';

/* eslint-disable @typescript-eslint/no-explicit-any */
export type Obj = Record<string, any>;

export function clone<T>(o: T): T {
  return JSON.parse(JSON.stringify(o)) as T;
}

/** Defaults a copy of `obj` (as the apiserver does before validating) and returns it. */
export function defaulted(kind: string, obj: Obj): Obj {
  const c = clone(obj);
  applyDefaults(kind, c);
  return c;
}

/** validate() rendered as upstream error strings. */
export function errs(kind: string, obj: Obj, old?: Obj): string[] {
  return validate(kind, obj, old).map(errorString);
}

/** One table row: a name, a mutation of the base object, the exact error strings expected. */
export interface Case {
  name: string;
  mutate: (o: Obj) => void;
  want: string[];
}

export const DNS1123_SUBDOMAIN_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
export const DNS1123_LABEL_MSG =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
export const DNS1035_LABEL_MSG =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
export const QUALIFIED_NAME_PART_MSG =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
export const LABEL_VALUE_MSG =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
