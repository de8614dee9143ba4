/**
 * Issue 28, "accepted, then never ends": what can never make a round end is refused up front (a
 * launcher that gives no card, a request for more presses than a round holds, a position nested
 * beyond any real one, spent batteries), and a round that cannot end by chance is called off
 * after a fixed number of moves, which every display and the simulation show.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PlaySession, readPlaySave } from '../../cli/play/session.ts';
import { scoreSheetHtml } from '../../table/scoresheet.ts';
import { calledOffText, describeEvent, roundEndText } from '../../table/words.ts';
import { EN_WORDS } from '../../words/catalogue.ts';

const CALLED_OFF = calledOffText(EN_WORDS);
import { FastLauncher } from '../../emulator/api.ts';
import { BATTERY } from '../../emulator/core.ts';
import { parseProfileText } from '../../emulator/profile.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import { makeBots } from '../../game/bots/index.ts';
import { applyMove, createGame, createMatch, nextRound, ROUND_MOVE_LIMIT, runRoundSync, withRound, type GameEvent } from '../../game/index.ts';
import { FRESH_BATTERIES, resumedMeta } from '../../game/playSave.ts';
import { parseRulesText } from '../../game/ruleFile.ts';
import { loadGame, loadMatch, saveGame, saveMatch } from '../../game/save.ts';
import { Rng, seedRng } from '../../lib/rng.ts';
import { playOne } from '../../sim/play-one.ts';
import { run } from '../cli-run.ts';
import { Robot } from '../e2e/strategy.ts';
import { playSave, PROFILE } from './fixtures.ts';
import { PROGRAM_RUN_MS, TEST_MS } from '../budgets.ts';

type Profile = Record<string, Record<string, unknown>>;
const edit = (change: (p: Profile) => void): string => {
  const p = JSON.parse(PROFILE) as Profile;
  change(p);
  return JSON.stringify(p);
};
const dir = () => mkdtempSync(path.join(tmpdir(), 'uno-never-'));

describe('a launcher profile that (almost) never gives a card is refused where a user file is read', () => {
  it('a jam chance of 1, a hazard of 1e-300, a hazard that ends at 0, a schedule of one press in 100 000', () => {
    const cases: Array<[(p: Profile) => void, RegExp]> = [
      [(p) => (p.mechanics = { jam: 1, slip: 0 }), /^p\.json: mechanics: the launcher would never give a card; a round that waits for cards needs one at least once in 1000 presses$/],
      [(p) => (p.fire.hazard = [1e-300]), /^p\.json: fire: the launcher would give a card once in about 1e\+300 presses;/],
      [(p) => (p.fire.hazard = [0.5, 0]), /^p\.json: fire: the launcher would never give a card;/],
      [(p) => (p.fire = { model: 'schedule', period: 100_000, presses: [7] }), /^p\.json: fire: the launcher would give a card once in about 100243 presses;/],
      [(p) => (p.mechanics = { slip: 0.95, jam: 0.05, halfOut: 0 }), /^p\.json: mechanics: the launcher would never give a card;/],
    ];
    for (const [change, message] of cases) expect(() => parseProfileText(edit(change), 'p.json')).toThrow(message);
    // At the edge: a card on about one press in 900 is slow, but a round ends.
    expect(parseProfileText(edit((p) => (p.fire.hazard = [1 / 900])), 'p.json').name).toBe('my-launcher');
    expect(parseProfileText(edit((p) => (p.mechanics = { slip: 0.95, jam: 0.05, halfOut: 0.5 })), 'p.json').name).toBe('my-launcher');
  });

  it('simulate refuses it in one line before any game is played', () => {
    const file = path.join(dir(), 'jams.json');
    writeFileSync(file, edit((p) => (p.mechanics = { jam: 1, slip: 0 })));
    const r = run('simulate', '--games', '2', '--seed', '1', '--profile', file, '--workers', '1');
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`uno-extreme simulate: ${file}: mechanics: the launcher would never give a card; a round that waits for cards needs one at least once in 1000 presses\n`);
  });
});

describe('a save at the edge of what its check takes: spent batteries', () => {
  it('resumes with fresh batteries, says so, and plays on (it stopped at the first press)', async () => {
    const file = path.join(dir(), 'spent.json');
    const f = JSON.parse(playSave());
    // The most motor time the check accepts: the batteries are spent.
    const spent = BATTERY.capacityMotorSeconds * 1000;
    f.play.launcher.motorMs = spent;
    writeFileSync(file, JSON.stringify(f));
    const saved = readPlaySave(file);
    const meta = resumedMeta(saved.match, saved.meta);
    expect(meta.launcher!.motorMs).toBe(0);
    expect(meta.events!.at(-1)).toBe(FRESH_BATTERIES);
    // Low enough that every burst browns the unit out: fresh too; batteries that still run the motor are kept.
    const at = (motorMs: number) => resumedMeta(saved.match, { ...saved.meta, launcher: { ...saved.meta.launcher!, motorMs } }).launcher!.motorMs;
    expect(at(0.92 * spent)).toBe(0);
    expect(at(0.9 * spent)).toBe(0.9 * spent);
    const robot = new Robot(25);
    const session = new PlaySession({ match: saved.match, meta, profile: resolveProfile(meta.profile), pace: 'instant', keys: robot, savePath: file, colour: false, out: robot.out });
    expect(await session.run()).toBe('saved');
    const after = JSON.parse(readFileSync(file, 'utf8'));
    expect(after.rounds.flat().filter((m: { type: string; fired?: boolean }) => m.type === 'launcher' && m.fired).length).toBeGreaterThan(0);
    expect(after.play.launcher.motorMs).toBeLessThan(60_000);
  });
});

/** A deck of one number card (the dealer draw needs one) and 100 All-Hit cards: every card played makes each other seat press. */
const ALL_HIT = JSON.stringify({ deck: { numbers: { counts: [0, 1, 0, 0, 0, 0, 0, 0, 0, 0] }, coloured: {}, wild: { allHit: 100 } } });
const allHit = () => parseRulesText(ALL_HIT, 'all-hit.json');
const launcherFor = (seed: number) => new FastLauncher(resolveProfile('seed-0-8'), seed);

