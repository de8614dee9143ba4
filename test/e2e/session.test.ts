/**
 * The play session driven from the screen it prints, without a terminal: whole multi-round
 * matches, quit at many points and resume, must end exactly as the uninterrupted match; a device
 * that goes away stops the game with it saved.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PlaySession, readPlaySave, SessionError, type PlayMeta } from '../../cli/play/session.ts';
import { createMatch, resolveRules, type MatchState } from '../../game/index.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import { Robot } from './strategy.ts';
import { MATCH_MS } from '../budgets.ts';

const meta = (players: number): PlayMeta => ({
  names: ['You', ...Array.from({ length: players - 1 }, (_, i) => `Bot ${i + 1}`)], me: 0, bots: ['heuristic', 'random'], profile: 'seed-0-8', launcher: null,
});

async function play(match: MatchState, m: PlayMeta, robot: Robot, savePath: string): Promise<{ end: 'done' | 'saved'; session: PlaySession }> {
  const session = new PlaySession({ match, meta: m, profile: resolveProfile(m.profile), pace: 'instant', keys: robot, savePath, colour: false, out: robot.out });
  return { end: await session.run(), session };
}

describe('play session: quit and resume anywhere', () => {
  for (const [rules, seed, players, target] of [['extreme', 12, 4, 1500], ['classic', 8, 2, 400], ['attack-1999', 9, 4, 400]] as const) {
    it(`${rules}: a match to ${target} points resumed after quits ends as the uninterrupted match`, async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'uno-session-'));
      const start = () => createMatch({ rules: resolveRules(rules, { target }), players, seed, log: true });
      const whole = await play(start(), meta(players), new Robot(), path.join(dir, 'whole.json'));
      expect(whole.end).toBe('done');
      const final = whole.session.match;
      expect(final.rounds.length).toBeGreaterThan(1);
      // Quit after 15 answers, resume, quit again after 15 more, … until the match is over.
      const file = path.join(dir, 'part.json');
      let r = await play(start(), meta(players), new Robot(15), file);
      let stops = 0;
      while (r.end === 'saved') {
        stops++;
        const saved = readPlaySave(file);
        r = await play(saved.match, saved.meta as PlayMeta, new Robot(15), file);
      }
      expect(stops).toBeGreaterThan(1);
      expect(r.session.match.totals).toEqual(final.totals);
      expect(r.session.match.winner).toBe(final.winner);
      expect(r.session.match.rounds.map((x) => x.points)).toEqual(final.rounds.map((x) => x.points));
      // The match played through, then again through its quits and resumes.
    }, 2 * MATCH_MS);
  }

  it('a damaged save is refused with what is wrong, and the file is left as it was', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-session-'));
    const file = path.join(dir, 'good.json');
    const match = createMatch({ rules: resolveRules('extreme'), players: 3, seed: 6, log: true });
    expect((await play(match, meta(3), new Robot(10), file)).end).toBe('saved');
    const text = readFileSync(file, 'utf8');
    const damaged: Array<[string, (f: { play: Record<string, unknown>; hash: string }) => unknown, RegExp]> = [
      ['names', (f) => (f.play.names = ['You']), /play\.names must list 3 names/],
      ['me', (f) => (f.play.me = 9), /play\.me must be a seat 0\.\.2/],
      ['bots', (f) => (f.play.bots = ['genius']), /play\.bots must list heuristic, random, ismcts or first/],
      ['profile', (f) => (f.play.profile = 7), /play\.profile must be a profile name or file/],
      ['launcher', (f) => (f.play.launcher = { rng: [1], presses: 0, sinceBurst: 0, motorMs: 0 }), /play\.launcher\.rng must be the generator's 4 words/],
      ['hash', (f) => (f.hash = '0000'), /was edited: the replayed game does not match its hash/],
    ];
    for (const [what, damage, message] of damaged) {
      const f = JSON.parse(text);
      damage(f);
      const bad = path.join(dir, `bad-${what}.json`);
      writeFileSync(bad, JSON.stringify(f));
      expect(() => readPlaySave(bad), what).toThrow(message);
      expect(readFileSync(bad, 'utf8')).toBe(JSON.stringify(f));
    }
    const cut = path.join(dir, 'cut.json');
    writeFileSync(cut, text.slice(0, text.length / 2));
    expect(() => readPlaySave(cut)).toThrow(/save file .*cut\.json is truncated or not JSON/);
    expect(readPlaySave(file).match.game.moves).toBeGreaterThan(0);
  });

  it('a resume shows where the launcher was aimed and the last events, as when it was saved', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-session-'));
    const file = path.join(dir, 'aim.json');
    const match = createMatch({ rules: resolveRules('extreme'), players: 4, seed: 7, log: true });
    const robot = new Robot(20);
    expect((await play(match, meta(4), robot, file)).end).toBe('saved');
    // The screen before the quit: its launcher line and its events.
    const aimedAt = (screen: string) => /aimed at ([^·]+?) ·/.exec(screen)![1];
    const events = (screen: string) => screen.split('\n').filter((l) => l.startsWith('  • ')).map((l) => l.slice(4));
    const before = robot.screen;
    const saved = readPlaySave(file);
    expect(saved.meta.names![saved.meta.aim!]).toBe(aimedAt(before));
    // Quit after 20 answers: the launcher faces Bot 2, not where a new launcher starts.
    expect(saved.meta.aim).toBe(2);
    expect(saved.meta.events!.slice(-events(before).length)).toEqual(events(before));
    const again = new Robot(0);
    await play(saved.match, saved.meta as PlayMeta, again, file);
    expect(aimedAt(again.screen)).toBe(aimedAt(before));
    expect(events(again.screen)).toEqual([...events(before), `Resumed at move ${saved.match.game.moves} of round ${saved.match.game.round + 1}`].slice(-7));
    // A save without them (an older one) resumes as before.
    const f = JSON.parse(readFileSync(file, 'utf8'));
    delete f.play.aim;
    delete f.play.events;
    writeFileSync(file, JSON.stringify(f));
    expect(readPlaySave(file).meta.aim).toBeUndefined();
    for (const [field, value, message] of [['aim', 9, /play\.aim must be a seat 0\.\.3/], ['events', [1], /play\.events must list lines of text/]] as const) {
      writeFileSync(file, JSON.stringify({ ...f, play: { ...f.play, [field]: value } }));
      expect(() => readPlaySave(file)).toThrow(message);
    }
  });

  it('an error mid-game (a launcher that fails) stops with the game saved, resumable', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uno-session-'));
    const file = path.join(dir, 'crash.json');
    const match = createMatch({ rules: resolveRules('extreme'), players: 3, seed: 5, log: true });
    const robot = new Robot();
    const session = new PlaySession({ match, meta: meta(3), profile: resolveProfile('seed-0-8'), pace: 'instant', keys: robot, savePath: file, colour: false, out: robot.out });
    let answers = 0;
    const next = robot.next.bind(robot);
    robot.next = async () => {
      if (++answers > 20) throw new Error('the launcher went away');
      return next();
    };
    const err = await session.run().catch((e) => e);
    expect(err).toBeInstanceOf(SessionError);
    expect((err as SessionError).message).toMatch(/the launcher went away\nThe game was saved to .*crash\.json: continue it with/);
    expect(readPlaySave(file).match.game.moves).toBeGreaterThan(0);
  });
});
