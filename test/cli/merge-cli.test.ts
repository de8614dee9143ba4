import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../cli/main.ts';
import { spark } from '../../cli/simulate.ts';
import { makePart, shardRange, type Part } from '../../sim/part.ts';
import { CSV_HEADER } from '../../sim/record.ts';
import { simulate } from '../../sim/simulate.ts';
import { run } from '../cli-run.ts';
import { PROGRAM_RUN_MS } from '../budgets.ts';

/**
 * A part read as `big.rows` is the part `big.part` stands for: millions of rows are too many to
 * write and parse in a test, and merge's CSV is what is under test, not the reading.
 */
const big: { part: Part | null } = { part: null };
vi.mock('../../sim/part.ts', async (original) => {
  const real = await original<typeof import('../../sim/part.ts')>();
  return { ...real, parsePart: (text: string, file: string) => (file.endsWith('big.rows') && big.part ? big.part : real.parsePart(text, file)) };
});

/** `--json` output without the timing fields, which vary from run to run. */
function figures(stdout: string): string {
  const { seconds: _s, gamesPerSecond: _g, turnsPerSecond: _t, peakMemoryMiB: _m, workers: _w, ...rest } = JSON.parse(stdout);
  return JSON.stringify(rest);
}

describe('uno-extreme simulate --shard and merge', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'uno-merge-'));
  const at = (f: string) => path.join(dir, f);
  const runArgs = ['--games', '25', '--seed', '4', '--players', '3', '--bots', 'heuristic,random', '--workers', '1'];

  it('3 shards merged give the JSON, CSV and report of one run of all the games, byte for byte', () => {
    for (let k = 0; k < 3; k++) {
      const r = run('simulate', ...runArgs, '--shard', `${k}/3`, '--out', at(`part-${k}.json`), '--rows');
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^shard ${k}/3: games \\d+\\.\\.\\d+ written to `));
    }
    const whole = run('simulate', ...runArgs, '--json', '--csv', at('whole.csv'), '--report', at('whole.html'));
    expect(whole.status, whole.stderr).toBe(0);
    const merged = run('merge', at('part-2.json'), at('part-0.json'), at('part-1.json'), '--json', '--csv', at('merged.csv'), '--report', at('merged.html'));
    expect(merged.status, merged.stderr).toBe(0);
    expect(figures(merged.stdout)).toBe(figures(whole.stdout));
    expect(readFileSync(at('merged.csv'), 'utf8')).toBe(readFileSync(at('whole.csv'), 'utf8'));
    // The report differs only in its speed line (the shards' time, not the whole run's).
    const noSpeed = (f: string) => readFileSync(at(f), 'utf8').replace(/<tr><th>speed<\/th>.*?<\/tr>/, '');
    expect(noSpeed('merged.html')).toBe(noSpeed('whole.html'));
    expect(noSpeed('merged.html')).not.toBe(readFileSync(at('merged.html'), 'utf8'));
    // The table, and the CSV on standard output.
    const table = run('merge', at('part-0.json'), at('part-1.json'), at('part-2.json'));
    expect(table.stdout).toMatch(/^25 rounds · 3 players · rules extreme · profile seed-0-8 · seed 4/);
    const csvOut = run('merge', at('part-0.json'), at('part-1.json'), at('part-2.json'), '--csv', '-');
    expect(csvOut.stdout).toBe(readFileSync(at('whole.csv'), 'utf8'));
  }, 7 * PROGRAM_RUN_MS);

  it('replays a CSV row alone from its seed', () => {
    const row = readFileSync(at('whole.csv'), 'utf8').split('\n')[8].split(',');
    const r = run('simulate', '--players', '3', '--bots', 'heuristic,random', '--replay-game', row[1], '--json');
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ seed: row[1], turns: Number(row[3]), presses: Number(row[4]), moves: Number(row[5]), winner: Number(row[10]) });
    const byIndex = run('simulate', ...runArgs, '--replay-game', row[0], '--json');
    expect(JSON.parse(byIndex.stdout)).toMatchObject({ index: 7, seed: row[1], turns: Number(row[3]) });
  }, 2 * PROGRAM_RUN_MS);

  describe('says in one line what is wrong with shards and parts', () => {
    const other = at('other-0.json');
    beforeAll(() => {
      writeFileSync(at('cut.json'), readFileSync(at('part-1.json'), 'utf8').slice(0, 300));
      expect(run('simulate', ...runArgs.map((a) => (a === '4' ? '5' : a)), '--shard', '0/3', '--out', other).status).toBe(0);
      run('simulate', ...runArgs, '--shard', '1/3', '--out', at('bare-1.json'));
    }, 2 * PROGRAM_RUN_MS);
    const cases: Array<[string[], RegExp]> = [
      [['merge', at('part-0.json'), at('part-1.json')], /shard 2 of 3 is missing/],
      [['merge', at('part-0.json'), at('part-1.json'), at('part-1.json'), at('part-2.json')], /shard 1\/3 is given twice/],
      [['merge', other, at('part-1.json'), at('part-2.json')], /is from another run than .*other-0.json: seed 4 against 5/],
      [['merge', at('part-0.json'), at('cut.json'), at('part-2.json')], /cut.json is not a usable simulation part \(not complete JSON/],
      [['merge', at('part-0.json'), at('nowhere.json')], /cannot read .*nowhere.json: no such file/],
      [['merge', at('part-0.json'), at('bare-1.json'), at('part-2.json'), '--csv', at('never.csv')], /bare-1.json kept none: run that shard again with --rows/],
      [['merge'], /name the part files to merge/],
      [['simulate', ...runArgs, '--shard', '3/3', '--out', at('x.json')], /K runs from 0 to 2/],
      [['simulate', ...runArgs, '--shard', '/3', '--out', at('x.json')], /--shard takes K\/N .*JOB_COMPLETION_INDEX/],
      [['simulate', ...runArgs, '--shard', '0/26', '--out', at('x.json')], /N must be from 1 to the games \(25\)/],
      [['simulate', ...runArgs, '--shard', '0/3'], /--shard needs --out FILE/],
      [['simulate', '--games', '9', '--shard', '0/3', '--out', at('x.json')], /--shard needs --seed S/],
      [['simulate', ...runArgs, '--shard', '0/3', '--out', at('x.json'), '--json'], /--json goes with `uno-extreme merge`/],
      [['simulate', ...runArgs, '--out', at('x.json')], /--out goes with --shard K\/N/],
      [['simulate', ...runArgs, '--replay-game', 'g7'], /--replay-game takes a game number .* or a game seed/],
    ];
    for (const [args, msg] of cases) {
      it(args.map((a) => a.replace(`${dir}/`, '')).join(' '), () => {
        const r = run(...args);
        expect(r.status).not.toBe(0);
        expect(r.stderr).toMatch(msg);
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
      });
    }
    it('and writes none of the files those asked for', () => {
      expect(existsSync(at('never.csv'))).toBe(false);
      expect(existsSync(at('x.json'))).toBe(false);
    });
  });

  it('--help of both commands says how shards work', () => {
    const sim = run('simulate', '--help');
    expect(sim.stdout).toMatch(/--shard K\/N/);
    expect(sim.stdout).toMatch(/--out FILE/);
    const merge = run('merge', '--help');
    expect(merge.status).toBe(0);
    expect(merge.stdout).toMatch(/^uno-extreme merge <part.json…> \[options\]/);
    for (const o of ['--json', '--csv FILE', '--report FILE.html']) expect(merge.stdout).toContain(o);
    expect(run('--help').stdout).toMatch(/\n {2}merge +sum the part files/);
  }, 3 * PROGRAM_RUN_MS);
});

describe('merge: large, but valid', () => {
  afterEach(() => vi.restoreAllMocks());
  const dir = mkdtempSync(path.join(tmpdir(), 'uno-merge-big-'));

  /** A real part of one shard of `games` games, with its rows. */
  async function realPart(games: number): Promise<Part> {
    const s = { games, players: 3, rules: 'extreme', profiles: ['seed-0-8'], seed: 5, fidelity: 'fast' as const, match: false, bots: ['heuristic' as const], csv: true };
    const rows: string[] = [];
    const r = await simulate(s, 1, { rows: (x) => rows.push(...x) }, shardRange(games, 0, 1));
    return makePart(r, 0, 1, rows);
  }

  /** Runs `main` in this process, keeping what it writes. */
  async function merge(argv: string[]): Promise<{ code: number; out: string[]; err: string }> {
    const out: string[] = [];
    let err = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => (out.push(String(s)), true));
    vi.spyOn(console, 'log').mockImplementation((s: unknown) => void out.push(`${String(s)}\n`));
    vi.spyOn(console, 'error').mockImplementation((s: unknown) => void (err += `${String(s)}\n`));
    const code = await main(['merge', ...argv]);
    vi.restoreAllMocks();
    return { code, out, err };
  }

  it('--csv - of 600 million characters of rows, more than one string holds, goes out in batches', async () => {
    const part = await realPart(3);
    // 600,000 rows of 1,000 characters (one string, shared: the test's memory stays small).
    const row = `0,${'f'.repeat(998)}`;
    big.part = { ...part, rows: new Array<string>(600_000).fill(row) };
    writeFileSync(path.join(dir, 'big.rows'), '');
    const r = await merge([path.join(dir, 'big.rows'), '--csv', '-']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    // With --csv - standard output holds the CSV alone.
    const csv = r.out;
    expect(csv[0].startsWith(`${CSV_HEADER}\n${row}\n`)).toBe(true);
    expect(csv.reduce((n, c) => n + c.length, 0)).toBe(CSV_HEADER.length + 1 + 600_000 * 1001);
    expect(Math.max(...csv.map((c) => c.length))).toBeLessThan(2 ** 20 + 1002);
  });

  it('a part whose turns histogram has 300,000 bins: the sparkline fits the line, the report draws at most 60 bars', async () => {
    const part = await realPart(4);
    // One game moved to bin 299,999 (1.5 million turns): its sums moved with it, so the part holds together.
    const a = part.aggregates[0];
    const from = a.turnsHist.findIndex((n) => n > 0);
    const to = 299_999;
    a.turnsHist[from]--;
    for (let b = a.turnsHist.length; b < to; b++) a.turnsHist[b] = 0;
    a.turnsHist[to] = 1;
    const before = 5 * from + 4;
    const after = 5 * to + 4;
    a.turns.sum += after - before;
    a.turns.sumSq += after * after - before * before;
    const file = path.join(dir, 'long.json');
    writeFileSync(file, JSON.stringify(part));
    const report = path.join(dir, 'long.html');
    const r = await merge([file, '--report', report]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const line = r.out.join('').split('\n').find((l) => /^turns per game {3}[▁-█]/.test(l))!;
    expect(line).toMatch(/\(0 … 1500000\)$/);
    expect([...line].length).toBeLessThanOrEqual(80);
    // Spread into Math.max, the 300,000 bins overflowed the stack; drawn one bar each, they made a 40 MB page.
    const chart = /<svg[^>]*aria-label="Turns per game">.*?<\/svg>/s.exec(readFileSync(report, 'utf8'))![0];
    const drawn = [...chart.matchAll(/<title>games (\d+): (\d+)<\/title>/g)];
    expect(drawn.length).toBeLessThanOrEqual(60);
    expect(drawn.reduce((n, m) => n + Number(m[2]), 0)).toBe(4);
    expect(drawn.at(-1)![1]).toBe(String(5 * (to - (to % Math.ceil(300_000 / 60)))));
  });

  it('spark: one bar per value when they fit, the mean of neighbours when not', () => {
    expect(spark([0, 1, 2, 3, 4, 5, 6, 7], 80)).toBe('▁▂▃▄▅▆▇█');
    expect(spark([0, 0, 7, 7], 2)).toBe('▁█');
    const long = Array.from({ length: 3_000_000 }, (_, i) => (i === 2_999_999 ? 1 : 0));
    expect(spark(long, 40)).toHaveLength(40);
  });
});
