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
 * `seedRng(42, 3)` for stream 3 of seed 42: every (seed, path) gives an independent,
 * reproducible stream.
 *
 * A number or a word is first folded to 32 bits, so two such seeds collide at the birthday rate;
 * that derivation stays as it is because every save file and shipped game replays from it. A
 * {@link wideSeed} (32 hex digits) keeps all 128 bits through the path instead: see there.
 */
export function seedRng(seed: number | string, ...path: number[]): RngState {
  if (typeof seed === 'string') {
    const wide = wideWords(seed);
    if (wide) return wideState(wide, path);
  }
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
  return warmedUp(out as unknown as RngState);
}

/** sfc32's first outputs are correlated with the seed words: a state starts 12 steps in. */
function warmedUp(words: RngState): RngState {
  const rng = new Rng(words);
  for (let i = 0; i < 12; i++) rng.u32();
  return rng.state();
}

/** The text of a {@link wideSeed}: 128 bits as 32 hexadecimal digits. */
const WIDE_SEED = /^[0-9a-f]{32}$/;

/** Upper bound of the integers a wide seed takes whole: JavaScript's exact integers. */
const EXACT = Number.MAX_SAFE_INTEGER;

/**
 * Mixes two exact integers into `v` (which holds a 128-bit value) and scrambles it: the integers'
 * 32-bit halves go into the four words with constants, then six rounds of a 128-bit ARX
 * permutation (the round of HalfSipHash). Each step of a round adds, rotates or xors one word into
 * another and is undone by its inverse, so for a fixed `v` distinct (a, b) give distinct results.
 */
function absorb(v: Uint32Array, a: number, b: number): void {
  let v0 = v[0] ^ (a >>> 0) ^ 0x243f6a88;
  let v1 = v[1] ^ Math.floor(a / 2 ** 32) ^ 0x85a308d3;
  let v2 = v[2] ^ (b >>> 0) ^ 0x13198a2e;
  let v3 = v[3] ^ Math.floor(b / 2 ** 32) ^ 0x03707344;
  for (let r = 0; r < 6; r++) {
    v0 = (v0 + v1) | 0; v1 = (v1 << 5) | (v1 >>> 27); v1 ^= v0; v0 = (v0 << 16) | (v0 >>> 16);
    v2 = (v2 + v3) | 0; v3 = (v3 << 8) | (v3 >>> 24); v3 ^= v2;
    v0 = (v0 + v3) | 0; v3 = (v3 << 7) | (v3 >>> 25); v3 ^= v0;
    v2 = (v2 + v1) | 0; v1 = (v1 << 13) | (v1 >>> 19); v1 ^= v2; v2 = (v2 << 16) | (v2 >>> 16);
  }
  v[0] = v0; v[1] = v1; v[2] = v2; v[3] = v3;
}

function exact(what: string, n: number): void {
  if (!Number.isInteger(n) || n < 0 || n > EXACT) throw new RangeError(`${what} must be a whole number from 0 to ${EXACT}, got ${n}`);
}

/**
 * The seed of stream `index` of master seed `seed` (game `index` of a simulation) with all 128
 * bits of the generator's state: a bijective mix of (seed, index), so no two pairs share a seed,
 * and `seedRng(wideSeed(s, i), …path)` keeps it that way through any path (each path step is a
 * bijection of the 128 bits too). Written as 32 hex digits: a string seed a save file or a
 * command line carries as it is.
 */
export function wideSeed(seed: number, index: number): string {
  // Written into the last-read seed's words: the streams seeded from this text next (a game's
  // deal, bots and launchers) find it read already, with no check of its digits nor parse.
  const words = wideSeedWords(seed, index, lastWideWords);
  let hex = '';
  // A byte at a time from a table: Number#toString(16) and padStart take longer than the whole
  // mix, and a simulation writes a seed for every game.
  for (let i = 0; i < 4; i++) {
    const w = words[i];
    hex += BYTE_HEX[w >>> 24] + BYTE_HEX[(w >>> 16) & 255] + BYTE_HEX[(w >>> 8) & 255] + BYTE_HEX[w & 255];
  }
  lastWide = hex;
  return hex;
}

