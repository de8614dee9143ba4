/**
 * Mutation tests of the part reader: a real part, each field mutated from a seed. Every mutation
 * that breaks one of a part's consistency rules must be refused in one line naming the file and
 * the field, worded in French too (sim/part-check.ts's reasons are catalogue messages); every harmless one (a timing, a win moved between seats, a larger sum of squares)
 * must still be read.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Rng, seedRng } from '../../lib/rng.ts';
import { makePart, parsePart, PartError, shardRange, type Part } from '../../sim/part.ts';
import { simulate } from '../../sim/simulate.ts';
import { loadLang } from '../../words/catalogue.ts';
import { cliWordsIn, english, sayIn } from '../../words/cli.ts';
import { saidOf } from '../../words/said.ts';
import { englishOnly, wordsOf } from '../words/english.ts';

const FR = cliWordsIn('fr');
const ENGLISH = englishOnly();

type J = Record<string, unknown>;
type Sums = { n: number; sum: number; sumSq: number };
/** A mutation: what it does to a copy of the part, and the field a refusal names (null: harmless). */
type Mutation = { name: string; apply: (p: Part, r: Rng) => void; field: string | null };

const SUMS = ['turns', 'presses', 'reloads', 'jams', 'points', 'rounds'] as const;
const pick = <T,>(r: Rng, xs: readonly T[]): T => xs[r.int(xs.length)];
/** Index of a non-zero entry (there is one in every list this is used on). */
const nonZero = (r: Rng, xs: number[]): number => pick(r, xs.flatMap((x, i) => (x > 0 ? [i] : [])));
const agg = (p: Part, r: Rng) => {
  const j = r.int(p.aggregates.length);
  return { a: p.aggregates[j], at: `aggregates\\[${j}\\]` };
};

