/**
 * The project's one source of randomness: a small seeded generator (sfc32) whose whole state is
 * four 32-bit integers, so it can live in a game's or a launcher's plain-data state, be saved,
 * forked and replayed bit for bit.
 *
 * Pure code takes an {@link Rng} (a stream), draws from it, and the caller stores
 * `rng.state()` back into its state.
 */

/** The generator's state: four unsigned 32-bit integers. JSON-serialisable. */
export type RngState = readonly [number, number, number, number];

/** splitmix32: spreads a 32-bit seed into well-mixed words (used only for seeding). */
function splitmix32(x: number): [number, number] {
  x = (x + 0x9e3779b9) | 0;
  let z = x;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  z ^= z >>> 16;
  return [x, z >>> 0];
}

/** Hashes a string to a 32-bit integer (FNV-1a), so seeds may be words. */
function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Derives a generator state from a seed and an optional path of stream numbers, e.g.
 * `seedRng(42, gameIndex)` for game `gameIndex` of a simulation with master seed 42: every
 * (seed, path) gives an independent, reproducible stream.
 */
export function seedRng(seed: number | string, ...path: number[]): RngState {
  let x = typeof seed === 'string' ? hashString(seed) : seed >>> 0;
  // Mix the high part of large integer seeds too, so 2**32 + 1 and 1 differ.
  if (typeof seed === 'number' && Math.abs(seed) >= 2 ** 32) x ^= Math.floor(seed / 2 ** 32) >>> 0;
  for (const p of path) {
    const [nx, z] = splitmix32(x ^ Math.imul(p >>> 0, 0x27d4eb2d));
    x = nx ^ z;
  }
  const out: number[] = [];
  for (let i = 0; i < 4; i++) {
    const [nx, z] = splitmix32(x);
    x = nx;
    out.push(z);
  }
  if ((out[0] | out[1] | out[2] | out[3]) === 0) out[3] = 1;
  const rng = new Rng(out as unknown as RngState);
  // Warm up: sfc32's first outputs are correlated with the seed words.
  for (let i = 0; i < 12; i++) rng.u32();
  return rng.state();
}

/** A random stream over an {@link RngState}. Mutable for speed; read `state()` to store it. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** Starts a stream at `state` (the state is copied, never mutated). */
  constructor(state: RngState) {
    [this.a, this.b, this.c, this.d] = state;
  }

  /** The current state, to store in plain data. */
  state(): RngState {
    return [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0];
  }

  /** Next unsigned 32-bit integer. */
  u32(): number {
    let { a, b, c, d } = this;
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    this.a = a; this.b = b; this.c = c; this.d = d;
    return t >>> 0;
  }

  /** Uniform float in [0, 1) with 32 bits of resolution. */
  next(): number {
    return this.u32() / 4294967296;
  }

  /** Uniform integer in [0, n). Unbiased (rejection sampling). */
  int(n: number): number {
    if (!(n >= 1) || !Number.isInteger(n)) throw new RangeError(`Rng.int needs a positive integer, got ${n}`);
    // Remainders written with a division: `a % n` is a − ⌊a / n⌋·n (the same integer: exact below
    // 2^53), and the limit 2^32 − (2^32 % n) is ⌊2^32 / n⌋·n. `%` on numbers beyond int32 compiles
    // to a runtime call for a floating-point remainder; a shuffle of a deck makes a hundred of these.
    const limit = Math.floor(4294967296 / n) * n;
    let x = this.u32();
    while (x >= limit) x = this.u32();
    return x - Math.floor(x / n) * n;
  }

  /** True with probability `p`. Always draws one number, so streams stay aligned. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** Index drawn from a normalised cumulative distribution (`cdf[last]` = 1). */
  fromCdf(cdf: readonly number[]): number {
    const u = this.next();
    for (let i = 0; i < cdf.length; i++) if (u < cdf[i]) return i;
    return cdf.length - 1;
  }

  /** Fisher–Yates shuffle of a copy of `items`. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const t = out[i];
      out[i] = out[j];
      out[j] = t;
    }
    return out;
  }
}
