/**
 * Burst-size laws: how many cards a firing press aims to eject. A law is plain data (it can sit
 * in a profile JSON file); {@link lawPmf} turns it into a probability table over 0..max.
 */
import { maxOf } from '../lib/stats.ts';

/** A burst-size law, as written in a profile. */
export type BurstLaw =
  /** Relative weights per card count, e.g. `{ "1": 5, "2": 8 }`. */
  | { law: 'histogram'; weights: Record<string, number> }
  /** Every count in [min, max] equally likely. */
  | { law: 'uniform'; min: number; max: number }
  /**
   * The maximum-entropy law on [min, max] with the given mean (p(k) ∝ e^{λk}): the least
   * committal law that matches a measured mean, used where only means are known.
   */
  | { law: 'maxent'; min: number; max: number; mean: number }
  /** Poisson(mean) conditioned on [min, max]. */
  | { law: 'poisson'; min: number; max: number; mean: number };

/** A probability table: `pmf[k]` = P(burst of k cards). */
export type Pmf = number[];

function normalise(w: number[]): Pmf {
  const s = w.reduce((a, b) => a + b, 0);
  return w.map((x) => x / s);
}

function maxentWeights(min: number, max: number, lambda: number): number[] {
  const w: number[] = new Array(max + 1).fill(0);
  const mid = (min + max) / 2;
  for (let k = min; k <= max; k++) w[k] = Math.exp(lambda * (k - mid));
  return w;
}

function meanOf(p: Pmf): number {
  return p.reduce((s, x, k) => s + x * k, 0);
}

/** Turns a law into its probability table over 0..max. Throws on an impossible law. */
export function lawPmf(law: BurstLaw): Pmf {
  switch (law.law) {
    case 'histogram': {
      const keys = Object.keys(law.weights).map(Number);
      const max = maxOf(keys);
      const w: number[] = new Array(max + 1).fill(0);
      for (const [k, v] of Object.entries(law.weights)) w[Number(k)] = v;
      return normalise(w);
    }
    case 'uniform': {
      const w: number[] = new Array(law.max + 1).fill(0);
      for (let k = law.min; k <= law.max; k++) w[k] = 1;
      return normalise(w);
    }
    case 'maxent': {
      // Bisection on λ: the mean is increasing in λ.
      let lo = -20;
      let hi = 20;
      for (let i = 0; i < 200; i++) {
        const mid = (lo + hi) / 2;
        if (meanOf(normalise(maxentWeights(law.min, law.max, mid))) < law.mean) lo = mid;
        else hi = mid;
      }
      return normalise(maxentWeights(law.min, law.max, (lo + hi) / 2));
    }
    case 'poisson': {
      const w: number[] = new Array(law.max + 1).fill(0);
      let logFact = 0;
      for (let k = 0; k <= law.max; k++) {
        if (k > 0) logFact += Math.log(k);
        if (k >= law.min) w[k] = Math.exp(k * Math.log(law.mean) - law.mean - logFact);
      }
      return normalise(w);
    }
  }
}

/** Cumulative table for sampling with {@link Rng.fromCdf}. */
export function pmfCdf(p: Pmf): number[] {
  const c: number[] = [];
  let s = 0;
  for (const x of p) c.push((s += x));
  c[c.length - 1] = 1;
  return c;
}

/** Mean of a probability table. */
export const pmfMean = meanOf;
