/**
 * API errors as the API server returns them (metav1.Status), and the way kubectl prints them.
 * upstream: staging/src/k8s.io/apimachinery/pkg/api/errors/errors.go,
 *           staging/src/k8s.io/kubectl/pkg/cmd/util/helpers.go (StandardErrorMessage)
 */
import type { ResourceInfo } from './resources';
import { groupResource } from './resources';

export type StatusReason =
  | 'NotFound'
  | 'AlreadyExists'
  | 'Conflict'
  | 'Invalid'
  | 'BadRequest'
  | 'Gone'
  | 'Expired'
  | 'MethodNotAllowed'
  | 'Forbidden'
  | 'Unauthorized'
  | 'InternalError'
  | 'NotAcceptable'
  | 'TooManyRequests';

export interface StatusCause {
  reason?: string;
  message?: string;
  field?: string;
}

export interface Status {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Failure';
  message: string;
  reason: StatusReason;
  details?: { name?: string; group?: string; kind?: string; causes?: StatusCause[] };
  code: number;
}

/** Thrown inside the API server; turned into a Status response at the boundary. */
export class ApiError extends Error {
  constructor(readonly status: Status) {
    super(status.message);
  }
}

function status(code: number, reason: StatusReason, message: string, details?: Status['details']): ApiError {
  return new ApiError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, details, code });
}

export function notFound(r: ResourceInfo | string, name: string): ApiError {
  const gr = typeof r === 'string' ? r : groupResource(r);
  return status(404, 'NotFound', `${gr} "${name}" not found`, { name, kind: typeof r === 'string' ? r : r.name, group: typeof r === 'string' ? '' : r.group });
}

export function alreadyExists(r: ResourceInfo, name: string): ApiError {
  return status(409, 'AlreadyExists', `${groupResource(r)} "${name}" already exists`, { name, kind: r.name, group: r.group });
}

export function conflict(r: ResourceInfo, name: string, reason: string): ApiError {
  return status(409, 'Conflict', `Operation cannot be fulfilled on ${groupResource(r)} "${name}": ${reason}`, { name, kind: r.name, group: r.group });
}

export const OPTIMISTIC_LOCK_MESSAGE = 'the object has been modified; please apply your changes to the latest version and try again';

export function invalid(kind: string, group: string, name: string, message: string, causes: StatusCause[]): ApiError {
  return status(422, 'Invalid', message, { name, group, kind, causes });
}

export function badRequest(message: string): ApiError {
  return status(400, 'BadRequest', message);
}

export function gone(message: string): ApiError {
  return status(410, 'Expired', message);
}

export function forbidden(r: ResourceInfo, name: string, message: string): ApiError {
  return status(403, 'Forbidden', `${groupResource(r)} "${name}" is forbidden: ${message}`, { name, kind: r.name, group: r.group });
}

/** A 403 with the authorizer's message as is (it names the resource itself). */
export function forbiddenRaw(message: string, details: Status['details']): ApiError {
  return status(403, 'Forbidden', message, details);
}

/** upstream: responsewriters.Unauthorized: the credentials did not authenticate. */
export function unauthorized(): ApiError {
  return status(401, 'Unauthorized', 'Unauthorized');
}

export function methodNotAllowed(message: string): ApiError {
  return status(405, 'MethodNotAllowed', message);
}

export function internalError(message: string): ApiError {
  return status(500, 'InternalError', `Internal error occurred: ${message}`);
}

/**
 * What kubectl prints for an API error: `Error from server (NotFound): pods "x" not found`; a 422
 * as `The Pod "web" is invalid: ...` with its causes (MultilineError), or `The request is invalid:
 * ...` when it names no object (a patch that does not decode).
 */
export function kubectlErrorMessage(s: Status): string {
  const d = s.details;
  const named = d !== undefined && Boolean(d.kind || d.name);
  if (s.reason === 'Invalid' && d && (named || d.causes?.length)) {
    const prefix = named ? `The ${d.kind ?? ''} "${d.name ?? ''}" is invalid: ` : 'The request is invalid: ';
    const causes = (d.causes ?? []).map((c) => (c.field ? `${c.field}: ${c.message}` : (c.message ?? '')));
    if (causes.length === 0) return prefix.trimEnd();
    if (causes.length === 1) return prefix + causes[0];
    return prefix + '\n' + causes.map((c) => `* ${c}`).join('\n');
  }
  // upstream: kubectl cmd/util/helpers.go StandardErrorMessage: a 401 is a login problem.
  if (s.reason === 'Unauthorized') return `error: You must be logged in to the server (${s.message})`;
  return `Error from server (${s.reason}): ${s.message}`;
}
