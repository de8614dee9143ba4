import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSave } from '../../game/files.ts';
import { readPlaySave } from '../../cli/play/session.ts';
import { run } from '../cli-run.ts';
import { OPTION_NAMES } from '../../game/rules.ts';
import { PROGRAM_RUN_MS } from '../budgets.ts';


describe('uno-extreme simulate', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'uno-sim-'));

  it('--json prints the promised fields; --csv writes one row per game; --report writes a page with charts', () => {
    const csv = path.join(dir, 'games.csv');
    const html = path.join(dir, 'report.html');
    const r = run('simulate', '--games', '40', '--seed', '3', '--workers', '2', '--json', '--csv', csv, '--report', html);
    expect(r.status, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout);
    for (const k of ['games', 'players', 'rules', 'profile', 'seed', 'meanTurns', 'meanPresses', 'cardsPerPress', 'pNoCards', 'reloadsPerGame', 'winsBySeat', 'invariantViolations', 'gamesPerSecond', 'turnsPerSecond'])
      expect(s, k).toHaveProperty(k);
    expect(s).toMatchObject({ games: 40, players: 4, rules: 'extreme', profile: 'seed-0-8', seed: 3, invariantViolations: 0 });
    expect(s.winsBySeat.reduce((a: number, b: number) => a + b, 0)).toBe(40);
    const lines = readFileSync(csv, 'utf8').trim().split('\n');
    expect(lines[0]).toMatch(/^game,seed,profile,turns,presses/);
    expect(lines).toHaveLength(41);
    const page = readFileSync(html, 'utf8');
    expect(page).toMatch(/^<!doctype html>/);
    expect((page.match(/<svg/g) ?? []).length).toBe(4);
    expect(page).not.toMatch(/<script|https?:\/\//);
  });

  it('replays one game alone and saves it as a game file the game layer loads', () => {
    const save = path.join(dir, 'g5.json');
    const r = run('simulate', '--seed', '3', '--replay-game', '5', '--save', save);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/game 5 of seed 3 .* won after \d+ turns/);
    const loaded = readSave(save);
    expect(loaded.kind).toBe('game');
    if (loaded.kind === 'game') expect(loaded.game.winner).not.toBeNull();
    // …and `play --resume` opens it: round 1 of a match, the saved round in its place.
    const { match } = readPlaySave(save);
    expect(match.game.winner).toBe(loaded.kind === 'game' ? loaded.game.winner : -1);
    expect(match.game.moves).toBe(loaded.kind === 'game' ? loaded.game.moves : -1);
    // Again with the same --save: the file there (a game in progress, maybe) is kept, the replay saved beside it.
    const before = readFileSync(save, 'utf8');
    const again = run('simulate', '--seed', '3', '--replay-game', '6', '--save', save);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain(`saved to ${path.join(dir, 'g5-2.json')} (${save} holds an earlier file, kept)`);
    expect(readFileSync(save, 'utf8')).toBe(before);
    expect(readSave(path.join(dir, 'g5-2.json')).kind).toBe('game');
  }, 2 * PROGRAM_RUN_MS);

  it('--bots ismcts plays search seats, on the budget given, the same on any number of workers', () => {
    const args = ['simulate', '--games', '6', '--players', '3', '--seed', '4', '--bots', 'ismcts,heuristic', '--bot-budget', '8', '--json'];
    const one = run(...args, '--workers', '1');
    expect(one.status, one.stderr).toBe(0);
    const s = JSON.parse(one.stdout);
    expect(s).toMatchObject({ games: 6, bots: ['ismcts', 'heuristic'], invariantViolations: 0 });
    const two = JSON.parse(run(...args, '--workers', '2').stdout);
    expect(two.winsBySeat).toEqual(s.winsBySeat);
    expect(two.meanTurns).toBe(s.meanTurns);
  }, 2 * PROGRAM_RUN_MS);

  it("--help names every option a rules file sets; a rules file plays the seeds' other readings, a misspelt one is refused", () => {
    const help = run('simulate', '--help').stdout;
    for (const o of OPTION_NAMES) expect(help).toContain(o);
    const file = path.join(dir, 'readings.json');
    writeFileSync(file, JSON.stringify({ base: 'classic', options: { stacking: true, stackTwosOnly: true, sevenZero: true, zeroSwaps: true, wild4TakenBack: true } }));
    const r = run('simulate', '--rules', file, '--games', '20', '--seed', '1', '--workers', '1', '--json');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).games).toBe(20);
    writeFileSync(file, JSON.stringify({ base: 'classic', options: { zeroSwap: true } }));
    const bad = run('simulate', '--rules', file, '--games', '2');
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/readings\.json: options\.zeroSwap: unknown field "zeroSwap": did you mean zeroSwaps\?/);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  }, PROGRAM_RUN_MS);

  describe('wrong flags get clear messages', () => {
    const cases: Array<[string[], RegExp]> = [
      [['simulate', '--games', '0'], /--games must be between 1/],
      // Whole, but too many: the range is the news, not the notation.
      [['simulate', '--games', '1e12'], /^uno-extreme simulate: --games must be between 1 and 100000000, got 1e12\n$/],
      [['simulate', '--games', '2.5'], /--games must be a whole number, got "2\.5"/],
      [['simulate', '--fidelity', 'slow'], /--fidelity must be fast or machine/],
      [['simulate', '--bots', 'genius'], /--bots: unknown bot "genius"; use heuristic, random, ismcts or first/],
      [['simulate', '--bots', 'ismcts', '--bot-budget', 'fast'], /^uno-extreme simulate: --bot-budget: "fast" is not a budget: give playouts \(300\), steps \(50000steps\) or milliseconds \(150ms\), from 1 to 1000000\n$/],
      [['simulate', '--compare', 'seed-0-8'], /--compare needs at least two profiles/],
      [['simulate', '--profile', 'nope', '--games', '2'], /unknown profile "nope"/],
      [['simulate', '--rules', 'poker', '--games', '2'], /poker/],
    ];
    for (const [args, msg] of cases) {
      it(args.join(' '), () => {
        const r = run(...args);
        expect(r.status).not.toBe(0);
        expect(r.stderr).toMatch(msg);
        expect(r.stderr).not.toMatch(/\n\s+at /);
      });
    }
  });
});
