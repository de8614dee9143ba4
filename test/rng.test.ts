import { describe, expect, it } from 'vitest';
import { Rng, seedRng } from '../lib/rng.ts';
import { chiSquareGof } from '../lib/stats.ts';

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

  it('draws integers uniformly (chi-square against the uniform law)', () => {
    const r = new Rng(seedRng(7));
    const counts = new Array(10).fill(0);
    for (let i = 0; i < 50_000; i++) counts[r.int(10)]++;
    expect(chiSquareGof(counts, new Array(10).fill(0.1)).pValue).toBeGreaterThan(0.001);
  });
});
