/**
 * One person and three bots play as they did before the match session was shared (main 994f7b0):
 * whole matches of five rule sets, answered by a script, quit and resumed through the terminal's
 * session, the page's session and the two in turn (each opening the other's save), and old saves
 * (no launcher aim or events; a lone round from `simulate`) opened by both. Each run is reduced
 * to digests: `game`, every question with its choices and answer, each save's match and launcher
 * and the end; `terminal`, every screen the terminal printed; `page`, the page's log at each stop.
 * The expected values were computed by this file on main.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PlaySession } from '../../cli/play/session.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import { createMatch, parsePlaySave, resolveRules, resumedMeta, type MatchState, type Move, type PlayMeta } from '../../game/index.ts';
import { saveGame } from '../../game/save.ts';
import { createPageLauncher } from '../../web/src/launcher/index.ts';
import { GameSession, SAVE_KEY, type Ask } from '../../web/src/session.ts';
import { answer } from '../e2e/strategy.ts';
import { matchAfter, playSave } from '../hardening/fixtures.ts';

/** What a run has seen, digested part by part. */
class Transcript {
  private readonly parts = { game: createHash('sha1'), terminal: createHash('sha1'), page: createHash('sha1') };
  add(part: keyof Transcript['parts'], text: string): void {
    this.parts[part].update(`${text}\n`);
  }
  digests(): Record<'game' | 'terminal' | 'page', string> {
    return { game: this.parts.game.digest('hex'), terminal: this.parts.terminal.digest('hex'), page: this.parts.page.digest('hex') };
  }
}

/** A save's text as the game goes: the match with its logs and the launcher's state (the events shown are a view's). */
function gameOfSaveText(text: string): string {
  const f = JSON.parse(text) as { play?: Partial<PlayMeta> };
  return JSON.stringify({ ...f, play: f.play ? { ...f.play, events: undefined, aim: undefined } : undefined });
}

const moveText = (m: Move | null) => JSON.stringify(m);

/** The terminal's keys, answered from the screen as {@link answer} reads it, quitting after `quitAfter` answers. */
class Keys {
  screen = '';
  answers = 0;
  private queue: string[] = [];
  constructor(private readonly t: Transcript, private readonly quitAfter: number) {}
  out = (text: string): void => {
    this.screen = text.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
    this.t.add('terminal', this.screen);
  };
  async next(): Promise<string> {
    if (this.queue.length === 0) {
      if (this.answers >= this.quitAfter) return 'q';
      this.answers++;
      this.queue = answer(this.screen).map((k) => (k === 'Enter' ? 'enter' : k));
      this.t.add('game', `keys ${this.queue.join(' ')}`);
    }
    return this.queue.shift()!;
  }
  takeQuit(): boolean {
    return false;
  }
}

/** A segment at the terminal: plays until `quitAfter` answers, then quits; the save's text, or null at the match's end. */
async function terminal(t: Transcript, match: MatchState, meta: PlayMeta, quitAfter: number, dir: string): Promise<string | null> {
  const file = path.join(dir, 'terminal.json');
  const keys = new Keys(t, quitAfter);
  const session = new PlaySession({ match, meta, profile: resolveProfile(meta.profile), pace: 'instant', keys, savePath: file, colour: false, out: keys.out });
  const end = await session.run();
  if (end === 'done') {
    t.add('game', `done ${JSON.stringify(session.match.totals)}`);
    session.save();
    t.add('game', gameOfSaveText(readFileSync(file, 'utf8')));
    return null;
  }
  const text = readFileSync(file, 'utf8');
  t.add('game', gameOfSaveText(text));
  return text;
}

/** The scripted person of the page: the first play (no UNO), a colour, pass, accept, press or draw; chances let go. */
function scripted(ask: Ask): Move | null {
  if (ask.mode === 'react') return null;
  const m = ask.moves;
  return m.find((x) => x.type === 'play' && !x.uno) ?? m.find((x) => x.type === 'colour') ?? m.find((x) => x.type === 'pass') ?? m.find((x) => x.type === 'accept') ?? m.find((x) => x.type === 'press' || x.type === 'draw') ?? m[0];
}

function memoryStore() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
}

