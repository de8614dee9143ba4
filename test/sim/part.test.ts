import { describe, expect, it } from 'vitest';
import { simulate } from '../../sim/simulate.ts';
import { summaryJson } from '../../sim/summary.ts';
import { makePart, mergeParts, parsePart, PartError, shardRange, type Part } from '../../sim/part.ts';
import type { SimSettings } from '../../sim/chunk.ts';

const base: SimSettings = {
  games: 41, players: 3, rules: 'extreme', profiles: ['seed-0-8', 'attack-1999-pattern'], seed: 11, fidelity: 'fast', match: false, bots: ['heuristic', 'random'], csv: true,
};

/** The figures without the timing fields, which vary from run to run. */
function figuresOnly(s: ReturnType<typeof summaryJson>) {
  const { seconds: _s, gamesPerSecond: _g, turnsPerSecond: _t, peakMemoryMiB: _m, workers: _w, ...rest } = s;
  return rest;
}

/** Shard k of n of `s` as its part file's text. */
async function partText(s: SimSettings, k: number, n: number, rows = true): Promise<string> {
  const kept: string[] = [];
  const r = await simulate(s, 1, { rows: (x) => kept.push(...x) }, shardRange(s.games, k, n));
  return JSON.stringify(makePart(r, k, n, rows ? kept : undefined));
}

const parse = (texts: string[]) => texts.map((t, k) => ({ file: `part-${k}.json`, part: parsePart(t, `part-${k}.json`) }));

describe('shards and their merge', () => {
  it('splits games by index into contiguous shards that cover each game once', () => {
    for (const [games, n] of [[41, 3], [10, 10], [1, 1], [100_000_000, 7]]) {
      const ranges = Array.from({ length: n }, (_, k) => shardRange(games, k, n));
      expect(ranges[0][0]).toBe(0);
      expect(ranges.at(-1)![1]).toBe(games);
      for (let k = 1; k < n; k++) expect(ranges[k][0]).toBe(ranges[k - 1][1]);
      const sizes = ranges.map(([a, b]) => b - a);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    }
  });

  it('merges 3 shards into exactly the figures and CSV rows of one run of all the games', async () => {
    const rows: string[] = [];
    const whole = await simulate(base, 1, { rows: (x) => rows.push(...x) });
    // Given in another order than their shard numbers: merging sorts them.
    const texts = [await partText(base, 2, 3), await partText(base, 0, 3), await partText(base, 1, 3)];
    const merged = mergeParts(parse(texts));
    expect(JSON.stringify(figuresOnly(summaryJson(merged.result)))).toBe(JSON.stringify(figuresOnly(summaryJson(whole))));
    expect(merged.rows).toEqual(rows);
    expect(summaryJson(merged.result).compare!.profiles[1].turnsVsFirst).toEqual(summaryJson(whole).compare!.profiles[1].turnsVsFirst);
    // Parts without rows still merge their figures; the rows are then unknown.
    const bare = [await partText(base, 0, 2, false), await partText(base, 1, 2, false)];
    const m2 = mergeParts(parse(bare));
    expect(m2.rows).toBeNull();
    expect(JSON.stringify(figuresOnly(summaryJson(m2.result)))).toBe(JSON.stringify(figuresOnly(summaryJson(whole))));
  });

  it('refuses parts of other runs, missing or doubled shards and damaged parts, saying which', async () => {
    const small = { ...base, games: 6, profiles: ['seed-0-8'] };
    const [p0, p1, p2] = [await partText(small, 0, 3), await partText(small, 1, 3), await partText(small, 2, 3)];
    const fails = (texts: string[], msg: RegExp) => {
      let err: unknown;
      try {
        mergeParts(parse(texts));
      } catch (e) {
        err = e;
      }
      expect(err, String(msg)).toBeInstanceOf(PartError);
      expect((err as Error).message).toMatch(msg);
      expect((err as Error).message).not.toMatch(/\n/);
    };
    fails([p0, p1], /shard 2 of 3 is missing: run `simulate --shard 2\/3/);
    fails([p0, p1, p1, p2], /shard 1\/3 is given twice \(part-1.json and part-2.json\)/);
    fails([p0, p1, await partText({ ...small, seed: 12 }, 2, 3)], /part-2.json is from another run than part-0.json: seed 12 against 11/);
    fails([p0, p1, await partText({ ...small, rules: 'classic' }, 2, 3)], /rules "classic" against "extreme"/);
    fails([p0, p1, await partText({ ...small, profiles: ['attack-1999-pattern'] }, 2, 3)], /profile \["attack-1999-pattern"\] against \["seed-0-8"\]/);
    fails([p0, await partText({ ...small, games: 7 }, 1, 3), p2], /games 7 against 6/);
    fails([p0, await partText(small, 1, 2)], /part-1.json is shard 1 of 2, part-0.json one of 3/);
    const other = JSON.parse(p2) as Part;
    other.run.contents = '0'.repeat(64);
    fails([p0, p1, JSON.stringify(other)], /different contents/);
    fails([], /no part files given/);

    const damaged = (text: string, msg: RegExp) => {
      expect(() => parsePart(text, 'p.json')).toThrow(PartError);
      expect(() => parsePart(text, 'p.json')).toThrow(msg);
    };
    damaged(p1.slice(0, p1.length / 2), /p.json is not a usable simulation part \(not complete JSON/);
    damaged('{"games": 3}', /no "format"/);
    damaged(p1.replace('"fidelity":"fast"', '"fidelity":"slow"'), /\(run\.fidelity: must be fast or machine\)/);
    damaged(p1.replace('"version":1', '"version":9'), /version 9 part; this uno-extreme reads version 1/);
    damaged(p1.replace(/"winsBySeat":\[(\d+)/, (_m, w) => `"winsBySeat":[${Number(w) + 1}`), /\(aggregates\[0\]\.winsBySeat: must be 2 wins at 3 seats\)/);
    damaged(p1.replace(/"turns":\{"n":2,"sum":\d+/, '"turns":{"n":2,"sum":2.5'), /\(aggregates\[0\]\.turns\.sum: must be a whole number from 0\)/);
    damaged(p1.replace('"start":2', '"start":1'), /\(shard: shard 1\/3 of 6 games is games 2..3, the file says 1..3\)/);
    const cut = JSON.parse(p1) as Part;
    cut.rows = cut.rows!.slice(1);
    damaged(JSON.stringify(cut), /\(rows: must keep 2 CSV rows\)/);
    const swapped = JSON.parse(p1) as Part;
    swapped.rows = [swapped.rows![1], swapped.rows![0]];
    damaged(JSON.stringify(swapped), /\(rows\[0\]: is not game 2's CSV row\)/);
    const escaping = JSON.parse(p1) as Part;
    escaping.rows![1] = escaping.rows![1].replace(',', ',\x1b]0;pwned\x07');
    damaged(JSON.stringify(escaping), /\(rows\[1\]: holds a control character\)/);
  });
});
