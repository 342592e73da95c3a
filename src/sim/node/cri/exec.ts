/**
 * What ExecSync needs besides the process itself: which program an argv runs inside an image
 * (a shell applet when the image has a shell, the image's own program when argv names it) and
 * the runtime's errors, worded as containerd, runc and the kubelet's CRI client word them.
 * upstream: containerd internal/cri/server/container_execsync.go (ExecSync: "failed to exec in
 * container: %w"; execInContainer: "container is in %s state"),
 * runc libcontainer ("exec: %q: executable file not found in $PATH"), kubelet
 * pkg/kubelet/cri/remote/remote_runtime.go ExecSync (DeadlineExceeded -> "command %q timed out").
 */

import type { Image } from '../images/catalog';
import { layersHave } from '../fs/rootfs';
import { programFor, SHELL_NAMES } from '../programs/programs';
import { BINARIES } from '../programs/sh/applets/binaries';
import { CriError } from './types';

/** Layers that bring a shell and busybox/coreutils applets (distroless, pause, goproxy, vish/stress have none). */
const SHELL_LAYERS = /^(busybox|k8s-busybox|alpine|debian|agnhost-base|gb-frontend)/;

export function hasShell(image: Pick<Image, 'layers'> | undefined): boolean {
  if (!image) return false;
  // Asked at every exec (an exec probe per container every 10 s): answered once per layer list.
  let has = shellIn.get(image.layers);
  if (has === undefined) shellIn.set(image.layers, (has = image.layers.some((l) => SHELL_LAYERS.test(l.name))));
  return has;
}
const shellIn = new WeakMap<object, boolean>();

/** Layers with Debian's userland: bash and dash are there; busybox and Alpine images have only ash (`sh`). */
const DEBIAN_LAYERS = /^(debian|gb-frontend)/;

/** Whether the image has this shell by name: `sh` wherever there is a shell, `bash`/`dash` on Debian, `ash` on busybox/Alpine. */
export function hasShellNamed(image: Pick<Image, 'layers'> | undefined, name: string): boolean {
  if (!hasShell(image)) return false;
  // `sh` and the applets (`true` of every exec probe) are in any shell image: no layer scan for them.
  if (name !== 'bash' && name !== 'dash' && name !== 'ash') return true;
  const debian = !!image?.layers.some((l) => DEBIAN_LAYERS.test(l.name));
  return name === 'ash' ? !debian : debian;
}

/** The program argv runs in the container, or undefined when the binary is not in the image. */
export function execProgram(imageProgram: string, image: Pick<Image, 'layers' | 'config'> | undefined, argv: readonly string[]): string | undefined {
  const a0 = argv[0] ?? '';
  const base = a0.slice(a0.lastIndexOf('/') + 1);
  if (base === '') return undefined;
  if (SHELL_NAMES.has(base)) return hasShellNamed(image, base) ? 'sh' : undefined;
  // A binary the image's layers install (curl in nginx): the shell runs it from the file.
  const binary = BINARIES[base];
  if (binary) return image && hasShell(image) && layersHave(image, binary.path) ? 'sh' : undefined;
  const own = [imageProgram, ...[...(image?.config.entrypoint ?? []), ...(image?.config.cmd ?? [])].map((a) => a.split('/').pop()!)];
  return own.includes(base) ? programFor(imageProgram, argv) : undefined;
}

/** What `kubectl exec` prints for a binary the image does not have (runc's error through containerd). */
export function execNotFound(binary: string): string {
  return `OCI runtime exec failed: exec failed: unable to start container process: exec: ${JSON.stringify(binary)}: executable file not found in $PATH: unknown`;
}

export function notRunning(state: string): CriError {
  // ExecSync wraps execInContainer's error: "failed to exec in container: %w".
  return new CriError('Unknown', `failed to exec in container: container is in ${state} state`);
}

export function execTimedOut(cmd: readonly string[], timeoutSeconds: number): CriError {
  void timeoutSeconds;
  return new CriError('DeadlineExceeded', `command ${JSON.stringify(cmd.join(' '))} timed out`);
}