/** Each byte's two lowercase hex digits. */
const BYTE_HEX: readonly string[] = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** The value of the hex digit with character code `c` (a wide seed's, checked by WIDE_SEED). */
function hexDigit(c: number): number {
  return c <= 57 ? c - 48 : c - 87;
}

/** A {@link wideSeed} as its four 32-bit words, written into `into` (no text, no allocation when given). */
export function wideSeedWords(seed: number, index: number, into: Uint32Array = new Uint32Array(4)): Uint32Array {
  exact('a wide seed\'s master seed', seed);
  exact('a wide seed\'s index', index);
  into[0] = into[1] = into[2] = into[3] = 0;
  absorb(into, seed, index);
  return into;
}

/** Is `s` a {@link wideSeed}'s text? */
export function isWideSeed(s: string): boolean {
  return WIDE_SEED.test(s);
}

/** The wide seed read last, and its four words: a game's streams (its deal, each bot, each launcher) are all seeded from one. */
let lastWide = '';
const lastWideWords = new Uint32Array(4);

/** The four words of a {@link wideSeed}'s text, or null when `seed` is not one: checked and read once for a run of streams of one seed. */
function wideWords(seed: string): Uint32Array | null {
  if (seed !== lastWide) {
    if (!WIDE_SEED.test(seed)) return null;
    // Digit by digit (no slice, no parseInt): eight digits fill a word, shifting out what it held.
    for (let i = 0; i < 32; i++) lastWideWords[i >> 3] = (lastWideWords[i >> 3] << 4) | hexDigit(seed.charCodeAt(i));
    lastWide = seed;
  }
  return lastWideWords;
}

/** The words a wide seed's path is absorbed into (a seeding runs to its end before the next). */
const mixing = new Uint32Array(4);

function wideState(words: Uint32Array, path: readonly number[]): RngState {
  mixing.set(words);
  // Step k absorbs (its stream number, k + 1): a path is not the same as its prefix.
  for (let k = 0; k < path.length; k++) {
    exact('a stream number under a wide seed', path[k]);
    absorb(mixing, path[k], k + 1);
  }
  return warmedUp([mixing[0], mixing[1], mixing[2], mixing[3]]);
}

/** A random stream over an {@link RngState}. Mutable for speed; read `state()` to store it. */
export class Rng {
  // Declared, not defined: the constructor sets them. Defined fields are set first by an
  // initializer of their own, one more call wherever the constructor is not inlined (a launcher's
  // press, which makes a stream each time).
  private declare a: number;
  private declare b: number;
  private declare c: number;
  private declare d: number;

  /** Starts a stream at `state` (the state is copied, never mutated). */
  constructor(state: RngState) {
    // Read by index: a destructuring goes through the array's iterator, and a stream is made for
    // every press of a launcher and every shuffle. The words are held as signed 32-bit integers
    // (the same bits): small integers to V8, where unsigned words past 2^31 are boxed doubles.
    this.a = state[0] | 0;
    this.b = state[1] | 0;
    this.c = state[2] | 0;
    this.d = state[3] | 0;
  }

  /** The current state, to store in plain data. */
  state(): RngState {
    return [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0];
  }

  /** Next unsigned 32-bit integer. */
  u32(): number {
    // sfc32 on signed words: every step is modulo 2^32, so the bits are those of unsigned ones.
    let { a, b, c, d } = this;
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
    return this.below(n);
  }

  /** {@link int} of an `n` known to be a positive integer (a shuffle's), without the check. */
  private below(n: number): number {
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
      const j = this.below(i + 1);
      const t = out[i];
      out[i] = out[j];
      out[j] = t;
    }
    return out;
  }
}