/** Mutations that break a rule; `field` is a pattern for the field the message must name. */
const BREAKING: Array<(r: Rng, p: Part) => Mutation> = [
  (r, p) => { const { at } = agg(p, r); const k = pick(r, SUMS); const d = pick(r, [-1, 1, 7]); return { name: `${k}.n ${d}`, field: `${at}\\.${k}\\.n`, apply: (q) => void ((q.aggregates[Number(at.match(/\d+/)![0])][k] as Sums).n += d) }; },
  (r, p) => { const { at } = agg(p, r); const k = pick(r, SUMS); return { name: `${k}.sum negative`, field: `${at}\\.${k}\\.sum`, apply: (q) => void ((q.aggregates[Number(at.match(/\d+/)![0])][k] as Sums).sum = -1 - r.int(5)) }; },
  (r, p) => { const { at } = agg(p, r); const k = pick(r, ['turns', 'presses', 'rounds'] as const); return { name: `${k}.sumSq too small`, field: `${at}\\.${k}\\.sumSq`, apply: (q) => { const s = q.aggregates[Number(at.match(/\d+/)![0])][k]; s.sumSq = Math.floor((s.sum * s.sum) / s.n) - 1 - r.int(3); } }; },
  (r, p) => { const { at } = agg(p, r); const k = pick(r, ['turns', 'presses'] as const); return { name: `${k}.sum fractional`, field: `${at}\\.${k}\\.sum`, apply: (q) => void (q.aggregates[Number(at.match(/\d+/)![0])][k].sum += 0.5) }; },
  (r, p) => { const { at } = agg(p, r); return { name: 'cardsPerPress +k', field: `${at}\\.cardsPerPress`, apply: (q) => { const h = q.aggregates[Number(at.match(/\d+/)![0])].cardsPerPress; h[r.int(h.length)] += 1 + r.int(9); } }; },
  (r, p) => { const { at } = agg(p, r); return { name: 'cardsPerPress negative', field: `${at}\\.cardsPerPress\\[\\d+\\]`, apply: (q) => { const h = q.aggregates[Number(at.match(/\d+/)![0])].cardsPerPress; const i = r.int(h.length); h[i] = -h[i] - 1; } }; },
  (r, p) => { const { at } = agg(p, r); return { name: 'cardsPerPress past 60 cards', field: `${at}\\.cardsPerPress`, apply: (q) => { const h = q.aggregates[Number(at.match(/\d+/)![0])].cardsPerPress; while (h.length < 62) h.push(0); } }; },
  (r, p) => { const { at } = agg(p, r); return { name: 'winsBySeat +1', field: `${at}\\.winsBySeat`, apply: (q) => void q.aggregates[Number(at.match(/\d+/)![0])].winsBySeat[r.int(3)]++ }; },
  (r, p) => { const { at } = agg(p, r); return { name: 'winsByBot +1', field: `${at}\\.winsByBot`, apply: (q) => void q.aggregates[Number(at.match(/\d+/)![0])].winsByBot.heuristic++ }; },
  (r, p) => { const { at } = agg(p, r); return { name: 'turnsHist +1', field: `${at}\\.turnsHist`, apply: (q) => void q.aggregates[Number(at.match(/\d+/)![0])].turnsHist[r.int(5)]++ }; },
  (r, p) => { const { at } = agg(p, r); return { name: 'turns.sum past its bins', field: `${at}\\.turns\\.sum`, apply: (q) => { const a = q.aggregates[Number(at.match(/\d+/)![0])]; const high = a.turnsHist.reduce((t, n, b) => t + n * (5 * b + 4), 0); a.turns.sum = r.chance(0.5) ? high + 1 + r.int(50) : 0; a.turns.sumSq = a.turns.sum * a.turns.sum; } }; },
  (r, p) => { const { at } = agg(p, r); return { name: 'handCount rises', field: `${at}\\.handCount\\[\\d+\\]`, apply: (q) => { const a = q.aggregates[Number(at.match(/\d+/)![0])]; const i = 1 + r.int(a.handCount.length - 1); a.handCount[i] = a.handCount[i - 1] + 1; } }; },
  (r, p) => { const { at } = agg(p, r); return { name: 'violation example of another shard', field: `${at}\\.violationExamples`, apply: (q) => { const a = q.aggregates[Number(at.match(/\d+/)![0])]; a.violations = 1; a.violationExamples = [[q.shard.end + r.int(9), 'x']]; } }; },
  (r) => { const k = pick(r, ['seconds', 'peakMemoryMiB'] as const); return { name: `${k} negative`, field: k, apply: (q) => void (q[k] = -0.5 - r.int(9)) }; },
  (r) => { const k = pick(r, ['seconds', 'peakMemoryMiB'] as const); return { name: `${k} past any machine`, field: k, apply: (q) => void (q[k] = pick(r, [1e308, 2 ** 31, 1e12])) }; },
  (r) => ({ name: 'workers out of range', field: 'workers', apply: (q) => void (q.workers = pick(r, [0, 257, 1.5, -3])) }),
  (r) => { const where = pick(r, ['', 'run', 'shard', 'aggregates[0]', 'aggregates[0].turns', 'pairedTurns[0]'] as const); const key = pick(r, ['x', 'secs', 'Games', '__proto__', 'constructor', 'turns ']); return { name: `odd key "${key}" in ${where || 'the part'}`, field: where.replace(/[[\].]/g, '\\$&') + (where ? '\\.' : '') + key.replace(/\W/g, '\\$&'), apply: (q) => { const o = where === '' ? (q as unknown as J) : where.split(/[[\].]+/).filter(Boolean).reduce<J>((v, k) => v[k] as J, q as unknown as J); Object.defineProperty(o, key, { value: 1, enumerable: true, configurable: true, writable: true }); } }; },
  (r) => ({ name: 'shard.start moved', field: 'shard', apply: (q) => void (q.shard.start += pick(r, [-1, 1])) }),
  (r) => ({ name: 'run.players', field: 'run\\.players', apply: (q) => void (q.run.players = pick(r, [1, 11, 2.5])) }),
  (r) => ({ name: 'run.bots', field: 'run\\.bots', apply: (q) => void (q.run.bots = [pick(r, ['genius', 'constructor', ''])] as never) }),
  (r) => ({ name: 'run.rules escapes', field: 'run\\.rules', apply: (q) => void (q.run.rules = pick(r, ['\x1b[2J', '', 'a\x07'])) }),
  (r) => ({ name: 'run.contents', field: 'run\\.contents', apply: (q) => void (q.run.contents = pick(r, ['xyz', '', 'A'.repeat(64)])) }),
  (r) => ({ name: 'paired sumSq too small', field: 'pairedTurns\\[0\\]\\.sumSq', apply: (q) => { const s = q.pairedTurns[0]; s.sumSq = Math.abs(s.sum) - 1 - r.int(3); if (s.sumSq < 0) s.sumSq = 0, s.sum = s.sum || 1; } }),
];

