/**
 * The simulation's only source of randomness: a seeded PRNG (sfc32, seeded through splitmix32).
 * Generated names, UIDs and IPs come from here, so a seed replays a whole run.
 */

function splitmix32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x9e3779b9) >>> 0;
    let z = a;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

// upstream: staging/src/k8s.io/apimachinery/pkg/util/rand/rand.go (no vowels, no confusable 0/1/3)
const ALPHANUMS = 'bcdfghjklmnpqrstvwxz2456789';

export class Rand {
  // The state is kept as signed 32-bit integers (`| 0`): V8 stores them as small integers, where
  // unsigned values above 2^31 would be boxed doubles; the draws are the same bits.
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  constructor(seed: number) {
    const sm = splitmix32(seed);
    this.#a = sm() | 0;
    this.#b = sm() | 0;
    this.#c = sm() | 0;
    this.#d = sm() | 0;
    for (let i = 0; i < 12; i++) this.uint32();
  }

  /** A uniformly distributed unsigned 32-bit integer. */
  uint32(): number {
    const a = this.#a, b = this.#b, c = this.#c, d = this.#d;
    const t = (a + b + d) | 0;
    this.#d = (d + 1) | 0;
    this.#a = b ^ (b >>> 9);
    this.#b = (c + (c << 3)) | 0;
    this.#c = (((c << 21) | (c >>> 11)) + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1). */
  float(): number {
    return this.uint32() / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.float() * n);
  }

  /** A child generator: independent stream for one component, so adding a component elsewhere does not shift this one's draws. */
  fork(label: string): Rand {
    let h = 2166136261;
    for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 16777619);
    return new Rand((this.uint32() ^ h) >>> 0);
  }

  /** upstream: utilrand.String(n), used by generateName (SimpleNameGenerator: 5 chars). */
  string(n: number): string {
    let out = '';
    for (let i = 0; i < n; i++) out += ALPHANUMS[this.int(ALPHANUMS.length)];
    return out;
  }

  /** An RFC 4122 version-4 UUID, as the API server gives every object. */
  uuid(): string {
    const hex = (n: number) => n.toString(16).padStart(8, '0');
    const a = hex(this.uint32()), b = hex(this.uint32()), c = hex(this.uint32()), d = hex(this.uint32());
    const variant = ((parseInt(c[0], 16) & 0x3) | 0x8).toString(16);
    return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${variant}${c.slice(1, 4)}-${c.slice(4, 8)}${d}`;
  }
}

/** upstream: staging/src/k8s.io/apiserver/pkg/storage/names/generate.go (maxNameLength 63, randomLength 5). */
export function generateName(base: string, rand: Rand): string {
  const maxGeneratedNameLength = 63 - 5;
  const prefix = base.length > maxGeneratedNameLength ? base.slice(0, maxGeneratedNameLength) : base;
  return prefix + rand.string(5);
}
