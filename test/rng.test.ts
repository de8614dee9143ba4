import { describe, expect, it } from 'vitest';
import { isWideSeed, Rng, seedRng, wideSeed, wideSeedWords } from '../lib/rng.ts';
import { chiSquareGof } from '../lib/stats.ts';
import { LAUNCHER_STREAM } from '../game/setup.ts';

/** What seedRng gave before wide seeds existed, for these seeds. */
const LEGACY_42_3 = [2598194187, 2291207038, 197203804, 3323515337];
const LEGACY_UNO = [1013579142, 2899595021, 2623737583, 97694390];

describe('seeded generator', () => {
  it('gives the same stream for the same seed and path, and different ones otherwise', () => {
    const a = new Rng(seedRng(42, 3));
    const b = new Rng(seedRng(42, 3));
    const c = new Rng(seedRng(42, 4));
    const xs = Array.from({ length: 20 }, () => a.u32());
    expect(Array.from({ length: 20 }, () => b.u32())).toEqual(xs);
    expect(Array.from({ length: 20 }, () => c.u32())).not.toEqual(xs);
  });

  it('resumes exactly from a stored state (JSON round trip)', () => {
    const a = new Rng(seedRng('uno'));
    for (let i = 0; i < 5; i++) a.next();
    const saved = JSON.parse(JSON.stringify(a.state()));
    const b = new Rng(saved);
    expect(Array.from({ length: 10 }, () => b.next())).toEqual(Array.from({ length: 10 }, () => a.next()));
  });

  it('draws the integers the rejection rule with % gives (int is written with divisions)', () => {
    const a = new Rng(seedRng(8));
    const b = new Rng(seedRng(8));
    const reference = (n: number) => {
      const limit = 4294967296 - (4294967296 % n);
      let x = b.u32();
      while (x >= limit) x = b.u32();
      return x % n;
    };
    for (const n of [1, 2, 3, 7, 108, 1000, 2 ** 31 - 1, 2 ** 31, 2 ** 31 + 1, 3 * 2 ** 30, 2 ** 32 - 1, 2 ** 32]) {
      for (let i = 0; i < 2000; i++) expect(a.int(n)).toBe(reference(n));
    }
  });

  it('draws what sfc32 on unsigned words gives, and stores its state unsigned (words past 2^31 too)', () => {
    const start = [2 ** 32 - 1, 2 ** 31, 2 ** 31 + 5, 7] as const;
    const a = new Rng(start);
    expect(a.state()).toEqual([...start]);
    // The generator as published: unsigned words, each step modulo 2^32.
    let [x, y, z, w] = start;
    const reference = () => {
      const t = (x + y + w) % 2 ** 32;
      w = (w + 1) % 2 ** 32;
      x = (y ^ (y >>> 9)) >>> 0;
      y = (z + z * 8) % 2 ** 32;
      z = ((((z << 21) | (z >>> 11)) >>> 0) + t) % 2 ** 32;
      return t;
    };
    for (let i = 0; i < 1000; i++) expect(a.u32()).toBe(reference());
    expect(a.state()).toEqual([x, y, z, w]);
  });

  it('draws integers uniformly (chi-square against the uniform law)', () => {
    const r = new Rng(seedRng(7));
    const counts = new Array(10).fill(0);
    for (let i = 0; i < 50_000; i++) counts[r.int(10)]++;
    expect(chiSquareGof(counts, new Array(10).fill(0.1)).pValue).toBeGreaterThan(0.001);
  });

  it('gives the 10^7 games of a run 10^7 different wide seeds (counted, not played)', () => {
    // The first word of each seed goes into a sorted array (40 MB); the few first words shared
    // by two games (about n²/2³³ of them by chance) are then compared on all 128 bits.
    const n = 10_000_000;
    const first = new Uint32Array(n);
    const w = new Uint32Array(4);
    for (let i = 0; i < n; i++) first[i] = wideSeedWords(1, i, w)[0];
    first.sort();
    const shared = new Set<number>();
    for (let i = 1; i < n; i++) if (first[i] === first[i - 1]) shared.add(first[i]);
    expect(shared.size).toBeLessThan(50_000);
    const seen = new Map<string, number>();
    const twins: string[] = [];
    let found = 0;
    for (let i = 0; i < n; i++) {
      if (!shared.has(wideSeedWords(1, i, w)[0])) continue;
      found++;
      const key = w.join(',');
      if (seen.has(key)) twins.push(`games ${seen.get(key)} and ${i}`);
      seen.set(key, i);
    }
    expect(twins).toEqual([]);
    // Every game whose first word is shared was seen again (at least two per shared word).
    expect(found).toBeGreaterThanOrEqual(2 * shared.size);
  });

  it('keeps a wide seed wide: index 2^32 is not index 0, and the streams of a game differ from game to game', () => {
    expect(wideSeed(1, 2 ** 32)).not.toBe(wideSeed(1, 0));
    expect(wideSeed(1, 2)).not.toBe(wideSeed(2, 1));
    expect(wideSeed(2 ** 32 + 1, 0)).not.toBe(wideSeed(1, 0));
    expect(isWideSeed(wideSeed(1, 0))).toBe(true);
    expect(wideSeed(1, 0)).toMatch(/^[0-9a-f]{32}$/);
    // The deal of round 1 (path 1) and a launcher (path LAUNCHER_STREAM, 1) of 10^5 games: all different states.
    const states = new Set<string>();
    for (let i = 0; i < 100_000; i++) {
      states.add(seedRng(wideSeed(1, i), 1).join(','));
      states.add(seedRng(wideSeed(1, i), LAUNCHER_STREAM, 1).join(','));
    }
    expect(states.size).toBe(200_000);
    // A path is not its prefix, nor the same numbers in another order.
    const g = wideSeed(9, 9);
    expect(new Set([seedRng(g), seedRng(g, 1), seedRng(g, 1, 0), seedRng(g, 0, 1)].map(String)).size).toBe(4);
    expect(seedRng(g, 3)).toEqual(seedRng(g, 3));
    // A game's seed read again after another's (and after a word seed) gives the same streams.
    const h = wideSeed(9, 10);
    const first = [seedRng(g, 1), seedRng(h, 1)];
    seedRng('not a wide seed', 1);
    expect([seedRng(g, 1), seedRng(h, 1)]).toEqual(first);
    expect(seedRng(h.toUpperCase(), 1)).not.toEqual(first[1]);
    expect(() => wideSeed(1, 0.5)).toThrow(/whole number/);
    expect(() => wideSeed(-1, 0)).toThrow(/whole number/);
  });

  it('derives number and word seeds as it always has (save files replay from them)', () => {
    expect(seedRng(42, 3)).toEqual(LEGACY_42_3);
    expect(seedRng('uno')).toEqual(LEGACY_UNO);
  });
});