/** A segment in the page: answers `stopAfter` questions, then stops (a reload); the kept save's text, or null at the match's end. */
async function page(t: Transcript, match: MatchState, meta: PlayMeta, stopAfter: number): Promise<string | null> {
  const store = memoryStore();
  const session = new GameSession({ match, meta, profile: resolveProfile(meta.profile), speed: 'instant', store, makeLauncher: createPageLauncher });
  let answers = 0;
  let seen = -1;
  session.subscribe(() => {
    const ask = session.ask;
    if (session.phase === 'roundOver') return queueMicrotask(() => session.nextRound());
    if (!ask || session.askId === seen) return;
    seen = session.askId;
    if (answers >= stopAfter) return queueMicrotask(() => session.stop());
    answers++;
    const m = scripted(ask);
    t.add('game', `ask ${ask.seat} ${ask.mode} ${ask.moves.map(moveText).join(' ')} -> ${moveText(m)}`);
    queueMicrotask(() => session.answer(m));
  });
  await session.run();
  t.add('page', session.log.join('\n'));
  // What the page keeps (after every move, and at a round's end): a reload goes on from it.
  const text = store.getItem(SAVE_KEY)!;
  t.add('game', gameOfSaveText(text));
  if (session.phase !== 'matchOver') return text;
  t.add('game', `done ${JSON.stringify(session.match.totals)}`);
  return null;
}

type Where = 'terminal' | 'page';

/** Plays a match to its end from `save`'s text, by segments of `every` answers at `where(i)` for the i-th segment. */
async function playOut(save: string, where: (i: number) => Where, every: number): Promise<{ digests: ReturnType<Transcript['digests']>; segments: number }> {
  const t = new Transcript();
  const dir = mkdtempSync(path.join(tmpdir(), 'uno-parity-'));
  let text: string | null = save;
  let segments = 0;
  while (text !== null) {
    const saved = parsePlaySave(text, 'the save');
    const meta = resumedMeta(saved.match, saved.meta);
    const at = where(segments++);
    t.add('game', `segment ${at}`);
    text = at === 'terminal' ? await terminal(t, saved.match, meta, every, dir) : await page(t, saved.match, meta, every);
  }
  return { digests: t.digests(), segments };
}

const meta4: PlayMeta = { names: ['You', 'Bot 1', 'Bot 2', 'Bot 3'], me: 0, bots: ['heuristic', 'random'], profile: 'seed-0-8', launcher: null };

/** A new match's save, as both sessions start from it. */
function fresh(rules: string, seed: number): string {
  const match = createMatch({ rules: resolveRules(rules, { target: 600 }), players: 4, seed, log: true });
  return `${JSON.stringify({ ...JSON.parse(new GameSession({ match, meta: meta4, profile: resolveProfile('seed-0-8'), speed: 'instant', store: memoryStore(), makeLauncher: createPageLauncher }).saveText()) })}\n`;
}

