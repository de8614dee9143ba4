import { describe, expect, it } from 'vitest';
import { seedRng } from '../../lib/rng.ts';
import { chiSquareGof } from '../../lib/stats.ts';
import { decide, initialCore, type CoreState } from '../../emulator/core.ts';
import { BUILTIN_PROFILES, resolveProfile } from '../../emulator/profiles.ts';
import { meanBurst, type Profile } from '../../emulator/profile.ts';
import { pmfMean } from '../../emulator/laws.ts';

/** Runs the decision alone n times: fire counts by bucket, burst targets by bucket, gaps between bursts. */
function sampleDecisions(p: Profile, n: number, seed: number) {
  let s: CoreState = initialCore(seedRng(seed));
  const atRisk: number[] = [];
  const fired: number[] = [];
  const targets: number[][] = [];
  const gaps: number[] = [];
  for (let i = 0; i < n; i++) {
    const { state, decision } = decide(p, s);
    s = state;
    const k = decision.bucket - 1;
    atRisk[k] = (atRisk[k] ?? 0) + 1;
    if (decision.fire) {
      fired[k] = (fired[k] ?? 0) + 1;
      const row = (targets[Math.min(k, p.burstPmf.length - 1)] ??= []);
      row[decision.target] = (row[decision.target] ?? 0) + 1;
      gaps[decision.bucket] = (gaps[decision.bucket] ?? 0) + 1;
    }
  }
  return { atRisk, fired, targets, gaps };
}

/**
 * χ² test of observed fire counts against the hazard table: each bucket is a binomial
 * (fired / not fired) with its own probability; the statistic sums both cells over buckets.
 */
function hazardTest(hazard: number[], atRisk: number[], fired: number[]) {
  const observed: number[] = [];
  const probs: number[] = [];
  const total = atRisk.reduce((a, b) => a + b, 0);
  atRisk.forEach((n, k) => {
    const h = hazard[Math.min(k, hazard.length - 1)];
    if (h === 1 || h === 0) {
      expect(fired[k] ?? 0).toBe(h === 1 ? n : 0);
      return;
    }
    observed.push(fired[k] ?? 0, n - (fired[k] ?? 0));
    probs.push((h * n) / total, ((1 - h) * n) / total);
  });
  const norm = probs.reduce((a, b) => a + b, 0);
  // Each bucket's share of presses is fixed by the data (a conditional test): one df lost per bucket.
  return chiSquareGof(observed, probs.map((p) => p / norm), observed.length / 2 - 1);
}

describe('shipped profiles against their definitions', () => {
  it('every shipped profile names its source', () => {
    for (const spec of Object.values(BUILTIN_PROFILES)) expect(spec.source.length).toBeGreaterThan(30);
  });

  it('seed-0-8: 40 % of presses fire, bursts of 1..8 with mean ≈ 5, ≈ 2 cards per press', () => {
    const p = resolveProfile('seed-0-8');
    expect(p.burstPmf[0].slice(0, 1)).toEqual([0]);
    expect(p.burstPmf[0].length - 1).toBe(8);
    expect(meanBurst(p) * 0.4).toBeCloseTo(2.02, 2);
    const { atRisk, fired, targets } = sampleDecisions(p, 60_000, 11);
    expect(hazardTest([0.4], atRisk, fired).pValue).toBeGreaterThan(0.001);
    expect(chiSquareGof(Array.from(p.burstPmf[0], (_, k) => targets[0][k] ?? 0), p.burstPmf[0]).pValue).toBeGreaterThan(0.001);
  });

  it('extreme-2010-measured: hazard 0.18, 0.50, 0.59, 0.55, 1.00 and the measured shares of gaps', () => {
    const p = resolveProfile('extreme-2010-measured');
    expect(p.fire).toEqual({ model: 'hazard', hazard: [0.18, 0.5, 0.59, 0.55, 1] });
    const { atRisk, fired, gaps } = sampleDecisions(p, 60_000, 12);
    expect(atRisk.length).toBe(5); // never more than 5 presses without a burst
    expect(hazardTest(p.fire.model === 'hazard' ? p.fire.hazard : [], atRisk, fired).pValue).toBeGreaterThan(0.001);
    // Against the published measurement itself: a burst came after k presses with these shares.
    const measured = [0.1796, 0.4087, 0.2415, 0.0929, 0.0774];
    const norm = measured.reduce((a, b) => a + b, 0);
    const obs = [1, 2, 3, 4, 5].map((k) => gaps[k] ?? 0);
    // The hazard is rounded to two decimals from shares measured on 800 presses: the test has the
    // power of a sample that size, not of 60 000 draws.
    const scale = 800 / obs.reduce((a, b) => a + b, 0);
    const r = chiSquareGof(obs.map((o) => o * scale), measured.map((m) => m / norm));
    expect(r.pValue).toBeGreaterThan(0.05);
  });

  it('extreme-2010-measured: burst sizes 1..13 with the measured mean per bucket', () => {
    const p = resolveProfile('extreme-2010-measured');
    const means = [4.66, 5.39, 4.72, 5.07, 7.2];
    expect(p.burstPmf).toHaveLength(means.length);
    p.burstPmf.forEach((pmf, k) => {
      expect(pmf.length - 1).toBe(13);
      expect(pmf[0]).toBe(0);
      expect(pmfMean(pmf)).toBeCloseTo(means[k], 6);
    });
    const { targets } = sampleDecisions(p, 120_000, 13);
    expect(targets.filter(Boolean)).toHaveLength(means.length);
    targets.forEach((row, k) => {
      const obs = Array.from(p.burstPmf[k], (_, n) => row[n] ?? 0);
      expect(chiSquareGof(obs, p.burstPmf[k]).pValue).toBeGreaterThan(0.001);
    });
  });

  it('attack-1999-pattern: fires exactly on the schedule, repeating every 96 presses, 3..8 cards', () => {
    const p = resolveProfile('attack-1999-pattern');
    let s = initialCore(seedRng(3));
    const firedAt: number[] = [];
    const sizes: number[] = [];
    for (let i = 1; i <= 192; i++) {
      const { state, decision } = decide(p, s);
      s = state;
      if (decision.fire) firedAt.push(i), sizes.push(decision.target);
    }
    const schedule = [2, 6, 9, 13, 17, 21, 24, 26, 27, 29, 32, 36, 37, 41, 44, 47, 48, 51, 54, 57, 58, 62, 66, 69, 72, 73, 77, 81, 84, 85, 88, 92, 93, 96];
    expect(firedAt).toEqual([...schedule, ...schedule.map((x) => x + 96)]);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(3);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(8);
  });

  it('a falsified hazard is caught by the test (the test has power)', () => {
    const p = resolveProfile('extreme-2010-measured');
    const { atRisk, fired } = sampleDecisions(p, 60_000, 14);
    expect(hazardTest([0.2, 0.5, 0.59, 0.55, 1], atRisk, fired).pValue).toBeLessThan(0.001);
  });
});
