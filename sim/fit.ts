/**
 * Fitting a launcher profile to presses logged on a device (or the emulator): the hazard by
 * presses since the last burst and the burst-size law, with confidence intervals, and a
 * goodness-of-fit test of the log against each shipped profile. Pure: text in, numbers out.
 */
import { seedRng } from '../lib/rng.ts';
import { chiSquareGof, wilson, type TestResult } from '../lib/stats.ts';
import { FastLauncher } from '../emulator/api.ts';
import { MAX_BURST, type Profile, type ProfileSpec } from '../emulator/profile.ts';
import { parseJsonText, shown, terminalText } from '../lib/untrusted.ts';
import { english } from '../words/cli.ts';
import { said, withSaid, type Said } from '../words/said.ts';

/**
 * A log that cannot be read: says which line and why. Why is a message of the command line's
 * catalogue (`cli.log.*`), kept in `said` (not enumerable: the error compares as its English
 * text alone) for the program to word in its reader's language; its `message` is the English.
 */
export class LogError extends Error {
  declare readonly said?: Said;
  constructor(readonly file: string, readonly line: number, why: string | Said) {
    const s = typeof why === 'string' ? undefined : said('cli.log.at', { file, line: String(line), why });
    super(s ? english(s) : `${file}:${line}: ${why as string}`);
    this.name = 'LogError';
    if (s) withSaid(this, s);
  }
}

/** One press seen from outside: did it ding, how many cards came out. */
export interface Observed {
  ding: boolean;
  cards: number;
}

/**
 * Reads a press log: JSON lines as `--log` writes them (`{"ding": true, "cards": 3, …}`), or a
 * CSV of card counts (one press per line; a header naming a `cards` column is allowed). Blank
 * lines are skipped; anything else is an error naming the line, except a JSON last line cut
 * short with no line end (a run stopped mid-write, or a full disk): it is left out, and `note`
 * told so (a message of the command line's catalogue, for the reader's language).
 */
export function parsePressLog(text: string, file = 'log', note: (line: Said) => void = () => {}): Observed[] {
  const lines = text.split(/\r?\n/);
  const last = lines[lines.length - 1].trim();
  if (last.startsWith('{') && isCutShort(last)) {
    note(said('cli.log.at', { file, line: String(lines.length), why: said('cli.log.cutShort') }));
    lines.pop();
  }
  const out: Observed[] = [];
  let csvColumn = -1;
  /** The log's format, set by its first line: a log is one or the other (two logs joined by hand would be read as one). */
  let format: { json: boolean; at: number } | null = null;
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === '') return;
    const n = i + 1;
    const json = line.startsWith('{');
    format ??= { json, at: n };
    if (json !== format.json) throw new LogError(file, n, said('cli.log.mixed', { json: json ? 'yes' : 'no', logJson: format.json ? 'yes' : 'no', at: String(format.at) }));
    if (json) {
      let o: unknown;
      try {
        o = parseJsonText(line);
      } catch {
        throw new LogError(file, n, said('cli.log.notJson'));
      }
      const rec = o as { ding?: unknown; cards?: unknown };
      if (typeof rec.cards !== 'number' || !Number.isInteger(rec.cards) || rec.cards < 0 || rec.cards > MAX_BURST)
        throw new LogError(file, n, said('cli.log.cards', { max: String(MAX_BURST), got: shown(rec.cards) }));
      if (rec.ding !== undefined && typeof rec.ding !== 'boolean') throw new LogError(file, n, said('cli.log.ding'));
      out.push({ ding: rec.ding !== false, cards: rec.cards });
      return;
    }
    const cells = line.split(/[,;\t]/).map((c) => c.trim());
    if (out.length === 0 && csvColumn < 0 && cells.some((c) => /^[a-z_]+$/i.test(c))) {
      csvColumn = cells.findIndex((c) => c.toLowerCase() === 'cards');
      if (csvColumn < 0) throw new LogError(file, n, said('cli.log.noColumn'));
      return;
    }
    const cell = cells[csvColumn < 0 ? 0 : csvColumn];
    if (cell === undefined || !/^\d+$/.test(cell) || Number(cell) > MAX_BURST)
      throw new LogError(file, n, said('cli.log.count', { max: String(MAX_BURST), got: terminalText((cell ?? '').slice(0, 40)) }));
    out.push({ ding: true, cards: Number(cell) });
  });
  if (out.length === 0) throw new LogError(file, 1, said('cli.log.empty'));
  return out;
}