const EXPECTED: Record<string, { digests: Record<'game' | 'terminal' | 'page', string>; segments: number }> = {
  'extreme/terminal': { digests: { game: '206a6bbb220ffee6e9d042075a59d3259c0d2a11', terminal: '81ea791262f299ef15d893bca09864e43c894431', page: 'da39a3ee5e6b4b0d3255bfef95601890afd80709' }, segments: 20 },
  'extreme/page': { digests: { game: 'be640f7a4a348496ebb91a2d4bd852cc5aaafa24', terminal: 'da39a3ee5e6b4b0d3255bfef95601890afd80709', page: '7af35f65563c5ead1ce85a483f678b9f6e6c61e7' }, segments: 20 },
  'extreme/both in turn': { digests: { game: 'dd3717a89d9cf491a6d3560cea7c77ef09875e4b', terminal: '6ba70c655997f9376bb1877f8bf775b43abe5665', page: '6f1371b17f1fff73a3d034e8f81f4761cb7da4d9' }, segments: 24 },
  'classic/terminal': { digests: { game: '21c44db3aab736249367914933f553f511bb9844', terminal: 'fbbc8ea31525bf7d82457478353fa5ca1e0da5fc', page: 'da39a3ee5e6b4b0d3255bfef95601890afd80709' }, segments: 10 },
  'classic/page': { digests: { game: 'bb2c86870c2c0009305c6b842c7cc3dea5539fac', terminal: 'da39a3ee5e6b4b0d3255bfef95601890afd80709', page: '6d670d888c42e0829161486d0dcf004f1dd69f96' }, segments: 11 },
  'classic/both in turn': { digests: { game: 'd85b70316aa981799ea3da62a856b1156f765ac1', terminal: '1f6ae44ae7347788647db199cb8321f83db310b1', page: '3d68751d7e5224ff9c138622a0bf1a340a004ad7' }, segments: 13 },
  'attack-1999/terminal': { digests: { game: '5e815189128b841c7b1e5d75f79cace769ae82a2', terminal: 'aad0f3267137b074f8d042a9d489321b2625ddac', page: 'da39a3ee5e6b4b0d3255bfef95601890afd80709' }, segments: 10 },
  'attack-1999/page': { digests: { game: '5d6c44218811ef20c264bb0dcaa764181dea4c33', terminal: 'da39a3ee5e6b4b0d3255bfef95601890afd80709', page: '9085f37ba0463c7e7e262e1389e7811be1016632' }, segments: 10 },
  'attack-1999/both in turn': { digests: { game: 'd1eb06faf5163f13c390f66c527b3971c5469572', terminal: 'e2e3716084c699fbec6f65b8da8c9d09c4cbfda8', page: '645487823af298307b2801934db57d8d30c18c91' }, segments: 12 },
  'extreme-2010/terminal': { digests: { game: '47752173a411e07e9fdbe6160d10e9c837814cea', terminal: '7d33fd3f46669858293c5f914f54eea8fad80983', page: 'da39a3ee5e6b4b0d3255bfef95601890afd80709' }, segments: 31 },
  'extreme-2010/page': { digests: { game: '088878cd18c4c54763f648337e3959247d808d15', terminal: 'da39a3ee5e6b4b0d3255bfef95601890afd80709', page: '512ba1584168a23981a5947fa136201bc490af7d' }, segments: 30 },
  'extreme-2010/both in turn': { digests: { game: '596cf4217db36a76366a878ee20e5a2fa0e00891', terminal: '1c47ea27a5178b63a6e1e712cdae417553cec40c', page: '5e7461b71d149079284ead1f22f8ff4c108b2096' }, segments: 37 },
  'en-ligne/terminal': { digests: { game: '26046f3bcb5272aee7b3fce1ab7e462c9281bdba', terminal: 'bf214a779467d87591d6c03b22640996e1d53dc9', page: 'da39a3ee5e6b4b0d3255bfef95601890afd80709' }, segments: 20 },
  'en-ligne/page': { digests: { game: '17ec94fcbd7e90a344dc9e5732a7aafd0e1d5688', terminal: 'da39a3ee5e6b4b0d3255bfef95601890afd80709', page: '7c4ce1d5636897ffa14089c333788483f39e73e9' }, segments: 20 },
  'en-ligne/both in turn': { digests: { game: 'd951675fb7547d5151eced94d7c75b32ac57ae2e', terminal: 'ad9fe260e6c56c020bb8acea1fece1e0786cc177', page: '919fc39e036f0ea54d18e5a896a9abbffbdaa811' }, segments: 25 },
  'old play/terminal': { digests: { game: '30d462cc54a0dbffb59565b692961464c325ee18', terminal: '90c61118e6b8a1a5065d5b4255254ba7d1e346e3', page: 'da39a3ee5e6b4b0d3255bfef95601890afd80709' }, segments: 4 },
  'old play/page': { digests: { game: '0eb4c26fb1c0d1928e5d47703a505c1c742bed7e', terminal: 'da39a3ee5e6b4b0d3255bfef95601890afd80709', page: '58950123171b0366728aefbbf4f2550e3c350230' }, segments: 4 },
  'old round/terminal': { digests: { game: '241a99f08142a15212889005e57c007526d169cf', terminal: 'ce934136dce699787a68e51999865a115ec9c0f7', page: 'da39a3ee5e6b4b0d3255bfef95601890afd80709' }, segments: 8 },
  'old round/page': { digests: { game: '6b66322c5bc9402d4a618d5e2a7486286e708148', terminal: 'da39a3ee5e6b4b0d3255bfef95601890afd80709', page: '0feaf761874816225bdb82b554c54b39ada90a33' }, segments: 7 },
};

describe('one person and three bots play as on main', () => {
  for (const [rules, seed] of [['extreme', 3], ['classic', 4], ['attack-1999', 5], ['extreme-2010', 6], ['en-ligne', 7]] as const) {
    for (const [how, where, every] of [['terminal', () => 'terminal', 9], ['page', () => 'page', 8], ['both in turn', (i: number) => (i % 2 ? 'page' : 'terminal'), 7]] as const) {
      it(`${rules}: quit and resumed in the ${how}`, async () => {
        const got = await playOut(fresh(rules, seed), where as (i: number) => Where, every);
        expect(got.segments).toBeGreaterThan(2);
        expect(got).toEqual(EXPECTED[`${rules}/${how}`]);
      });
    }
  }

  const old = { 'a played game\'s': () => playSave(25), 'simulate\'s lone round': () => saveGame(matchAfter(30, 8).game) };
  for (const [kind, save] of Object.entries(old)) {
    it(`an old save (${kind}, no launcher aim or events) goes on the same in both`, async () => {
      const key = kind.startsWith('a played') ? 'play' : 'round';
      for (const where of ['terminal', 'page'] as const) expect(await playOut(save(), () => where, 29), where).toEqual(EXPECTED[`old ${key}/${where}`]);
    });
  }
});
