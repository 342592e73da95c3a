/**
 * Small pure helpers of the runtime, as containerd keeps them in helpers.go and opts/.
 */

import type { Image as CatalogImage } from '../images/catalog';
import { CriError, type ContainerConfig } from './types';

/** What Version answers: the CRI API and containerd release this simulates. */
export const RUNTIME_VERSION = { version: '0.1.0', runtimeName: 'containerd', runtimeVersion: 'v1.7.24', runtimeApiVersion: 'v1' } as const;

/**
 * The process argv: the pod's command replaces the image ENTRYPOINT (and then the image CMD is
 * dropped); args alone replace CMD. upstream: containerd internal/cri/opts/spec_opts.go
 * WithProcessArgs (migrated from moby daemon/commit.go).
 */
export function processArgs(config: Pick<ContainerConfig, 'command' | 'args'>, image: Pick<CatalogImage, 'config'>): string[] {
  let command = config.command ?? [];
  let args = config.args ?? [];
  if (command.length === 0) {
    if (args.length === 0) args = [...(image.config.cmd ?? [])];
    command = [...(image.config.entrypoint ?? [])];
  }
  return [...command, ...args];
}

/**
 * The process environment: HOSTNAME, then the image's ENV, then the container config's envs (a
 * later value replaces an earlier one). upstream: containerd internal/cri/server
 * container_create_linux.go (oci.WithEnv hostname, then image config Env, then config.Envs).
 */
export function containerEnv(hostname: string, imageEnv: readonly string[] | undefined, envs: readonly { key: string; value: string }[] | undefined): Record<string, string> {
  const env: Record<string, string> = { HOSTNAME: hostname };
  for (const kv of imageEnv ?? []) {
    const i = kv.indexOf('=');
    env[i < 0 ? kv : kv.slice(0, i)] = i < 0 ? '' : kv.slice(i + 1);
  }
  for (const kv of envs ?? []) env[kv.key] = kv.value;
  return env;
}

export function labelsMatch(labels: Record<string, string>, selector: Record<string, string>): boolean {
  return Object.entries(selector).every(([k, v]) => labels[k] === v);
}

export function sandboxNotFound(id: string): CriError {
  return new CriError('NotFound', `an error occurred when try to find sandbox ${JSON.stringify(id)}: not found`);
}

export function containerNotFound(id: string): CriError {
  return new CriError('NotFound', `an error occurred when try to find container ${JSON.stringify(id)}: not found`);
}
