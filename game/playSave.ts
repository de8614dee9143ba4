/**
 * A played match's save, as the terminal game and the browser game both write and read it: the
 * match with its move logs (save.ts), plus a `play` block saying who sits where and the
 * launcher's own state. Pure: the text in, the text out; files are the caller's.
 */
import type { CoreState } from '../emulator/core.ts';
import { makeBot, type Bot, type BotKind } from './bots/index.ts';
import { createMatch, type MatchState } from './match.ts';
import { loadGame, loadMatch, matchSaveFile, parseSave, type SaveFile } from './save.ts';
import type { GameState } from './state.ts';

/** The launcher's generator, counters and battery, as saved (its supply is the game's). */
export type SavedLauncher = Omit<CoreState, 'supply'>;

/** What a save file carries beyond the match: who sits where, the launcher's own state. */
export interface PlayMeta {
  names: string[];
  me: number;
  bots: BotKind[];
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
 * and resumed goes on exactly as it would have without the break.
 */
export function positionalBot(kind: BotKind, seed: string, seat: number): Bot {
  const at = (s: GameState) => makeBot(kind, { seed: `${seed}/${s.round}/${s.moves}`, seat });
  return {
    name: kind,
    choose: (s, st, moves) => at(s).choose(s, st, moves),
    react: (s, st, moves) => at(s).react(s, st, moves),
  };
}

/**
 * The table of a played match: the person's seat asks (`interactive`: its moves come through
 * runRound's `ask`), every other seat is its {@link positionalBot}. Both games seat players so.
 */
export function tableBots(meta: Pick<PlayMeta, 'names' | 'me' | 'bots'>, seed: number | string): Bot[] {
  const person: Bot = {
    name: meta.names[meta.me], interactive: true,
    choose: () => { throw new Error('a person chooses through ask'); },
    react: () => null,
  };
  return meta.names.map((_, seat) => (seat === meta.me ? person : positionalBot(meta.bots[seat % meta.bots.length], String(seed), seat)));
}

/**
 * A lone round saved by `simulate --replay-game` becomes round 1 of a match: the match deals
 * that round from the same seed, so the saved round takes its place exactly.
 */
export function matchOfGame(g: GameState): MatchState {
  const m = createMatch({ rules: g.rules, players: g.players, seed: g.seed, log: true });
  return { ...m, game: g };
}

/**
 * Reads a save's text (a match from a played game, or a lone round from `simulate`): the match,
 * and the seats and launcher when a played game wrote it. `name` is how errors name the file.
 * Throws a `SaveError` (the match) or a {@link ResumeError} (the `play` block).
 */
export function parsePlaySave(text: string, name: string): { match: MatchState; meta: Partial<PlayMeta> } {
  const saved = parseSave(text, name);
  const match = saved.kind === 'game' ? matchOfGame(loadGame(saved, name)) : loadMatch(saved, name);
  const meta = (saved as { play?: unknown }).play;
  if (meta === undefined) return { match, meta: {} };
  const m = meta as Partial<PlayMeta>;
  const players = match.setup.players;
  if (!Array.isArray(m.names) || m.names.length !== players || !m.names.every((n) => typeof n === 'string'))
    throw new ResumeError(`save file ${name}: play.names must list ${players} names`);
  if (!Number.isInteger(m.me) || m.me! < 0 || m.me! >= players) throw new ResumeError(`save file ${name}: play.me must be a seat 0..${players - 1}`);
  if (!Array.isArray(m.bots) || !m.bots.every((b) => b === 'random' || b === 'heuristic')) throw new ResumeError(`save file ${name}: play.bots must list random or heuristic`);
  if (typeof m.profile !== 'string') throw new ResumeError(`save file ${name}: play.profile must be a profile name or file`);
  const l = m.launcher;
  if (l !== null && l !== undefined) {
    const okRng = Array.isArray(l.rng) && l.rng.length === 4 && l.rng.every((x) => Number.isInteger(x) && x >= 0 && x < 2 ** 32);
    if (!okRng || typeof l.presses !== 'number' || typeof l.sinceBurst !== 'number' || typeof l.motorMs !== 'number')
      throw new ResumeError(`save file ${name}: play.launcher is damaged (rng, presses, sinceBurst, motorMs)`);
  }
  if (m.aim !== undefined && (!Number.isInteger(m.aim) || m.aim < 0 || m.aim >= players)) throw new ResumeError(`save file ${name}: play.aim must be a seat 0..${players - 1}`);
  if (m.events !== undefined && (!Array.isArray(m.events) || !m.events.every((e) => typeof e === 'string'))) throw new ResumeError(`save file ${name}: play.events must list lines of text`);
  return { match, meta: m };
}

/**
 * The seats of a resumed match: what its save said, the rest as a new game would have it (the
 * person at seat 0 named "You", heuristic bots, the rule set's own launcher profile).
 */
export function resumedMeta(match: MatchState, meta: Partial<PlayMeta>): PlayMeta {
  const players = match.setup.players;
  return {
    names: meta.names ?? ['You', ...Array.from({ length: players - 1 }, (_, i) => `Bot ${i + 1}`)],
    me: meta.me ?? 0,
    bots: meta.bots ?? ['heuristic'],
    profile: meta.profile ?? match.setup.rules.profile ?? 'seed-0-8',
    launcher: meta.launcher ?? null,
    ...(meta.aim !== undefined ? { aim: meta.aim } : {}),
    ...(meta.events ? { events: meta.events } : {}),
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
