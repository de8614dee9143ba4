/** Bots by name, and a table of bots for a round. */
import { firstBot } from './first.ts';
import { heuristicBot } from './heuristic.ts';
import { ismctsBot, type SearchOptions } from './ismcts/index.ts';
import { isSearchKind, type BotKind, type QuickKind, type SearchKind } from './kinds.ts';
import { randomBot } from './random.ts';
import type { Bot, BotOptions } from './types.ts';

export { firstBot } from './first.ts';
export { heuristicBot, leader, strongestColour } from './heuristic.ts';
export { randomBot, type RandomBotOptions } from './random.ts';
export { budgetText, ismctsBot, parseBudget, DEFAULT_BUDGET, SETUP_STEPS, type Budget, type IsmctsBot, type SearchOptions } from './ismcts/index.ts';
export { BOT_KINDS, BOT_KIND_NAMES, BOT_KINDS_TEXT, isBotKind, isSearchKind, type BotKind, type QuickKind, type SearchKind } from './kinds.ts';
export type { Bot, BotOptions } from './types.ts';

/** A bot's options but its seat's: what a table's bots share. */
type SharedOptions = Partial<BotOptions> & SearchOptions;

/** Makes a kind's bot for a seat; it builds the seat's options itself, so a kind that reads none costs no object per seat (a simulation makes a table of bots for every game). */
type Maker = (o: SharedOptions, seed: number | string, seat: number) => Bot;

/**
 * The makers of the kinds that decide at once ({@link BOT_KINDS}' quick kinds), apart from the
 * search kinds': what makes only these (the page's thread) carries no search code.
 */
export const QUICK_MAKERS: { readonly [K in QuickKind]: Maker } = {
  heuristic: (o, seed, seat) => heuristicBot(seatOptions(o, seed, seat)),
  random: (o, seed, seat) => randomBot(seatOptions(o, seed, seat)),
  // The benchmark's: the peer's policy (see ./first.ts). It draws nothing from a stream and
  // keeps nothing between decisions, so every seat of every table plays the one instance.
  first: () => FIRST,
};

/** The makers of the kinds that search. */
const SEARCH_MAKERS: { readonly [K in SearchKind]: Maker } = {
  ismcts: (o, seed, seat) => ismctsBot(seatOptions(o, seed, seat)),
};

/**
 * The maker of a kind. A function, not a table joined at load: the page, which makes quick bots
 * only (quickBot), then leaves it and the search makers out of its script.
 */
const makerOf = (kind: BotKind): Maker => (isSearchKind(kind) ? SEARCH_MAKERS[kind] : QUICK_MAKERS[kind]);

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

/** A bot of a kind for a seat, seeded `seedRng(seed, seat)`. */
export function makeBot(kind: BotKind, options: BotOptions & SearchOptions): Bot {
  return makerOf(kind)(options, options.seed, options.seat);
}

/** One bot per seat: `kinds` is one kind for all or a kind per seat (seats past the list's end: heuristic). */
export function makeBots(players: number, seed: number | string, kinds: BotKind | BotKind[] = 'heuristic', extra: SharedOptions = {}): Bot[] {
  // A loop, not Array.from: a simulation makes a table of bots for every game.
  const bots: Bot[] = [];
  for (let seat = 0; seat < players; seat++) bots.push(makerOf(Array.isArray(kinds) ? (kinds[seat] ?? 'heuristic') : kinds)(extra, seed, seat));
  return bots;
}
