/**
 * Turning an aggregate into the figures people read: means with 95 % intervals, shares, tables
 * with small histograms, and the JSON a script consumes.
 */
import { chiSquareGof, chiSquareHomogeneity, maxOf, meanCi, pairedT, wilson, type Sums, type TestResult } from '../lib/stats.ts';
import { sortedWins, TURN_BIN, type Aggregate } from './record.ts';
import type { SimResult } from './simulate.ts';

const r4 = (x: number) => Math.round(x * 10000) / 10000;
const ci = (s: Sums) => {
  const m = meanCi(s);
  return { mean: r4(m.mean), ci95: m.ci95.map(r4) as [number, number] };
};

/** The figures of one profile's aggregate. */
export function figures(a: Aggregate, players: number) {
  const totalPresses = a.cardsPerPress.reduce((s, n) => s + (n ?? 0), 0);
  const noCards = a.cardsPerPress[0] ?? 0;
  const cardsOut = a.cardsPerPress.reduce((s, n, c) => s + (n ?? 0) * c, 0);
  const cardsPerPress: Record<string, number> = {};
  a.cardsPerPress.forEach((n, c) => n && (cardsPerPress[String(c)] = n));
  const winsShare = a.winsBySeat.map((w) => ({ wins: w, share: r4(a.games ? w / a.games : 0), ci95: wilson(w, a.games).map(r4) }));
  return {
    turns: ci(a.turns),
    presses: ci(a.presses),
    reloads: ci(a.reloads),
    jams: ci(a.jams),
    points: ci(a.points),
    rounds: ci(a.rounds),
    cardsPerPress,
    meanCardsPerPress: r4(totalPresses ? cardsOut / totalPresses : 0),
    pNoCards: r4(totalPresses ? noCards / totalPresses : 0),
    pNoCardsCi: wilson(noCards, totalPresses).map(r4),
    bursts: totalPresses - noCards,
    winsBySeat: winsShare,
    winsByBot: sortedWins(a.winsByBot),
    /** Mean cards per hand at the start of turn t (t = 0, 1, …) over the games that got there. */
    handOverTime: a.handSum.map((s, t) => r4(s / a.handCount[t] / players)),
    turnsHistogram: a.turnsHist.map((n, b) => ({ from: b * TURN_BIN, to: b * TURN_BIN + TURN_BIN - 1, games: n ?? 0 })),
  };
}

/** Is a seat a real advantage? χ² of wins against equal shares. */
export function seatTest(a: Aggregate): TestResult {
  return chiSquareGof(a.winsBySeat, a.winsBySeat.map(() => 1 / a.winsBySeat.length));
}

/** The JSON `simulate --json` prints. */
export function summaryJson(r: SimResult) {
  const s = r.settings;
  const per = r.aggregates.map((a) => figures(a, s.players));
  const f = per[0];
  const a = r.aggregates[0];
  const turnsTotal = r.aggregates.reduce((t, x) => t + x.turns.sum, 0);
  const gamesTotal = r.aggregates.reduce((t, x) => t + x.games, 0);
  const out = {
    games: s.games, players: s.players, rules: s.rules, profile: s.profiles[0], seed: s.seed, fidelity: s.fidelity,
    match: s.match, bots: s.bots, workers: r.workers,
    meanTurns: f.turns.mean, meanTurnsCi95: f.turns.ci95,
    meanPresses: f.presses.mean, meanPressesCi95: f.presses.ci95,
    cardsPerPress: f.cardsPerPress, meanCardsPerPress: f.meanCardsPerPress,
    pNoCards: f.pNoCards, pNoCardsCi95: f.pNoCardsCi,
    bursts: f.bursts,
    reloadsPerGame: f.reloads.mean, reloadsPerGameCi95: f.reloads.ci95,
    jamsPerGame: f.jams.mean,
    pointsPerGame: f.points.mean, pointsPerGameCi95: f.points.ci95,
    roundsPerGame: f.rounds.mean,
    /** Rounds called off (nobody went out in ROUND_MOVE_LIMIT moves), over every game of the first profile. */
    calledRounds: a.calledRounds,
    winsBySeat: a.winsBySeat, winsBySeatShare: f.winsBySeat.map((w) => w.share), seatTest: seatTest(a),
    winsByBot: sortedWins(a.winsByBot),
    handOverTime: f.handOverTime,
    invariantViolations: r.aggregates.reduce((t, x) => t + x.violations, 0),
    invariantExamples: r.aggregates.flatMap((x) => x.violationExamples.map(([i, v]) => `game ${i}: ${v}`)),
    seconds: Math.round(r.seconds * 1000) / 1000,
    gamesPerSecond: Math.round(gamesTotal / r.seconds),
    turnsPerSecond: Math.round(turnsTotal / r.seconds),
    peakMemoryMiB: r.peakMemoryMiB,
    ...(s.profiles.length > 1 ? { compare: compareJson(r, per) } : {}),
  };
  return out;
}

/** Side by side figures of several profiles on the same seeds, with tests of the differences. */
export function compareJson(r: SimResult, per: Array<ReturnType<typeof figures>>) {
  const table = r.aggregates.map((a) => a.cardsPerPress);
  const width = maxOf(table.map((t) => t.length));
  const presses = chiSquareHomogeneity(table.map((t) => Array.from({ length: width }, (_, i) => t[i] ?? 0)));
  return {
    profiles: r.settings.profiles.map((p, j) => ({
      profile: p, meanTurns: per[j].turns.mean, meanTurnsCi95: per[j].turns.ci95, meanPresses: per[j].presses.mean,
      pNoCards: per[j].pNoCards, meanCardsPerPress: per[j].meanCardsPerPress, reloadsPerGame: per[j].reloads.mean,
      winsBySeat: r.aggregates[j].winsBySeat,
      ...(j > 0 ? { turnsVsFirst: { meanDifference: r4(r.pairedTurns[j - 1].sum / r.pairedTurns[j - 1].n), pairedT: pairedT(r.pairedTurns[j - 1]) } } : {}),
    })),
    cardsPerPressHomogeneity: presses,
  };
}
