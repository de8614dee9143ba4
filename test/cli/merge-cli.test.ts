import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { run } from '../cli-run.ts';
import { PROGRAM_RUN_MS } from '../budgets.ts';

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
