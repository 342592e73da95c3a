/**
 * host-local IPAM over one IPv4 range (the node's podCIDR).
 *
 * Order copies upstream exactly: the iterator starts after the last reserved IP (round-robin
 * across the range, so a crash-looping pod does not get the same address back at once), wraps at
 * rangeEnd to rangeStart, skips the gateway, and gives up when it is back where it started.
 * Defaults: rangeStart = network + 1, rangeEnd = broadcast - 1, gateway = network + 1.
 * upstream: containernetworking/plugins plugins/ipam/host-local/backend/allocator/allocator.go
 * (Get, GetIter, RangeIter.Next) and range.go (Canonicalize).
 */

export function ipToInt(ip: string): number {
  const p = ip.split('.').map(Number);
  if (p.length !== 4 || p.some((n) => !Number.isInteger(n) || n < 0 || n > 255)) throw new Error(`invalid IP address: ${ip}`);
  return ((p[0] << 24) | (p[1] << 16) | (p[2] << 8) | p[3]) >>> 0;
}

export function intToIp(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

export interface IPConfig {
  /** `10.244.1.2/24` */
  address: string;
  gateway: string;
}

export type AllocateResult = { ok: true; ip: IPConfig } | { ok: false; error: string };

export class HostLocalIPAM {
  readonly subnet: string;
  readonly prefix: number;
  readonly rangeStart: number;
  readonly rangeEnd: number;
  readonly gateway: number;
  /** ip -> `${id}/${ifname}` (the files under /var/lib/cni/networks/<net>/). */
  readonly #reserved = new Map<number, string>();
  /** The `last_reserved_ip.0` file. */
  #lastReserved: number | undefined;

  constructor(subnet: string) {
    const [addr, bits] = subnet.split('/');
    this.prefix = Number(bits);
    if (!Number.isInteger(this.prefix) || this.prefix < 1 || this.prefix > 30) throw new Error(`invalid CIDR address: ${subnet}`);
    const mask = this.prefix === 0 ? 0 : (0xffffffff << (32 - this.prefix)) >>> 0;
    const network = (ipToInt(addr) & mask) >>> 0;
    const broadcast = (network | (~mask >>> 0)) >>> 0;
    this.subnet = `${intToIp(network)}/${this.prefix}`;
    this.rangeStart = network + 1;
    this.rangeEnd = broadcast - 1;
    this.gateway = network + 1;
  }

  /** upstream: RangeSet.String, e.g. `10.244.1.1-10.244.1.254`. */
  rangeSetString(): string {
    return `${intToIp(this.rangeStart)}-${intToIp(this.rangeEnd)}`;
  }

  /** upstream: IPAllocator.Get with no requested IP. */
  allocate(id: string, ifname: string): AllocateResult {
    const owner = `${id}/${ifname}`;
    for (const [ip, o] of this.#reserved) {
      if (o === owner) return { ok: false, error: `${intToIp(ip)} has been allocated to ${id}, duplicate allocation is not allowed` };
    }
    for (const ip of this.#iterate()) {
      if (this.#reserved.has(ip)) continue;
      this.#reserved.set(ip, owner);
      this.#lastReserved = ip;
      return { ok: true, ip: { address: `${intToIp(ip)}/${this.prefix}`, gateway: intToIp(this.gateway) } };
    }
    // upstream: host-local main.go wraps the allocator's error with the range index.
    return { ok: false, error: `failed to allocate for range 0: no IP addresses available in range set: ${this.rangeSetString()}` };
  }

  /** upstream: IPAllocator.Release (ReleaseByID): frees what the container held; no error if nothing. */
  release(id: string, ifname: string): string[] {
    const owner = `${id}/${ifname}`;
    const freed: string[] = [];
    for (const [ip, o] of this.#reserved) {
      if (o === owner) {
        this.#reserved.delete(ip);
        freed.push(intToIp(ip));
      }
    }
    return freed;
  }

  allocated(): { ip: string; owner: string }[] {
    return [...this.#reserved].sort((a, b) => a[0] - b[0]).map(([ip, owner]) => ({ ip: intToIp(ip), owner }));
  }

  /** upstream: GetIter + RangeIter.Next over a single range. */
  *#iterate(): Generator<number> {
    const last = this.#lastReserved;
    const fromLast = last !== undefined && last >= this.rangeStart && last <= this.rangeEnd;
    let cur: number | undefined = fromLast ? last : undefined;
    let start: number | undefined = fromLast ? undefined : this.rangeStart;
    for (;;) {
      if (cur === undefined) {
        cur = this.rangeStart;
        start = cur;
      } else {
        cur = cur === this.rangeEnd ? this.rangeStart : cur + 1;
        if (start === undefined) start = cur;
        else if (cur === start) return;
      }
      if (cur === this.gateway) continue;
      yield cur;
    }
  }
}
