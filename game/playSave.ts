/**
 * A played match's save, as the terminal game and the browser game both write and read it: the
 * match with its move logs (save.ts), plus a `play` block saying who sits where and the
 * launcher's own state. Pure: the text in, the text out; files are the caller's.
 */
import { BATTERY, brownsOutAt, type CoreState } from '../emulator/core.ts';
import { printable, unknownKey } from '../lib/untrusted.ts';
import { said, withSaid, type ReasonKey, type Said } from '../words/said.ts';
import { BOT_KIND_NAMES, BOT_KINDS_TEXT, isBotKind, isSearchKind, makeBot, QUICK_MAKERS, budgetText, parseBudget, type Bot, type BotKind, type Budget, type QuickKind, type SearchKind, type SearchOptions } from './bots/index.ts';
import { createMatch, type MatchState } from './match.ts';
import { applyMove } from './engine.ts';
import { loadGame, loadMatch, matchSaveFile, parseSave, SaveError, setupOf, type LaterMove, type SaveFile } from './save.ts';
import { createGame } from './setup.ts';
import type { GameState } from './state.ts';
import type { Words } from '../words/catalogue.ts';

/** The launcher's generator, counters and battery, as saved (its supply is the game's). */
export type SavedLauncher = Omit<CoreState, 'supply'>;

/** What a save file carries beyond the match: who sits where, the launcher's own state. */
export interface PlayMeta {
  names: string[];
  /** The person's seat (the first person's, when several play). */
  me: number;
  /** Every seat a person plays, when more than `me` (absent: `me` alone). */
  people?: number[];
  bots: BotKind[];
  /** The search bots' budget per decision (absent: their default). */
  budget?: Budget;
  profile: string;
  launcher: SavedLauncher | null;
  /** The seat the launcher faced when the game was saved (a resume turns it there again). */
  aim?: number;
  /** The last events shown, oldest first (a resume shows them again). */
  events?: string[];
}

/** A save file that is not a play session, or whose `play` block is damaged: says what is wrong. */
export class ResumeError extends Error {
  override name = 'ResumeError';
}

/**
 * A bot whose randomness is a function of the position (seed, round, move number): a game saved
 * and resumed goes on exactly as it would have without the break. A kind that draws so already
 * (`positional` in BOT_KINDS: the search kinds) is one instance for the game, which keeps what it
 * saw ({@link searchBot}); the others are made afresh for each decision ({@link quickBot}).
 */
export function positionalBot(kind: BotKind, seed: string, seat: number, search: SearchOptions = {}): Bot {
  return isSearchKind(kind) ? searchBot(kind, seed, seat, search) : quickBot(kind, seed, seat);
}

/** A search kind's bot for a game: one instance, drawing from the position itself. */
export function searchBot(kind: SearchKind, seed: string, seat: number, search: SearchOptions = {}): Bot {
  return makeBot(kind, { ...search, seed, seat });
}

/**
 * A quick kind's bot, made afresh for each decision, seeded from the position. It reaches only
 * the quick kinds' makers: a thread that makes no other kind (the page's) carries no search code.
 */
export function quickBot(kind: QuickKind, seed: string, seat: number): Bot {
  const make = QUICK_MAKERS[kind];
  const at = (s: GameState) => make({}, `${seed}/${s.round}/${s.moves}`, seat);
  return {
    name: kind,
    choose: (s, st, moves) => at(s).choose(s, st, moves),
    react: (s, st, moves) => at(s).react(s, st, moves),
  };
}

/**
 * The table of a played match: a person's seat asks (`interactive`: its moves come through
 * runRound's `ask`), a quick kind's seat is its {@link quickBot}, and a search kind's seat is
 * what `searchSeat` makes of it: its {@link searchBot} (with the meta's budget), or a seat whose
 * bot thinks elsewhere. Every view seats players so.
 */
