/**
 * The learner's machine's listeners for `kubectl port-forward`, and the network its shell sees:
 * `localhost:8080` (127.0.0.1, ::1, or a wildcard listener) reaches the pod a forward points at;
 * the few outside hosts of internet.ts answer; cluster names and IPs do not resolve or route from
 * a laptop. The host's shell runs synchronously (host-shell.ts) while a connection through the
 * kubelet takes virtual time, so the console first reads the line for the forwarded URLs it names
 * (`curl -s localhost:8080/healthz | grep ok`), makes those connections, and hands the answers to
 * the shell: each connection is made once per line, in the order the URLs appear.
 * upstream: client-go tools/portforward/portforward.go (listeners, "Handling connection for %d"),
 * Linux bind(2) (EADDRINUSE, EACCES below port 1024 for an unprivileged user, EADDRNOTAVAIL for an
 * address the machine does not have).
 */
import type { HttpResponse, Network } from '../node/programs/process';
import { externalHttp, externalLookup } from '../node/net/internet';
import type { ForwardedPort, PortBinding, PortForwardSpec } from '../kubectl/portforward';
import { joinHostPort } from '../kubectl/portforward';

/** One forward kubectl opened: its pod, and the listeners that bound. */
export interface Forward {
  spec: PortForwardSpec;
  listeners: { address: string; port: ForwardedPort }[];
}

/** Linux's ephemeral ports (net.ipv4.ip_local_port_range 32768 60999): where `:5000` lands. */
const EPHEMERAL_FIRST = 32768;
/** The learner is not root: ports below this are privileged (net.ipv4.ip_unprivileged_port_start). */
const UNPRIVILEGED_START = 1024;

const family = (address: string) => (address.includes(':') ? 'tcp6' : 'tcp4');
const isWildcard = (address: string) => address === '0.0.0.0' || address === '::';
const isLoopback = (address: string) => address.startsWith('127.') || address === '::1';

export class HostListeners {
  readonly forwards: Forward[] = [];
  #nextEphemeral = EPHEMERAL_FIRST;

  /** The forward listening on address:port (a wildcard listener takes its family's every address). */
  at(address: string, port: number): { forward: Forward; port: ForwardedPort } | undefined {
    for (const forward of this.forwards) {
      for (const l of forward.listeners) {
        if (l.port.local !== port || family(l.address) !== family(address)) continue;
        if (l.address === address || isWildcard(l.address) || isWildcard(address)) return { forward, port: l.port };
      }
    }
    return undefined;
  }

  /** Binds each port on each address (kubectl's getListener, per address) and keeps the forward if anything bound. */
  open(spec: PortForwardSpec): { bindings: PortBinding[]; forward: Forward } {
    const forward: Forward = { spec, listeners: [] };
    const bindings: PortBinding[] = [];
    for (const requested of spec.ports) {
      // A `:80` port: the first free ephemeral port; the next addresses bind the same one (upstream sets port.Local).
      const port = { ...requested };
      if (port.local === 0) port.local = this.#ephemeral(spec.addresses);
      const listeners: PortBinding['listeners'] = [];
      for (const address of spec.addresses) {
        const error = this.#bindError(address, port.local, forward);
        if (error) listeners.push({ address, error: `unable to create listener: Error listen ${family(address)} ${joinHostPort(address, port.local)}: bind: ${error}` });
        else {
          forward.listeners.push({ address, port });
          listeners.push({ address, local: port.local });
        }
      }
      bindings.push({ port, listeners });
    }
    if (forward.listeners.length > 0) this.forwards.push(forward);
    return { bindings, forward };
  }

  close(forward: Forward): void {
    const i = this.forwards.indexOf(forward);
    if (i >= 0) this.forwards.splice(i, 1);
  }

  #bindError(address: string, port: number, pending: Forward): string | undefined {
    // The laptop has its loopback addresses (its LAN address is not modelled): any other is not its own.
    if (!isLoopback(address) && !isWildcard(address)) return 'cannot assign requested address';
    if (port < UNPRIVILEGED_START) return 'permission denied';
    const taken = (f: Forward) => f.listeners.some((l) => l.port.local === port && family(l.address) === family(address) && (l.address === address || isWildcard(l.address) || isWildcard(address)));
    if (this.forwards.some(taken) || taken(pending)) return 'address already in use';
    return undefined;
  }

  #ephemeral(addresses: readonly string[]): number {
    for (;;) {
      const port = this.#nextEphemeral++;
      if (addresses.every((a) => this.at(a, port) === undefined)) return port;
    }
  }
}

/** A forwarded URL a host line names: where it connects, and the request line's path. */
export interface ForwardedRequest {
  address: string;
  port: number;
  path: string;
}

const URL_RE = /(?:https?:\/\/)?(localhost|127(?:\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)(?::(\d{1,5}))?(\/[^\s'"|;&<>()]*)?/g;

/** The loopback URLs a host line names, in order, each once (`curl localhost:8080/a; wget -qO- 127.0.0.1:8080/b`). */
export function forwardedRequests(line: string): ForwardedRequest[] {
  const out: ForwardedRequest[] = [];
  const seen = new Set<string>();
  for (const m of line.matchAll(URL_RE)) {
    const host = m[1];
    const address = host === 'localhost' ? '127.0.0.1' : host === '[::1]' ? '::1' : host;
    const port = m[2] ? Number(m[2]) : m[0].startsWith('https://') ? 443 : 80;
    const path = m[3] ?? '/';
    const key = `${address} ${port} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ address, port, path });
  }
  return out;
}

/** What a connection through a forward brought back, by `address port path`. */
export type Answers = ReadonlyMap<string, HttpResponse>;

export const answerKey = (address: string, port: number, path: string) => `${address} ${port} ${path}`;

/**
 * The host's network for one line: loopback ports with a forward answer what the console fetched
 * for the line (a path it could not read from the line gets no answer: wget's "error getting
 * response"); other loopback ports refuse; the outside hosts answer; nothing else resolves.
 */
export function hostNetwork(listeners: HostListeners, answers: Answers): Network {
  const loopback = (host: string) => (host === 'localhost' ? '127.0.0.1' : host === '[::1]' ? '::1' : host);
  return {
    nameserver: '127.0.0.53',
    search: [],
    lookup(name) {
      const bare = name.replace(/\.$/, '');
      if (bare === 'localhost') return { name: bare, addresses: ['127.0.0.1', '::1'] };
      if (/^\d{1,3}(\.\d{1,3}){3}$/.test(bare)) return { name: bare, addresses: [bare] };
      const outside = externalLookup(bare);
      return outside ? { name: bare, addresses: [outside] } : undefined;
    },
    httpGet(host, port, path) {
      const address = loopback(host);
      if (isLoopback(address) || isWildcard(address)) {
        if (!listeners.at(address, port) && !answers.has(answerKey(address, port, path || '/'))) return { error: 'Connection refused' };
        return answers.get(answerKey(address, port, path || '/')) ?? { error: 'error getting response' };
      }
      return externalHttp(address, port, path) ?? { error: 'Connection timed out' };
    },
    tcpConnect(host, port) {
      const address = loopback(host);
      if (isLoopback(address) || isWildcard(address)) return listeners.at(address, port) ? 'open' : 'refused';
      return externalHttp(address, port, '/') ? 'open' : 'unreachable';
    }
  };
}
