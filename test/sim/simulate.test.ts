import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runOnWorkers, simulate, splitGames } from '../../sim/simulate.ts';
import { summaryJson } from '../../sim/summary.ts';
import { runChunk, type SimSettings } from '../../sim/chunk.ts';
import { playOne } from '../../sim/play-one.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import { resolveRules } from '../../game/index.ts';

const base: SimSettings = {
  games: 60, players: 4, rules: 'extreme', profiles: ['seed-0-8'], seed: 7, fidelity: 'fast', match: false, bots: ['heuristic', 'random'], csv: true,
};

/** The figures without the timing fields, which vary from run to run. */
function figuresOnly(s: ReturnType<typeof summaryJson>) {
  const { seconds: _s, gamesPerSecond: _g, turnsPerSecond: _t, peakMemoryMiB: _m, workers: _w, ...rest } = s;
  return rest;
}

describe('simulate', () => {
  it('fails, naming what happened, when a worker exits with games unfinished (a run never covers fewer games quietly)', async () => {
    // A worker that takes its first chunk and exits without a word, as a process.exit deep in a game would.
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'uno-sim-')), 'quitter.mjs');
    writeFileSync(file, "import { parentPort } from 'node:worker_threads';\nparentPort.once('message', () => process.exit(0));\n");
    const absorbed: unknown[] = [];
    await expect(runOnWorkers(base, 2, splitGames(40, 2), (r) => absorbed.push(r), pathToFileURL(file))).rejects.toThrow(
      /a simulation worker stopped \(exit code 0\) with 2 chunk\(s\) of games unfinished/,
    );
    expect(absorbed).toEqual([]);
  });

  it('splits the games into chunks that cover each game once, big first and small at the end', () => {
    for (const [games, workers] of [[1, 1], [7, 3], [6000, 2], [100_000, 8], [250, 1]]) {
      const chunks = splitGames(games, workers);
      expect(chunks[0][0]).toBe(0);
      expect(chunks.at(-1)![1]).toBe(games);
      for (let i = 1; i < chunks.length; i++) expect(chunks[i][0]).toBe(chunks[i - 1][1]);
      const sizes = chunks.map(([a, b]) => b - a);
      expect(Math.min(...sizes)).toBeGreaterThan(0);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(250);
      for (let i = 1; i < sizes.length; i++) expect(sizes[i]).toBeLessThanOrEqual(sizes[i - 1]);
    }
    // The last chunks are small, so no worker finishes a long chunk alone.
    expect(splitGames(6000, 2).at(-1)![1] - splitGames(6000, 2).at(-1)![0]).toBeLessThanOrEqual(4);
  });

  it('gives the same figures and the same CSV with one worker or several', async () => {
    const rows1: string[] = [];
    const rows3: string[] = [];
    const one = await simulate(base, 1, { rows: (r) => rows1.push(...r) });
    const three = await simulate(base, 3, { rows: (r) => rows3.push(...r) });
    // Byte for byte: key order included (wins by bot come in a fixed order, not the finishing order).
    expect(JSON.stringify(figuresOnly(summaryJson(three)))).toBe(JSON.stringify(figuresOnly(summaryJson(one))));
    expect(rows3).toEqual(rows1);
    expect(rows1.map((r) => Number(r.split(',')[0]))).toEqual(Array.from({ length: 60 }, (_, i) => i));
    expect(summaryJson(one).invariantViolations).toBe(0);
  });

  it('fast and machine fidelity give identical games for the same seed', () => {
    const a = runChunk({ ...base, fidelity: 'fast' }, 0, 12);
    const b = runChunk({ ...base, fidelity: 'machine' }, 0, 12);
    expect(b.rows).toEqual(a.rows);
    expect(b.aggregates).toEqual(a.aggregates);
  });

  it('any game replays alone, identical to its run', () => {
    const all = runChunk(base, 0, 20).rows;
    const cfg = { players: 4, rules: resolveRules('extreme'), seed: 7, fidelity: 'fast' as const, match: false, bots: base.bots };
    const rec = playOne(cfg, resolveProfile('seed-0-8'), 13);
    expect(all[13].startsWith(`13,${rec.seed},seed-0-8,${rec.turns},${rec.presses},`)).toBe(true);
  });

  it('compares profiles on the same seeds: a real difference is detected, none between a profile and itself', async () => {
    const r = await simulate({ ...base, games: 150, profiles: ['seed-0-8', 'attack-1999-pattern', 'seed-0-8'], csv: false }, 2);
    const c = summaryJson(r).compare!;
    expect(c.profiles).toHaveLength(3);
    // The same profile on the same seeds: the very same games, no difference at all.
    expect(c.profiles[2].turnsVsFirst).toEqual({ meanDifference: 0, pairedT: { statistic: 0, df: 149, pValue: 1 } });
    // attack-1999 gives cards on a fixed third of presses: the distributions of cards per press differ.
    expect(c.cardsPerPressHomogeneity.pValue).toBeLessThan(1e-6);
  });

  it('plays whole matches to the target with --match', async () => {
    const r = await simulate({ ...base, games: 4, match: true, csv: false }, 1);
    const s = summaryJson(r);
    expect(s.roundsPerGame).toBeGreaterThan(1);
    expect(s.pointsPerGame).toBeGreaterThanOrEqual(500);
    expect(s.invariantViolations).toBe(0);
  });

  it('classic rules run on a draw pile, with no launcher presses', async () => {
    const r = await simulate({ ...base, games: 20, rules: 'classic', csv: false }, 1);
    const s = summaryJson(r);
    expect(s.meanPresses).toBe(0);
    expect(s.meanTurns).toBeGreaterThan(10);
  });
});
