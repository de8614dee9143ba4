/**
 * One person and three bots play as they did before the match session was shared (main 994f7b0):
 * whole matches of five rule sets, answered by a script, quit and resumed through the terminal's
 * session, the page's session and the two in turn (each opening the other's save), and old saves
 * (no launcher aim or events; a lone round from `simulate`) opened by both. Each run is reduced
 * to digests: `game`, every question with its choices and answer, each save's match and launcher
 * and the end; `terminal`, every screen the terminal printed; `page`, the page's log at each stop.
 *
 * The expected values were computed by this file on main 994f7b0. Every `game` digest, and every
 * `terminal` digest of a terminal-only run, is main's. The `page` digests, and the screens of a
 * terminal resuming a page's save, were taken again once both ran on table/session.ts, for two
 * changes made on purpose: a round's first line is the terminal's ("Round 3, dealer: You", where
 * the page said "Round 3: You deals"), and the page, like the terminal, keeps the last events
 * and the launcher's aim in its saves and shows them again after a resume. Both were taken again
 * when a round's second line began to say the start card and what it does (table/words.ts
 * openingLine), and the `terminal` ones again when the terminal stopped naming the cards the
 * launcher sends another seat ("a card" each); the `game` digests did not change. The en-ligne
 * runs were taken again when every en-ligne round began to draw its dealer (seed 002, option
 * `drawDealer`): their matches are dealt differently from the second round on. Every run whose
 * rule set calls UNO was taken again when a forgotten UNO became a race (game/turnStep.ts): every
 * seat may catch at once and the bot with the smallest seeded delay is first, where the first
 * seat in the table's order used to be; the en-ligne runs (no UNO call) and the old played game
 * did not change.
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
import { GameSession, type Ask } from '../../web/src/session.ts';
import { keptGame } from '../../web/src/kept.ts';
import { answer } from '../e2e/strategy.ts';
import { matchAfter, playSave } from '../hardening/fixtures.ts';
import { MATCH_MS } from '../budgets.ts';

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
  // What the page keeps (its save, and the moves after it): a reload goes on from it, and saves it whole.
  const kept = keptGame(store)!;
  const back = parsePlaySave(kept.text, 'kept', kept.later);
  const text = new GameSession({ match: back.match, meta: resumedMeta(back.match, back.meta), profile: resolveProfile(meta.profile), speed: 'instant', store: memoryStore(), makeLauncher: createPageLauncher }).saveText();
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
  'extreme/terminal': { digests: { game: '8bebecfa4cadeaaca9261f4326a2bcc741bd59ab', terminal: 'e4fc7f3f919a4411be053feaa8bafc07acf4f955', page: 'da39a3ee5e6b4b0d3255bfef95601890afd80709' }, segments: 20 },
  'extreme/page': { digests: { game: '97556200ea5f91c39c5a19b0c24522244ed2ec76', terminal: 'da39a3ee5e6b4b0d3255bfef95601890afd80709', page: 'fc9e4aa65601d8e4779845427e7fec55ad29cbcb' }, segments: 20 },
  'extreme/both in turn': { digests: { game: 'b7d40da8220c2f915b72cec5dcd0782a47a53b30', terminal: 'a0dc69fe0911e21f32e70e3dd7fa726bab2a6cbc', page: 'e40dd76becbe7ce063b3dbebac67ab5c8c8ca41e' }, segments: 24 },
  'classic/terminal': { digests: { game: '9b9d3c7798bec2c558fa83d27846b56f26c6d578', terminal: '45dffee1f850468dfd4142d337ef76343feb389f', page: 'da39a3ee5e6b4b0d3255bfef95601890afd80709' }, segments: 10 },
  'classic/page': { digests: { game: '1a7a6a24002a61c8b8a986c6f28bf543c5a9285f', terminal: 'da39a3ee5e6b4b0d3255bfef95601890afd80709', page: 'eb0ed44e072018c3d12d268cdaa51c922a2e5a42' }, segments: 11 },
  'classic/both in turn': { digests: { game: 'dedd9e05490cb06cb7e4415f60e96402f0119d55', terminal: '858964c75bf6f8d60443391e610838e5cb9e460c', page: '97c1f658242a38caa4133f49f6bb76a6d321be38' }, segments: 13 },
  'attack-1999/terminal': { digests: { game: '59b75776c5dfbb5d88113be2677dfc863d2b3e26', terminal: 'dd364309ef19104505262294e65ad43842d5ea5e', page: 'da39a3ee5e6b4b0d3255bfef95601890afd80709' }, segments: 10 },
  'attack-1999/page': { digests: { game: '0fdfb06e71ac46be1141ceb260b1900f53baa578', terminal: 'da39a3ee5e6b4b0d3255bfef95601890afd80709', page: '0acbc92b6163b1b8a311288a8ce1e2e40c323c62' }, segments: 10 },
  'attack-1999/both in turn': { digests: { game: 'f42e2962ad90d67dc0a8455f6984fa2f48c8a7ad', terminal: '1d0340e42ec42336b7d41dfa422970bcd77521e2', page: '475995a925a85086bc1db5b52177ff5fcb26f7fa' }, segments: 12 },
  'extreme-2010/terminal': { digests: { game: '9e861696638c4fd47fb1d07ec144b74c43de6b71', terminal: '708164b80b26c553ec4684fe542cd45f4fd18f00', page: 'da39a3ee5e6b4b0d3255bfef95601890afd80709' }, segments: 31 },
  'extreme-2010/page': { digests: { game: 'fb30737ced15b59a666fe7200503639b09840d94', terminal: 'da39a3ee5e6b4b0d3255bfef95601890afd80709', page: 'b74cfbbe23b3a3b729e2b1f739ebc069a9bdac23' }, segments: 30 },
  'extreme-2010/both in turn': { digests: { game: '6afd907ef7c8fd632423b01b37e1587a845ce0b9', terminal: '93376821559a8dfc5cc5ae1dcd8c1c19593b123e', page: '47eb5fb21e63a00837dbb27f7ede19b391951f65' }, segments: 37 },
  'en-ligne/terminal': { digests: { game: '66894df4ad5bea99ce0df0e54293b75a48d64ead', terminal: 'd789f3fef96e3a45f6e0a300b3fc15ae829a2c8f', page: 'da39a3ee5e6b4b0d3255bfef95601890afd80709' }, segments: 19 },
  'en-ligne/page': { digests: { game: '630754355930dc4877d4de066865437ec55286e2', terminal: 'da39a3ee5e6b4b0d3255bfef95601890afd80709', page: '7b36ffe010907d5278c82c799f68736847f44478' }, segments: 19 },
  'en-ligne/both in turn': { digests: { game: '98bb3f51825fce3eb6d6811dbd0b9105bf348377', terminal: 'c04ef45eb166920b9997ec84c92c43722375ace4', page: '60778e0e7d0950f0da022f835eef559bc277242c' }, segments: 23 },
  'old play/terminal': { digests: { game: '30d462cc54a0dbffb59565b692961464c325ee18', terminal: 'd5aa3f17146416db24ce2e897e7be64f56d90647', page: 'da39a3ee5e6b4b0d3255bfef95601890afd80709' }, segments: 4 },
  'old play/page': { digests: { game: '0eb4c26fb1c0d1928e5d47703a505c1c742bed7e', terminal: 'da39a3ee5e6b4b0d3255bfef95601890afd80709', page: 'd63aa25106abce20f2abdb9b5862fa1b4d1a58ae' }, segments: 4 },
  'old round/terminal': { digests: { game: 'd990c0373404b607b390e81dccef817ce604d81a', terminal: '114cd79b26c406dc0d99b9c782d89d6fd1adc9c9', page: 'da39a3ee5e6b4b0d3255bfef95601890afd80709' }, segments: 8 },
  'old round/page': { digests: { game: 'efedf9bae444a7c177af66e687a781cf98616a40', terminal: 'da39a3ee5e6b4b0d3255bfef95601890afd80709', page: '3ef483d027d1d359f11bbb1d90030ecbc0744a4a' }, segments: 8 },
};

describe('one person and three bots play as on main', () => {
  for (const [rules, seed] of [['extreme', 3], ['classic', 4], ['attack-1999', 5], ['extreme-2010', 6], ['en-ligne', 7]] as const) {
    for (const [how, where, every] of [['terminal', () => 'terminal', 9], ['page', () => 'page', 8], ['both in turn', (i: number) => (i % 2 ? 'page' : 'terminal'), 7]] as const) {
      it(`${rules}: quit and resumed in the ${how}`, async () => {
        const got = await playOut(fresh(rules, seed), where as (i: number) => Where, every);
        expect(got.segments).toBeGreaterThan(2);
        // PARITY_PRINT=1 prints each run's digests, to record a deliberate change of the rules.
        if (process.env.PARITY_PRINT) console.log(`  '${rules}/${how}': ${JSON.stringify(got)},`);
        expect(got).toEqual(EXPECTED[`${rules}/${how}`]);
        // A whole match to 600 points, through up to 37 quits and resumes, each replaying its round from the save.
      }, MATCH_MS);
    }
  }

  const old = { 'a played game\'s': () => playSave(25), 'simulate\'s lone round': () => saveGame(matchAfter(30, 8).game) };
  for (const [kind, save] of Object.entries(old)) {
    it(`an old save (${kind}, no launcher aim or events) goes on the same in both`, async () => {
      const key = kind.startsWith('a played') ? 'play' : 'round';
      for (const where of ['terminal', 'page'] as const) {
        const got = await playOut(save(), () => where, 29);
        if (process.env.PARITY_PRINT) console.log(`  'old ${key}/${where}': ${JSON.stringify(got)},`);
        expect(got, where).toEqual(EXPECTED[`old ${key}/${where}`]);
      }
      // Two whole matches (one per view), each through several quits and resumes.
    }, 2 * MATCH_MS);
  }
});