/** Mutations that keep every rule: the part must still be read. */
const HARMLESS: Array<(r: Rng, p: Part) => Mutation> = [
  (r) => ({ name: 'seconds', field: null, apply: (q) => void (q.seconds = r.int(100_000) / 7) }),
  (r) => ({ name: 'peak memory', field: null, apply: (q) => void (q.peakMemoryMiB = r.int(10_000) / 3) }),
  (r) => ({ name: 'workers', field: null, apply: (q) => void (q.workers = 1 + r.int(256)) }),
  (r, p) => { const { at } = agg(p, r); return { name: 'a win moved between seats', field: null, apply: (q) => { const w = q.aggregates[Number(at.match(/\d+/)![0])].winsBySeat; const from = nonZero(r, w); w[from]--; w[(from + 1 + r.int(2)) % 3]++; } }; },
  (r, p) => { const { at } = agg(p, r); return { name: 'a press moved between card counts', field: null, apply: (q) => { const h = q.aggregates[Number(at.match(/\d+/)![0])].cardsPerPress; const from = nonZero(r, h); h[from]--; h[r.int(h.length)]++; } }; },
  (r, p) => { const { at } = agg(p, r); const k = pick(r, SUMS); return { name: `${k}.sumSq larger`, field: null, apply: (q) => void (q.aggregates[Number(at.match(/\d+/)![0])][k].sumSq += r.int(1000)) }; },
  (r, p) => { const { at } = agg(p, r); return { name: 'turns.sum within its bins', field: null, apply: (q) => { const a = q.aggregates[Number(at.match(/\d+/)![0])]; const low = a.turnsHist.reduce((t, n, b) => t + n * 5 * b, 0); const high = a.turnsHist.reduce((t, n, b) => t + n * (5 * b + 4), 0); a.turns.sum = low + r.int(high - low + 1); a.turns.sumSq = Math.max(a.turns.sumSq, Math.ceil((a.turns.sum * a.turns.sum) / a.turns.n)); } }; },
  (r, p) => { const { at } = agg(p, r); return { name: 'a hand sum changed', field: null, apply: (q) => { const h = q.aggregates[Number(at.match(/\d+/)![0])].handSum; h[r.int(h.length)] = r.int(500); } }; },
  (r) => ({ name: 'run.seed', field: null, apply: (q) => void (q.run.seed = r.int(1e9)) }),
  (r) => ({ name: 'run.rules renamed', field: null, apply: (q) => void (q.run.rules = pick(r, ['classic', 'my rules.json', 'é'])) }),
  (r) => ({ name: 'paired sum within its squares', field: null, apply: (q) => { const s = q.pairedTurns[0]; s.sum = -s.sum; } }),
];

/** Mutations tried; UNO_FUZZ_CASES runs more, to search by hand. */
const CASES = Number(process.env.UNO_FUZZ_CASES ?? 400);