/**
 * A last line (no line end after it) that is not JSON: a write cut short. Not one nested too
 * deep, which no cut makes.
 */
function isCutShort(line: string): boolean {
  try {
    parseJsonText(line);
    return false;
  } catch (e) {
    return !/nested more than/.test((e as Error).message);
  }
}

/** Presses tabulated by rank since the last burst (k = 1..K, the last row pooling the tail). */
export interface Tabulated {
  /** presses counted (dinged, after the first burst: the rank before it is unknown). */
  presses: number;
  /** byBucket[k-1][c] = presses at rank k that gave c cards. */
  byBucket: number[][];
  maxCards: number;
}

/**
 * Tabulates presses by rank since the last burst. A burst is a press that gave cards. Presses
 * before the first burst are left out: how many came before the log started is unknown.
 */
export function tabulate(obs: readonly Observed[], maxBucket = 12): Tabulated {
  const byBucket: number[][] = [];
  let since = -1;
  let presses = 0;
  let maxCards = 0;
  for (const o of obs) {
    if (!o.ding) continue;
    if (since >= 0) {
      const k = Math.min(since, maxBucket - 1);
      (byBucket[k] ??= [])[o.cards] = ((byBucket[k] ??= [])[o.cards] ?? 0) + 1;
      presses++;
      maxCards = Math.max(maxCards, o.cards);
    }
    if (o.cards > 0) since = 0;
    else if (since >= 0) since++;
  }
  for (let k = 0; k < byBucket.length; k++) byBucket[k] = Array.from({ length: maxCards + 1 }, (_, c) => byBucket[k]?.[c] ?? 0);
  return { presses, byBucket, maxCards };
}

/**
 * The distribution a profile predicts for the same table, by simulating it with the fast path
 * (all mechanics included: slips, double feeds, half-out cards). `presses` large makes the
 * prediction's own noise negligible next to a log's.
 */
export function predictTable(p: Profile, maxBucket: number, maxCards: number, presses = 200_000, seed = 1): number[][] {
  // Played as people play: a 108-card deck, reloaded through the lid whenever it is empty, jams
  // cleared by a lid cycle (FastLauncher does both as the machine does).
  const deck = Array.from({ length: 108 }, (_, i) => `p${i}`);
  const l = new FastLauncher(p, seedRng(seed, 0xf17), deck);
  const obs: Observed[] = [];
  for (let i = 0; i < presses; i++) {
    if (l.supplyCount === 0) l.loadSync(deck);
    // Fresh cells all along: the prediction is of a launcher in good order.
    l.state.motorMs = 0;
    const r = l.pressSync();
    if (r.jam) l.clearJamSync();
    obs.push({ ding: r.dinged, cards: r.cards.length });
  }
  const t = tabulate(obs, maxBucket);
  const total = t.presses;
  return Array.from({ length: maxBucket }, (_, k) =>
    Array.from({ length: maxCards + 2 }, (_, c) => {
      const row = t.byBucket[k] ?? [];
      // The last column pools every count above the log's largest.
      const n = c <= maxCards ? (row[c] ?? 0) : row.slice(maxCards + 1).reduce((a, b) => a + b, 0);
      return n / total;
    }),
  );
}