export function tableBots(meta: Pick<PlayMeta, 'names' | 'me' | 'people' | 'bots'>, seed: number | string, searchSeat: (seat: number, kind: SearchKind) => Bot, people: readonly number[] = meta.people ?? [meta.me]): Bot[] {
  const person = (seat: number): Bot => ({
    name: meta.names[seat], interactive: true,
    choose: () => { throw new Error('a person chooses through ask'); },
    react: () => null,
  });
  return meta.names.map((_, seat) => {
    if (people.includes(seat)) return person(seat);
    const kind = meta.bots[seat % meta.bots.length];
    return isSearchKind(kind) ? searchSeat(seat, kind) : quickBot(kind, String(seed), seat);
  });
}

/**
 * Shows the bots that remember what they saw ({@link Bot.observe}) the round `game` so far,
 * move by move from its deal, as the round loop would have shown them: the bots of a resumed
 * game then know what they knew when it was saved. The host replays the round (it holds the
 * deal, as a save's loader does); each bot reads of it only what its seat may know.
 */
export function showRoundSoFar(bots: readonly Bot[], game: GameState): void {
  const observers = bots.filter((b) => b.observe);
  if (observers.length === 0 || game.moves === 0 || game.log === null) return;
  let state = createGame({ ...setupOf(game), log: false });
  for (const b of observers) b.observe!(state, null, []);
  for (const move of game.log) {
    const r = applyMove(state, move);
    if (!r.ok) throw new Error(`the round's own log does not replay: ${r.error.message}`);
    state = r.state;
    for (const b of observers) b.observe!(state, move, r.events);
  }
}

/**
 * A lone round saved by `simulate --replay-game` becomes round 1 of a match: the match deals
 * that round from the same seed, so the saved round takes its place exactly.
 */
export function matchOfGame(g: GameState): MatchState {
  const m = createMatch({ rules: g.rules, players: g.players, seed: g.seed, log: true });
  return { ...m, game: g };
}

/** The longest name a seat may have: the table and score sheet lay names out in columns. */
export const MAX_NAME = 40;

/**
 * The most presses a saved launcher counts: far beyond any game, low enough that the counters
 * stay exact integers through any sum the reports make.
 */
const MAX_PRESSES = 1e9;
/** The most event lines a save keeps for the screen (the terminal shows the last 40). */
const MAX_EVENTS = 100;

/** A name as a seat shows it: printable (no control characters), trimmed. */
export function seatName(name: string): string {
  return printable(name).trim();
}

/**
 * Checks a save's `play` block: every field known and in range, the launcher's saved state one
 * its machine can be in (the save's hash covers the match, not this block, so it is checked
 * here like any other field a person may edit). Throws a {@link ResumeError} naming the field.
 */
