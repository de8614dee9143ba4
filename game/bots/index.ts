/** Bots by name, and a table of bots for a round. */
import { firstBot } from './first.ts';
import { heuristicBot } from './heuristic.ts';
import { ismctsBot, type SearchOptions } from './ismcts/index.ts';
import { randomBot } from './random.ts';
import type { Bot, BotOptions } from './types.ts';
import { byName } from '../../lib/untrusted.ts';

export { firstBot } from './first.ts';
export { heuristicBot, leader, strongestColour } from './heuristic.ts';
export { randomBot, type RandomBotOptions } from './random.ts';
export { budgetText, ismctsBot, parseBudget, DEFAULT_BUDGET, SETUP_STEPS, type Budget, type IsmctsBot, type SearchOptions } from './ismcts/index.ts';
export type { Bot, BotOptions } from './types.ts';

/** A bot's options but its seat's: what a table's bots share. */
type SharedOptions = Partial<BotOptions> & SearchOptions;

/**
 * The bots the project ships, by kind: the one list the commands, the save files and the
 * browser's new-game dialog offer. `positional`: the bot already draws each decision's
 * randomness from the position (seed, round, move), so one instance plays a whole game and a
 * resumed game goes on as it would have; the others are made afresh for each decision
 * ({@link positionalBot}). `make` builds a seat's options itself, so a kind that reads none
 * costs no object per seat (a simulation makes a table of bots for every game).
 */
export const BOT_KINDS = {
  heuristic: { label: 'heuristic (plays to win)', positional: false, make: (o: SharedOptions, seed: number | string, seat: number): Bot => heuristicBot(seatOptions(o, seed, seat)) },
  random: { label: 'random (any legal move)', positional: false, make: (o: SharedOptions, seed: number | string, seat: number): Bot => randomBot(seatOptions(o, seed, seat)) },
  ismcts: { label: 'ismcts (searches, never peeks)', positional: true, make: (o: SharedOptions, seed: number | string, seat: number): Bot => ismctsBot(seatOptions(o, seed, seat)) },
  // The benchmark's: the peer's policy (see ./first.ts). It draws nothing from a stream and
  // keeps nothing between decisions, so every seat of every table plays the one instance.
  first: { label: 'first (the first playable card)', positional: false, make: (): Bot => FIRST },
} as const;

const FIRST = firstBot();

/** Every option makeBot passes on to a shipped bot. */
type SeatOptions = BotOptions & SearchOptions;

/** A seat's options: the table's, with its seed and seat. */
function seatOptions(o: SharedOptions, seed: number | string, seat: number): SeatOptions {
  // One literal of every key (bench/NOTES.md). The type lists every key, so an option added to
  // BotOptions or SearchOptions fails to compile until it is copied here.
  return {
    seed, seat, forgetUno: o.forgetUno, lateCall: o.lateCall, catchChance: o.catchChance,
    budget: o.budget, profile: o.profile, now: o.now, omniscient: o.omniscient,
  } satisfies Record<keyof SeatOptions, unknown> as SeatOptions;
}

/** The name of a shipped bot. */
export type BotKind = keyof typeof BOT_KINDS;

/** The kinds' names, in the order lists show them. */
export const BOT_KIND_NAMES = Object.keys(BOT_KINDS) as BotKind[];

/** The kinds in words, for messages: `heuristic, random, ismcts or first`. */
export const BOT_KINDS_TEXT = `${BOT_KIND_NAMES.slice(0, -1).join(', ')} or ${BOT_KIND_NAMES[BOT_KIND_NAMES.length - 1]}`;

/** `name` is a shipped bot's. */
export function isBotKind(name: unknown): name is BotKind {
  return typeof name === 'string' && byName<unknown>(BOT_KINDS, name) !== undefined;
}

/** A bot of a kind for a seat, seeded `seedRng(seed, seat)`. */
export function makeBot(kind: BotKind, options: BotOptions & SearchOptions): Bot {
  return BOT_KINDS[kind].make(options, options.seed, options.seat);
}

/** One bot per seat: `kinds` is one kind for all or a kind per seat (seats past the list's end: heuristic). */
export function makeBots(players: number, seed: number | string, kinds: BotKind | BotKind[] = 'heuristic', extra: SharedOptions = {}): Bot[] {
  // A loop, not Array.from: a simulation makes a table of bots for every game.
  const bots: Bot[] = [];
  for (let seat = 0; seat < players; seat++) bots.push(BOT_KINDS[Array.isArray(kinds) ? (kinds[seat] ?? 'heuristic') : kinds].make(extra, seed, seat));
  return bots;
}