describe('a round that cannot end by chance is called off after ROUND_MOVE_LIMIT moves', () => {
  it('the round ends called off at the limit with nobody out; its save replays in well under a second per 20,000 moves', () => {
    // Seed 5 of this deck: nobody goes out (found by trying seeds 1..8; 2 of them are called off).
    const start = createGame({ rules: allHit(), players: 4, seed: 5, log: true });
    let last: readonly GameEvent[] = [];
    const { state, moves } = runRoundSync(start, launcherFor(5), makeBots(4, 5), { onStep: (_s, _m, events) => (last = events) });
    expect(state.calledOff).toBe(true);
    expect(state.winner).toBeNull();
    expect(moves).toBe(ROUND_MOVE_LIMIT);
    expect(last.at(-1)).toEqual({ type: 'calledOff', moves: ROUND_MOVE_LIMIT });
    const refused = applyMove(state, { type: 'press', seat: state.turn });
    expect(refused.ok || refused.error.message).toBe('the round is over: it was called off after 20000 moves');
    // The save replays the 20,000 moves (it took minutes when each move copied the log) and ends called off.
    const text = saveGame(state);
    const t0 = performance.now();
    const back = loadGame(text, 'called.json');
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(back.calledOff).toBe(true);
    expect(back.moves).toBe(ROUND_MOVE_LIMIT);
  }); // a round of 20,000 moves with every event built, then its replay: under 2 s on the shared machine

  it('in a match nobody scores it and the next round is dealt; the match saves and loads', () => {
    // Match seed 5 with 3 players: its first round is called off.
    const rules = allHit();
    let m = createMatch({ rules, players: 3, seed: 5, log: true });
    m = withRound(m, runRoundSync(m.game, launcherFor(5), makeBots(3, 5)).state);
    expect(m.rounds).toHaveLength(1);
    expect(m.rounds[0]).toMatchObject({ round: 0, winner: null, points: [0, 0, 0], totals: [0, 0, 0] });
    expect(m.winner).toBeNull();
    const back = loadMatch(saveMatch(m), 'match.json');
    expect(back.rounds[0].winner).toBeNull();
    const next = nextRound(back);
    expect(next.game.round).toBe(1);
    expect(next.game.dealer).toBe((m.game.dealer + 1) % 3);
  }); // a round of 20,000 moves, then the match's replay

  it('the terminal, the page and the score sheet say the round was called off', () => {
    const names = ['You', 'Bot 1', 'Bot 2'];
    expect(CALLED_OFF).toBe('the round was called off after 20,000 moves: nobody scores it');
    expect(describeEvent({ type: 'calledOff', moves: ROUND_MOVE_LIMIT }, names, null, EN_WORDS)).toBe(`Nobody went out in 20,000 moves: ${CALLED_OFF}`);
    expect(roundEndText(null, names, EN_WORDS)).toBe(`nobody went out: ${CALLED_OFF}`);
    expect(roundEndText(1, names, EN_WORDS)).toBe('Bot 1 went out');
    const m = createMatch({ rules: allHit(), players: 3, seed: 5, log: false });
    const sheet = scoreSheetHtml({ ...m, rounds: [{ round: 0, dealer: 0, winner: null, points: [0, 0, 0], totals: [0, 0, 0], log: null }] }, names, 'today');
    expect(sheet).toContain('<td>1</td><td>nobody: called off after 20,000 moves</td>');
  });

  it('simulate plays on: the called round has winner -1 in the CSV, is counted in the summary, and replays alone', () => {
    const file = path.join(dir(), 'all-hit.json');
    writeFileSync(file, ALL_HIT);
    // Game 1 of seed 1 is called off, game 0 ends.
    const csvFile = path.join(dir(), 'games.csv');
    const r = run('simulate', '--games', '2', '--seed', '1', '--rules', file, '--workers', '1', '--csv', csvFile, '--json');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ calledRounds: 1, winsBySeat: [0, 0, 1, 0] });
    const rows = readFileSync(csvFile, 'utf8').trim().split('\n').slice(1).map((row) => row.split(','));
    expect(rows.map((row) => [row[10], row[11], row[12]])).toEqual([['2', 'heuristic', expect.any(String)], ['-1', '', '0']]);
    const one = run('simulate', '--seed', '1', '--rules', file, '--replay-game', '1');
    expect(one.status).toBe(0);
    expect(one.stdout).toMatch(/^game 1 of seed 1 \(game seed [0-9a-f]{32}\): nobody went out: the round was called off after 20,000 moves: nobody scores it; \d+ turns/);
  }, 2 * (PROGRAM_RUN_MS + TEST_MS)); // two program starts, each playing a round of 20,000 moves (which alone fits in a test's default, above)

  it('property: random decks and profiles, every game ends or is called off and never throws', () => {
    const rng = new Rng(seedRng(28, 0));
    const pick = (n: number) => rng.int(n);
    let played = 0;
    for (let i = 0; i < 40 && played < 16; i++) {
      const wild: Record<string, number> = {};
      for (const k of ['wild', 'allHit', 'hitFire', 'hit4', 'wild4', 'coupExtreme']) if (pick(3) === 0) wild[k] = pick(30);
      const coloured: Record<string, number> = {};
      for (const k of ['skip', 'reverse', 'hit2', 'draw2', 'discardAll']) if (pick(3) === 0) coloured[k] = pick(3);
      const counts = Array.from({ length: 10 }, (_, f) => (f === 1 ? 1 : pick(2) * pick(3)));
      const base = ['extreme', 'classic', 'attack-1999'][pick(3)];
      let rules;
      try {
        rules = parseRulesText(JSON.stringify({ base, deck: { numbers: { counts }, coloured, wild } }), 'r.json');
        createMatch({ rules, players: 3, seed: i });
      } catch {
        continue; // refused up front, as simulate refuses it: also an end
      }
      const hazard: number[] = Array.from({ length: 1 + pick(4) }, () => pick(100) / 100);
      if (!hazard.some((h) => h > 0)) hazard.push(0.5);
      let profile;
      try {
        profile = parseProfileText(JSON.stringify({ name: `p${i}`, source: 'a property test', fire: { model: 'hazard', hazard }, burst: { law: 'uniform', min: 1, max: 1 + pick(8) }, mechanics: { jam: pick(60) / 100, slip: pick(30) / 100 } }), 'p.json');
      } catch {
        continue;
      }
      const rec = playOne({ players: 3, rules, seed: i, fidelity: 'fast', match: false, bots: ['heuristic', 'random'] }, profile, 0);
      played++;
      expect(rec.violations).toBe(0);
      expect(rec.called + (rec.winner >= 0 ? 1 : 0)).toBe(1);
    }
    expect(played).toBe(16);
  }); // up to 16 rounds, a called-off one plays 20,000 moves (about a second on the shared machine)
});