export function checkPlayMeta(meta: unknown, players: number, name: string): Partial<PlayMeta> {
  // `what` in English, `key` with `values` its reason of the game's catalogue (the page words it too).
  const fail = (field: string, what: string, key: ReasonKey, values?: Said['values']): never => {
    const at = field ? `.${field}` : '';
    throw withSaid(new ResumeError(`save file ${name}: play${at} ${what}`), said('reason.resume.field', { file: name, at, why: said(key, values) }));
  };
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) fail('', 'must be an object', 'reason.rules.object');
  const m = meta as Partial<PlayMeta>;
  const bad = unknownKey(m, ['names', 'me', 'people', 'bots', 'budget', 'profile', 'launcher', 'aim', 'events']);
  if (bad) fail(bad.key, `is not known: ${bad.message}`, 'reason.resume.unknown', { why: bad.said });
  if (!Array.isArray(m.names) || m.names.length !== players || !m.names.every((n) => typeof n === 'string'))
    fail('names', `must list ${players} names`, 'reason.resume.names', { players: String(players) });
  const names = m.names!.map(seatName);
  names.forEach((n, i) => (n === '' || n.length > MAX_NAME) && fail(`names[${i}]`, `must be a name of 1 to ${MAX_NAME} printable characters`, 'reason.resume.name', { max: String(MAX_NAME) }));
  const seat = (field: string) => fail(field, `must be a seat 0..${players - 1}`, 'reason.resume.seat', { last: String(players - 1) });
  if (!Number.isInteger(m.me) || m.me! < 0 || m.me! >= players) seat('me');
  if (m.people !== undefined) {
    const p = m.people;
    const ok = Array.isArray(p) && p.length >= 1 && p.every((s) => Number.isInteger(s) && s >= 0 && s < players) && new Set(p).size === p.length && p.includes(m.me!);
    if (!ok) fail('people', `must list the seats people play, each once, among 0..${players - 1}, \`me\` among them`, 'reason.resume.people', { last: String(players - 1) });
  }
  if (!Array.isArray(m.bots) || m.bots.length === 0 || m.bots.length > players || !m.bots.every(isBotKind))
    fail('bots', `must list ${BOT_KINDS_TEXT} (1 to ${players} of them)`, 'reason.resume.bots', { kinds: { or: BOT_KIND_NAMES }, players: String(players) });
  if (m.budget !== undefined) {
    const text = typeof m.budget === 'object' && m.budget !== null ? budgetText(m.budget) : '';
    const b = parseBudget(text);
    if ('error' in b || JSON.stringify(b) !== JSON.stringify(m.budget)) {
      fail('budget', 'must be { "playouts": N }, { "steps": N } or { "ms": N } with N a whole number from 1 to 1000000', 'reason.resume.budget', { forms: { or: ['{ "playouts": N }', '{ "steps": N }', '{ "ms": N }'] }, max: '1000000' });
    }
  }
  if (typeof m.profile !== 'string' || m.profile === '' || m.profile.length > 1000) fail('profile', 'must be a profile name or file', 'reason.resume.profile');
  const l = m.launcher;
  if (l !== null && l !== undefined) {
    if (typeof l !== 'object' || Array.isArray(l)) fail('launcher', 'must be an object or null', 'reason.resume.launcher');
    const badL = unknownKey(l, ['rng', 'presses', 'sinceBurst', 'motorMs', 'lowWarned', 'jammed']);
    if (badL) fail(`launcher.${badL.key}`, `is not known: ${badL.message}`, 'reason.resume.unknown', { why: badL.said });
    const okRng = Array.isArray(l.rng) && l.rng.length === 4 && l.rng.every((x) => Number.isInteger(x) && x >= 0 && x < 2 ** 32);
    if (!okRng) fail('launcher.rng', 'must be the generator\'s 4 words, whole numbers from 0 to 4294967295', 'reason.resume.rng');
    // The seeding never makes an all-zero state (lib/rng.ts): one is an edit.
    if (l.rng.every((x) => x === 0)) fail('launcher.rng', 'is all zeros, which no generator state is', 'reason.resume.rngZero');
    for (const k of ['presses', 'sinceBurst'] as const)
      if (!Number.isInteger(l[k]) || l[k] < 0 || l[k] > MAX_PRESSES) fail(`launcher.${k}`, `must be a whole number from 0 to ${MAX_PRESSES}`, 'reason.rules.count', { max: String(MAX_PRESSES) });
    const maxMotorMs = BATTERY.capacityMotorSeconds * 1000;
    if (typeof l.motorMs !== 'number' || !Number.isFinite(l.motorMs) || l.motorMs < 0 || l.motorMs > maxMotorMs)
      fail('launcher.motorMs', `must be the motor time on the batteries, 0 to ${maxMotorMs} ms (spent batteries)`, 'reason.resume.motor', { max: String(maxMotorMs) });
    for (const k of ['lowWarned', 'jammed'] as const) if (typeof l[k] !== 'boolean') fail(`launcher.${k}`, 'must be true or false', 'reason.rules.boolean');
  }
  if (m.aim !== undefined && (!Number.isInteger(m.aim) || m.aim < 0 || m.aim >= players)) seat('aim');
  if (m.events !== undefined && (!Array.isArray(m.events) || m.events.length > MAX_EVENTS || !m.events.every((e) => typeof e === 'string' && e.length <= 1000)))
    fail('events', `must list lines of text (at most ${MAX_EVENTS}, of at most 1000 characters)`, 'reason.resume.events', { max: String(MAX_EVENTS) });
  return { ...m, names };
}