describe('parts: every field checked, a mutation that breaks a rule refused', () => {
  let good = '';
  beforeAll(async () => {
    // A part's reasons of the rules are worded by the game's catalogue, French once loaded (as cli/main.ts loads it).
    await loadLang('fr');
    const s = { games: 12, players: 3, rules: 'extreme', profiles: ['seed-0-8', 'attack-1999-pattern'], seed: 7, fidelity: 'fast' as const, match: false, bots: ['heuristic' as const, 'random' as const], csv: true };
    const rows: string[] = [];
    const [start, end] = shardRange(12, 1, 2);
    const r = await simulate(s, 1, { rows: (x) => rows.push(...x) }, [start, end]);
    good = JSON.stringify(makePart(r, 1, 2, rows));
  });

  it('the real part is read', () => {
    expect(parsePart(good, 'p.json').shard).toEqual({ index: 1, count: 2, start: 6, end: 12 });
  });

  it('a win missing is read only where a round was called off', () => {
    const part = JSON.parse(good) as Part;
    const a = part.aggregates[0];
    a.winsBySeat[a.winsBySeat.indexOf(Math.max(...a.winsBySeat))]--;
    a.winsByBot.heuristic > 0 ? a.winsByBot.heuristic-- : a.winsByBot.random--;
    expect(() => parsePart(JSON.stringify(part), 'p.json')).toThrow(/aggregates\[0\]\.winsBySeat/);
    a.calledRounds = 1;
    expect(() => parsePart(JSON.stringify(part), 'p.json')).not.toThrow();
  });

  it(`${CASES} seeded mutations: the breaking ones refused naming the field, in English and in French, the harmless ones read`, () => {
    const r = new Rng(seedRng('parts-mutations'));
    // A part's own field names (and the odd keys the mutations add), typed in every language.
    const fields = new Set<string>(['secs', 'games', 'constructor', 'proto', 'turns', 'fast', 'machine']);
    const keysOf = (v: unknown): void => {
      if (typeof v !== 'object' || v === null) return;
      for (const [k, x] of Object.entries(v)) (wordsOf(k).forEach((w) => fields.add(w)), keysOf(x));
    };
    keysOf(JSON.parse(good));
    let refused = 0;
    let read = 0;
    for (let i = 0; i < CASES; i++) {
      const breaking = r.chance(0.6);
      const m = pick(r, breaking ? BREAKING : HARMLESS)(r, JSON.parse(good) as Part);
      const part = JSON.parse(good) as Part;
      m.apply(part, r);
      const text = JSON.stringify(part);
      const shown = `case ${i}: ${m.name}`;
      if (m.field === null) {
        expect.soft(() => parsePart(text, 'p.json'), shown).not.toThrow();
        read++;
        continue;
      }
      let err: unknown = null;
      try {
        parsePart(text, 'p.json');
      } catch (e) {
        err = e;
      }
      expect.soft(err, shown).toBeInstanceOf(PartError);
      if (err instanceof PartError) {
        expect.soft(err.message, shown).toMatch(new RegExp(`^p\\.json is not a usable simulation part \\(${m.field}[:.[]`));
        expect.soft(err.message, shown).not.toMatch(/\n/);
        // Said again in French from its catalogue message: its English is the message, its French
        // holds no English word but the part's own field names (and the known ones it lists).
        const said = saidOf(err)!;
        expect.soft(english(said), shown).toBe(err.message);
        const fr = sayIn(FR, said);
        const words = wordsOf(fr.replace(/"[^"]*"|«[^»]*»|\S*[./[\]{}]\S*/g, ' ')).filter((w) => ENGLISH.has(w) && !fields.has(w));
        expect.soft(words, `${shown}: ${fr}`).toEqual([]);
      }
      refused++;
    }
    expect(refused).toBeGreaterThan(CASES / 3);
    expect(read).toBeGreaterThan(CASES / 5);
  });
});
