/**
 * The `bridge` CNI plugin: creates a veth pair, plugs the host end into the node's bridge
 * (`cni0`), moves the other end into the pod's network namespace as `eth0` and asks host-local
 * IPAM for an address; the default route goes via the bridge's gateway (isDefaultGateway).
 * ADD and DEL are synchronous here: containerd accounts for their time inside RunPodSandbox and
 * StopPodSandbox.
 * upstream: containernetworking/plugins plugins/main/bridge/bridge.go (cmdAdd, cmdDel);
 * CNI spec 1.0 result format (containernetworking/cni SPEC.md "Success").
 */

import type { TraceInput } from '../../kernel/trace';
import { HostLocalIPAM, ipToInt } from './host-local';

export const CNI_VERSION = '1.0.0';

export interface CniInterface {
  name: string;
  mac: string;
  /** Set for the interface inside the pod: its netns path. */
  sandbox?: string;
}

/** A CNI 1.0 success result. */
export interface CniResult {
  cniVersion: string;
  interfaces: CniInterface[];
  ips: { address: string; gateway: string; interface: number }[];
  routes: { dst: string; gw?: string }[];
  dns: Record<string, never>;
}

/** A CNI error result, plus the message as libcni wraps it for containerd. */
export interface CniError {
  code: number;
  msg: string;
  /** upstream: libcni "plugin type=%q name=%q failed (%s): %w". */
  message: string;
}

export type CniAddResult = { ok: true; result: CniResult } | { ok: false; error: CniError };

export interface BridgeOptions {
  node: string;
  /** The node's podCIDR, e.g. `10.244.1.0/24`. */
  podCIDR: string;
  trace: (e: TraceInput) => void;
  /** The network name in the conflist (kubarium writes `cbr0`, like kubenet did). */
  network?: string;
  bridge?: string;
}

/** Locally administered MAC from the IPv4 address, as older bridge plugins did (ip.GenerateHardwareAddr4: 0a:58 + IP). */
function macFor(ip: string): string {
  const n = ipToInt(ip.split('/')[0]);
  const bytes = [0x0a, 0x58, n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  return bytes.map((b) => b.toString(16).padStart(2, '0')).join(':');
}

export class BridgePlugin {
  readonly ipam: HostLocalIPAM;
  readonly network: string;
  readonly bridge: string;
  readonly #opts: BridgeOptions;

  constructor(opts: BridgeOptions) {
    this.#opts = opts;
    this.ipam = new HostLocalIPAM(opts.podCIDR);
    this.network = opts.network ?? 'cbr0';
    this.bridge = opts.bridge ?? 'cni0';
  }

  /** CNI ADD for a sandbox: `containerId` is the sandbox ID, `netns` its namespace path. */
  add(containerId: string, netns: string, ifName = 'eth0', pod?: string): CniAddResult {
    const alloc = this.ipam.allocate(containerId, ifName);
    if (!alloc.ok) {
      const error = this.#error('add', 11, alloc.error);
      this.#trace('cni.ADD', pod, { containerId, netns, ifName, ok: false, error: error.message });
      return { ok: false, error };
    }
    const { address, gateway } = alloc.ip;
    const result: CniResult = {
      cniVersion: CNI_VERSION,
      interfaces: [
        { name: this.bridge, mac: macFor(gateway) },
        { name: `veth${containerId.slice(0, 8)}`, mac: macFor(address).replace(/^0a:58/, 'ee:58') },
        { name: ifName, mac: macFor(address), sandbox: netns }
      ],
      ips: [{ address, gateway, interface: 2 }],
      routes: [{ dst: '0.0.0.0/0', gw: gateway }],
      dns: {}
    };
    this.#trace('cni.ADD', pod, { containerId, netns, ifName, ok: true, ip: address, gateway });
    return { ok: true, result };
  }

  /** CNI DEL: releases the address; deleting what is not there is not an error (spec: DEL is idempotent). */
  del(containerId: string, netns: string, ifName = 'eth0', pod?: string): void {
    const freed = this.ipam.release(containerId, ifName);
    this.#trace('cni.DEL', pod, { containerId, netns, ifName, ok: true, released: freed });
  }

  #error(command: 'add' | 'del', code: number, msg: string): CniError {
    return { code, msg, message: `plugin type="bridge" name=${JSON.stringify(this.network)} failed (${command}): ${msg}` };
  }

  #trace(kind: string, pod: string | undefined, details: Record<string, unknown>): void {
    this.#opts.trace({ component: 'cni', node: this.#opts.node, ...(pod ? { pod } : {}), kind, plugin: 'bridge', network: this.network, ...details });
  }
}
