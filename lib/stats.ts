/**
 * Statistics used by tests, simulations and profile fitting: goodness-of-fit tests with real
 * p-values and confidence intervals. Pure numeric code, no dependencies.
 */

/** ln Γ(x) by the Lanczos approximation (|error| < 1e-14 for x > 0). */
export function lnGamma(x: number): number {
  const g = 7;
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
    -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
    1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  x -= 1;
  let a = c[0];
  const t = x + g + 0.5;
  for (let i = 1; i < g + 2; i++) a += c[i] / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Regularised upper incomplete gamma Q(s, x) = Γ(s, x) / Γ(s). */
export function gammaQ(s: number, x: number): number {
  if (x <= 0) return 1;
  if (x < s + 1) {
    // Series for P, then Q = 1 - P.
    let sum = 1 / s;
    let term = sum;
    for (let n = 1; n < 1000; n++) {
      term *= x / (s + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return Math.max(0, 1 - sum * Math.exp(-x + s * Math.log(x) - lnGamma(s)));
  }
  // Continued fraction (Lentz) for Q.
  let b = x + 1 - s;
  let c = 1 / 1e-300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - s);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.min(1, Math.exp(-x + s * Math.log(x) - lnGamma(s)) * h);
}

/** P(X ≥ x) for X ~ χ²(df). */
export function chiSquareSurvival(x: number, df: number): number {
  if (df <= 0) return 1;
  return gammaQ(df / 2, x / 2);
}

/** Result of a goodness-of-fit test. */
export interface TestResult {
  statistic: number;
  df: number;
  pValue: number;
}

/**
 * Pearson's χ² goodness-of-fit test of observed counts against expected probabilities.
 * Cells with tiny expectations are pooled (expected count < 5 merges into a neighbour), as the
 * test's approximation requires. `fittedParams` lowers the degrees of freedom when the
 * probabilities were estimated from the same data.
 */
export function chiSquareGof(observed: readonly number[], probs: readonly number[], fittedParams = 0): TestResult {
  if (observed.length !== probs.length) throw new RangeError('observed and probs differ in length');
  const n = observed.reduce((a, b) => a + b, 0);
  const cells: Array<{ o: number; e: number }> = [];
  let acc = { o: 0, e: 0 };
  for (let i = 0; i < observed.length; i++) {
    acc.o += observed[i];
    acc.e += probs[i] * n;
    if (acc.e >= 5) {
      cells.push(acc);
      acc = { o: 0, e: 0 };
    }
  }
  if (acc.e > 0 || acc.o > 0) {
    if (cells.length > 0) {
      cells[cells.length - 1].o += acc.o;
      cells[cells.length - 1].e += acc.e;
    } else cells.push(acc);
  }
  let stat = 0;
  for (const { o, e } of cells) {
    if (e === 0) {
      if (o > 0) return { statistic: Infinity, df: cells.length - 1, pValue: 0 };
      continue;
    }
    stat += ((o - e) * (o - e)) / e;
  }
  const df = cells.length - 1 - fittedParams;
  return { statistic: stat, df, pValue: df > 0 ? chiSquareSurvival(stat, df) : 1 };
}

/**
 * χ² test of homogeneity of a contingency table (rows = samples, columns = categories):
 * are the rows drawn from one distribution? Columns that are empty in every row are dropped.
 */
export function chiSquareHomogeneity(table: readonly (readonly number[])[]): TestResult {
  const cols = table[0]?.length ?? 0;
  const colSums = Array.from({ length: cols }, (_, j) => table.reduce((s, r) => s + r[j], 0));
  const keep = colSums.map((s, j) => (s > 0 ? j : -1)).filter((j) => j >= 0);
  const rowSums = table.map((r) => keep.reduce((s, j) => s + r[j], 0));
  const total = rowSums.reduce((a, b) => a + b, 0);
  let stat = 0;
  for (let i = 0; i < table.length; i++)
    for (const j of keep) {
      const e = (rowSums[i] * colSums[j]) / total;
      if (e > 0) stat += (table[i][j] - e) ** 2 / e;
    }
  const df = (table.length - 1) * (keep.length - 1);
  return { statistic: stat, df, pValue: df > 0 ? chiSquareSurvival(stat, df) : 1 };
}

/** Wilson score interval for a proportion at 95 %. */
export function wilson(successes: number, n: number, z = 1.959963984540054): [number, number] {
  if (n === 0) return [0, 1];
  const p = successes / n;
  const denom = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** Regularised incomplete beta I_x(a, b) (continued fraction, Numerical Recipes' betacf). */
export function betaInc(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const lnFront = lnGamma(a + b) - lnGamma(a) - lnGamma(b) + a * Math.log(x) + b * Math.log(1 - x);
  const cf = (xx: number, aa: number, bb: number): number => {
    let c = 1;
    let d = 1 - ((aa + bb) * xx) / (aa + 1);
    if (Math.abs(d) < 1e-300) d = 1e-300;
    d = 1 / d;
    let h = d;
    for (let m = 1; m < 500; m++) {
      const m2 = 2 * m;
      let an = (m * (bb - m) * xx) / ((aa + m2 - 1) * (aa + m2));
      d = 1 + an * d; if (Math.abs(d) < 1e-300) d = 1e-300;
      c = 1 + an / c; if (Math.abs(c) < 1e-300) c = 1e-300;
      d = 1 / d; h *= d * c;
      an = (-(aa + m) * (aa + bb + m) * xx) / ((aa + m2) * (aa + m2 + 1));
      d = 1 + an * d; if (Math.abs(d) < 1e-300) d = 1e-300;
      c = 1 + an / c; if (Math.abs(c) < 1e-300) c = 1e-300;
      d = 1 / d;
      const del = d * c;
      h *= del;
      if (Math.abs(del - 1) < 1e-15) break;
    }
    return h;
  };
  if (x < (a + 1) / (a + b + 2)) return (Math.exp(lnFront) * cf(x, a, b)) / a;
  return 1 - (Math.exp(lnFront) * cf(1 - x, b, a)) / b;
}

/** Two-sided p-value of Student's t with `df` degrees of freedom. */
export function tTwoSided(t: number, df: number): number {
  if (!Number.isFinite(t)) return 0;
  return betaInc(df / (df + t * t), df / 2, 0.5);
}

/**
 * The largest of `values` (`floor` when there are none or all are below it). A loop, not
 * `Math.max(...values)`: spreading an array of data passes each element as an argument, and a
 * long one (a part's histogram) overflows the stack.
 */
export function maxOf(values: Iterable<number>, floor = -Infinity): number {
  let max = floor;
  for (const v of values) if (v > max) max = v;
  return max;
}

/** Integer-friendly sums (count, Σx, Σx²): merging them in any order gives the same figures bit for bit. */
export interface Sums {
  n: number;
  sum: number;
  sumSq: number;
}

/** An empty {@link Sums}. */
export const emptySums = (): Sums => ({ n: 0, sum: 0, sumSq: 0 });

/** Adds a sample to {@link Sums}. */
export function addSample(s: Sums, x: number): void {
  s.n++;
  s.sum += x;
  s.sumSq += x * x;
}

/** Merges `b` into `a`. */
export function mergeSums(a: Sums, b: Sums): void {
  a.n += b.n;
  a.sum += b.sum;
  a.sumSq += b.sumSq;
}

/** Mean and 95 % interval (normal approximation) of {@link Sums}. */
export function meanCi(s: Sums): { mean: number; ci95: [number, number] } {
  if (s.n === 0) return { mean: 0, ci95: [0, 0] };
  const mean = s.sum / s.n;
  const variance = s.n > 1 ? Math.max(0, (s.sumSq - s.n * mean * mean) / (s.n - 1)) : 0;
  const half = 1.959963984540054 * Math.sqrt(variance / s.n);
  return { mean, ci95: [mean - half, mean + half] };
}

/** Paired t-test from the sums of per-pair differences. */
export function pairedT(d: Sums): TestResult {
  if (d.n < 2) return { statistic: 0, df: 0, pValue: 1 };
  const mean = d.sum / d.n;
  const variance = Math.max(0, (d.sumSq - d.n * mean * mean) / (d.n - 1));
  if (variance === 0) return { statistic: mean === 0 ? 0 : Infinity, df: d.n - 1, pValue: mean === 0 ? 1 : 0 };
  const t = mean / Math.sqrt(variance / d.n);
  return { statistic: t, df: d.n - 1, pValue: tTwoSided(t, d.n - 1) };
}

/** The value at quantile `q` (0 to 1) of `sorted` (ascending), by nearest rank; NaN when there is none. */
export function quantile(sorted: readonly number[], q: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1))];
}

/** The median of `xs` (any order): the middle value, or the mean of the two middle ones. */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2;
}