/**
 * Reads a save's text (a match from a played game, or a lone round from `simulate`): the match,
 * and the seats and launcher when a played game wrote it. `name` is how errors name the file.
 * Throws a `SaveError` (the match) or a {@link ResumeError} (the `play` block).
 */
export function parsePlaySave(text: string, name: string, later: readonly LaterMove[] = []): { match: MatchState; meta: Partial<PlayMeta> } {
  const saved = parseSave(text, name);
  if (saved.kind === 'game' && later.length > 0) throw withSaid(new SaveError(`${name} holds a single game: no later moves go after it`), said('reason.save.single', { file: name }));
  const match = saved.kind === 'game' ? matchOfGame(loadGame(saved, name)) : loadMatch(saved, name, later);
  const meta = (saved as { play?: unknown }).play;
  if (meta === undefined) return { match, meta: {} };
  const m = checkPlayMeta(meta, match.setup.players, name);
  return { match, meta: m };
}

/** What the resumed game says when the saved launcher's batteries could not run its motor, in English (session.freshBatteries). */
export const FRESH_BATTERIES = "The launcher's batteries were spent: fresh ones are in";

/**
 * The seats of a resumed match: what its save said, the rest as a new game would have it (the
 * person at seat 0 named "You", heuristic bots, the rule set's own launcher profile). A saved
 * launcher whose batteries can no longer start the motor (spent, or so low that every burst
 * browns it out) gets fresh ones, as a person at the table would put in, and the game says so:
 * with them the first press (spent) or the first presses that fire (browning out, until spent)
 * could give no card and end no round. Its names and that line in the reader's words `w` when
 * given (the page's, the terminal's), else in English, as the library's.
 */
export function resumedMeta(match: MatchState, meta: Partial<PlayMeta>, w?: Pick<Words, 't'>): PlayMeta {
  const players = match.setup.players;
  let launcher = meta.launcher ?? null;
  let events = meta.events;
  if (launcher && brownsOutAt(launcher.motorMs)) {
    launcher = { ...launcher, motorMs: 0, lowWarned: false };
    events = [...(events ?? []), w ? w.t('session.freshBatteries') : FRESH_BATTERIES].slice(-MAX_EVENTS);
  }
  return {
    names: meta.names ?? [w ? w.t('you.name') : 'You', ...Array.from({ length: players - 1 }, (_, i) => (w ? w.t('bot.name', { n: i + 1 }) : `Bot ${i + 1}`))],
    me: meta.me ?? 0,
    ...(meta.people ? { people: meta.people } : {}),
    bots: meta.bots ?? ['heuristic'],
    ...(meta.budget ? { budget: meta.budget } : {}),
    profile: meta.profile ?? match.setup.rules.profile ?? 'seed-0-8',
    launcher,
    ...(meta.aim !== undefined ? { aim: meta.aim } : {}),
    ...(events ? { events } : {}),
  };
}

/** What of a running launcher's state a save keeps. */
export function savedLauncher(core: CoreState): SavedLauncher {
  return { rng: core.rng, presses: core.presses, sinceBurst: core.sinceBurst, motorMs: core.motorMs, lowWarned: core.lowWarned, jammed: core.jammed };
}

/** The save's text: `match` (whose current round is `game`) with its move logs, and `meta`. */
export function playSaveText(match: MatchState, game: GameState, meta: PlayMeta): string {
  const file: SaveFile & { play?: PlayMeta } = matchSaveFile({ ...match, game });
  file.play = meta;
  return `${JSON.stringify(file)}\n`;
}
