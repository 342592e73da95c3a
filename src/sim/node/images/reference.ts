/**
 * Image references, parsed and normalised as containerd and the kubelet do it (docker's
 * "familiar" names): `nginx` -> `docker.io/library/nginx:latest`.
 *
 * upstream: github.com/distribution/reference normalize.go (ParseNormalizedNamed,
 * splitDockerDomain), regexp.go (ReferenceRegexp), reference.go (error values);
 * pkg/util/parsers/parsers.go ParseImageName and pkg/kubelet/images/image_manager.go
 * (applyDefaultImageTag) for the kubelet's InvalidImageName message.
 */

export const DEFAULT_DOMAIN = 'docker.io';
const LEGACY_DEFAULT_DOMAIN = 'index.docker.io';
const OFFICIAL_REPO_PREFIX = 'library/';
export const DEFAULT_TAG = 'latest';
const NAME_TOTAL_LENGTH_MAX = 255;

// upstream: distribution/reference regexp.go, spelled out piece by piece.
const alphanumeric = '[a-z0-9]+';
const separator = '(?:[._]|__|[-]+)';
const pathComponent = `${alphanumeric}(?:${separator}${alphanumeric})*`;
const domainNameComponent = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const host = `(?:${domainNameComponent}(?:\\.${domainNameComponent})*|\\[(?:[a-fA-F0-9:]+)\\])`;
const domainAndPort = `${host}(?::[0-9]+)?`;
const tagPat = '[\\w][\\w.-]{0,127}';
const digestPat = '[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*[:][0-9a-fA-F]{32,}';
const namePat = `(?:${domainAndPort}/)?${pathComponent}(?:/${pathComponent})*`;
const REFERENCE = new RegExp(`^(${namePat})(?::(${tagPat}))?(?:@(${digestPat}))?$`);
const ANCHORED_IDENTIFIER = /^[a-f0-9]{64}$/;

/** A parsed, normalised reference. `name` is `domain/path`; tag and digest as written. */
export interface ImageReference {
  domain: string;
  path: string;
  name: string;
  tag?: string;
  digest?: string;
}

export type ParseResult = { ok: true; ref: ImageReference } | { ok: false; error: string };

/** upstream: normalize.go splitDockerDomain. */
function splitDockerDomain(name: string): [string, string] {
  const i = name.indexOf('/');
  let domain: string;
  let remainder: string;
  const first = i === -1 ? '' : name.slice(0, i);
  if (i === -1 || (!/[.:]/.test(first) && first !== 'localhost' && first.toLowerCase() === first)) {
    domain = DEFAULT_DOMAIN;
    remainder = name;
  } else {
    domain = first;
    remainder = name.slice(i + 1);
  }
  if (domain === LEGACY_DEFAULT_DOMAIN) domain = DEFAULT_DOMAIN;
  if (domain === DEFAULT_DOMAIN && !remainder.includes('/')) remainder = OFFICIAL_REPO_PREFIX + remainder;
  return [domain, remainder];
}

/** upstream: go-digest Digest.Validate (sha256 and sha512 only). */
function validateDigest(d: string): string | undefined {
  const [alg, hex] = d.split(':');
  const lengths: Record<string, number> = { sha256: 64, sha384: 96, sha512: 128 };
  if (!(alg in lengths)) return 'unsupported digest algorithm';
  if (hex.length !== lengths[alg]) return 'invalid checksum digest length';
  if (!/^[a-f0-9]+$/.test(hex)) return 'invalid checksum digest format';
  return undefined;
}

/** upstream: reference.ParseNormalizedNamed (errors worded as distribution/reference's). */
export function parseNormalizedNamed(s: string): ParseResult {
  // Pure in its string, and asked of the same few images on every exec and pull: remembered.
  let r = parsed.get(s);
  if (r === undefined) {
    if (parsed.size >= 4096) parsed.clear();
    r = Object.freeze(parse(s)) as ParseResult;
    if (r.ok) Object.freeze(r.ref);
    parsed.set(s, r);
  }
  return r;
}

const parsed = new Map<string, ParseResult>();

function parse(s: string): ParseResult {
  if (ANCHORED_IDENTIFIER.test(s)) {
    return { ok: false, error: `invalid repository name (${s}), cannot specify 64-byte hexadecimal strings` };
  }
  const [domain, remainder] = splitDockerDomain(s);
  const tagSep = remainder.indexOf(':');
  const remote = tagSep > -1 ? remainder.slice(0, tagSep) : remainder;
  if (remote.toLowerCase() !== remote) {
    return { ok: false, error: `invalid reference format: repository name (${remote}) must be lowercase` };
  }
  // upstream: reference.Parse
  const full = `${domain}/${remainder}`;
  const m = REFERENCE.exec(full);
  if (!m) {
    if (REFERENCE.test(full.toLowerCase())) return { ok: false, error: 'repository name must be lowercase' };
    return { ok: false, error: 'invalid reference format' };
  }
  const [, name, tag, digest] = m;
  if (name.length > NAME_TOTAL_LENGTH_MAX) {
    return { ok: false, error: `repository name must not be more than ${NAME_TOTAL_LENGTH_MAX} characters` };
  }
  if (digest) {
    const err = validateDigest(digest);
    if (err) return { ok: false, error: err };
  }
  const path = name.slice(domain.length + 1);
  return { ok: true, ref: { domain, path, name, tag, digest } };
}

/** The canonical string: `docker.io/library/nginx:1.27`, `...nginx@sha256:...` (tag dropped, as ParseDockerRef does). */
export function referenceString(ref: ImageReference): string {
  if (ref.digest) return `${ref.name}@${ref.digest}`;
  return `${ref.name}:${ref.tag ?? DEFAULT_TAG}`;
}

/** `docker.io/library/nginx` -> `nginx`, `docker.io/polinux/stress` -> `polinux/stress` (upstream: normalize.go FamiliarName). */
export function familiarName(name: string): string {
  if (name.startsWith(DEFAULT_DOMAIN + '/')) {
    const rest = name.slice(DEFAULT_DOMAIN.length + 1);
    return rest.startsWith(OFFICIAL_REPO_PREFIX) && rest.split('/').length === 2 ? rest.slice(OFFICIAL_REPO_PREFIX.length) : rest;
  }
  return name;
}

/**
 * Parses and applies the default tag, as the kubelet does before it calls PullImage. The error
 * message is the one the kubelet shows with waiting reason InvalidImageName.
 * upstream: pkg/kubelet/images/image_manager.go EnsureImageExists -> applyDefaultImageTag,
 * pkg/util/parsers/parsers.go ParseImageName ("couldn't parse image name %q: %v").
 */
export function normalizeImage(image: string): { ok: true; ref: ImageReference; image: string } | { ok: false; reason: 'InvalidImageName'; message: string } {
  const parsed = parseNormalizedNamed(image);
  if (!parsed.ok) {
    return {
      ok: false,
      reason: 'InvalidImageName',
      message: `Failed to apply default image tag ${JSON.stringify(image)}: couldn't parse image name ${JSON.stringify(image)}: ${parsed.error}`
    };
  }
  const ref = parsed.ref;
  // The kubelet appends ":latest" only when there is neither tag nor digest; it keeps the user's spelling.
  const withTag = ref.tag === undefined && ref.digest === undefined ? `${image}:${DEFAULT_TAG}` : image;
  return { ok: true, ref: { ...ref, tag: ref.tag ?? (ref.digest ? undefined : DEFAULT_TAG) }, image: withTag };
}