/** Goodness of fit of a log's table to a profile (χ², small cells pooled). */
export function testAgainst(t: Tabulated, p: Profile, simPresses = 200_000): TestResult {
  const K = t.byBucket.length;
  const expected = predictTable(p, K, t.maxCards, simPresses);
  const obs: number[] = [];
  const probs: number[] = [];
  for (let k = 0; k < K; k++)
    for (let c = 0; c <= t.maxCards + 1; c++) {
      obs.push(c <= t.maxCards ? (t.byBucket[k]?.[c] ?? 0) : 0);
      probs.push(expected[k][c]);
    }
  // A cell the profile calls impossible but the log has: no fit at all.
  if (obs.some((o, i) => o > 0 && probs[i] === 0)) return { statistic: Infinity, df: obs.length - 1, pValue: 0 };
  return chiSquareGof(obs, probs);
}

/** A fitted profile with its uncertainty. */
export interface Fit {
  presses: number;
  /** P(burst at the k-th press since the last one), k = 1..K. */
  fireHazard: number[];
  /** 95 % Wilson intervals of the hazard. */
  fireHazardCi: Array<[number, number]>;
  /** Presses at risk per rank (how much data each hazard rests on). */
  atRisk: number[];
  /** Bursts by size: card count → bursts. */
  burstHistogram: Record<string, number>;
  meanBurst: number;
  meanBurstCi: [number, number];
  meanCardsPerPress: number;
  pNoCards: number;
}

/**
 * Estimates hazard and burst law from a table. Ranks with fewer than `minAtRisk` presses are
 * pooled into the one before, so no hazard rests on a handful of presses.
 */
export function estimate(t: Tabulated, minAtRisk = 10): Fit {
  const rows = t.byBucket.map((r) => r.slice());
  while (rows.length > 1 && rows[rows.length - 1].reduce((a, b) => a + b, 0) < minAtRisk) {
    const last = rows.pop()!;
    last.forEach((n, c) => (rows[rows.length - 1][c] += n));
  }
  const atRisk = rows.map((r) => r.reduce((a, b) => a + b, 0));
  const fired = rows.map((r) => r.reduce((a, b, c) => a + (c > 0 ? b : 0), 0));
  const hist: number[] = new Array(t.maxCards + 1).fill(0);
  rows.forEach((r) => r.forEach((n, c) => (hist[c] += n)));
  const bursts = fired.reduce((a, b) => a + b, 0);
  let cards = 0;
  let sq = 0;
  hist.forEach((n, c) => ((cards += n * c), (sq += n * c * c)));
  const meanBurst = bursts ? cards / bursts : 0;
  const sd = bursts > 1 ? Math.sqrt((sq - bursts * meanBurst * meanBurst) / (bursts - 1)) : 0;
  const half = bursts ? (1.96 * sd) / Math.sqrt(bursts) : 0;
  const burstHistogram: Record<string, number> = {};
  hist.forEach((n, c) => c > 0 && n > 0 && (burstHistogram[String(c)] = n));
  const r4 = (x: number) => Math.round(x * 10000) / 10000;
  return {
    presses: t.presses,
    fireHazard: atRisk.map((n, k) => r4(n ? fired[k] / n : 0)),
    fireHazardCi: atRisk.map((n, k) => wilson(fired[k], n).map(r4) as [number, number]),
    atRisk,
    burstHistogram,
    meanBurst: r4(meanBurst),
    meanBurstCi: [r4(meanBurst - half), r4(meanBurst + half)],
    meanCardsPerPress: r4(t.presses ? cards / t.presses : 0),
    pNoCards: r4(t.presses ? hist[0] / t.presses : 0),
  };
}

/** The fit as a profile `--profile` accepts. Mechanics stay at their defaults: a log of counts cannot separate them from the law. */
export function fitToProfile(fit: Fit, name: string, source: string): ProfileSpec {
  const hazard = fit.fireHazard.slice();
  // The last rank pools the tail; if every press there fired, the launcher never waits longer.
  return {
    name,
    source,
    description: `Fitted to ${fit.presses} presses: ${hazard.length} hazard ranks, bursts of ${Object.keys(fit.burstHistogram).join('/')} cards.`,
    fire: { model: 'hazard', hazard: hazard.some((h) => h > 0) ? hazard : [1e-6] },
    burst: { law: 'histogram', weights: fit.burstHistogram },
    mechanics: { slip: 0, doubleFeed: 0, jam: 0, halfOut: 0 },
  };
}
