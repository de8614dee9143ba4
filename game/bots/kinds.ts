/**
 * The bots the project ships, by kind, as descriptions: the one list the commands, the save
 * files and the browser's new-game dialog read (their names in words: `bot.kind.*` in the
 * catalogues). Their makers are in ./index.ts, apart: what only
 * names or checks a kind (a dialog, a save's reader) carries no bot's code, and the page's
 * thread, which runs the quick kinds only, carries no search code (its search bots think in a
 * worker).
 */
import { byName } from '../../lib/untrusted.ts';

/**
 * `positional`: the bot already draws each decision's randomness from the position (seed,
 * round, move), so one instance plays a whole game and a resumed game goes on as it would have;
 * the others, the quick kinds, are made afresh for each decision (playSave's `quickBot`). The
 * positional kinds are the ones that search: a decision takes up to a few hundred milliseconds,
 * so a table with a thread to keep free has them think elsewhere (table/search.ts).
 */
export const BOT_KINDS = {
  heuristic: { positional: false },
  random: { positional: false },
  ismcts: { positional: true },
  first: { positional: false },
} as const;

/** The name of a shipped bot. */
export type BotKind = keyof typeof BOT_KINDS;

/** A kind that searches (positional): made once for a game, thinking elsewhere where it can. */
export type SearchKind = { [K in BotKind]: (typeof BOT_KINDS)[K]['positional'] extends true ? K : never }[BotKind];

/** A kind that decides at once: made afresh for each decision, on any thread. */
export type QuickKind = Exclude<BotKind, SearchKind>;

/** The kinds' names, in the order lists show them. */
export const BOT_KIND_NAMES = Object.keys(BOT_KINDS) as BotKind[];

/** The kinds in words, for messages: `heuristic, random, ismcts or first`. */
export const BOT_KINDS_TEXT = `${BOT_KIND_NAMES.slice(0, -1).join(', ')} or ${BOT_KIND_NAMES[BOT_KIND_NAMES.length - 1]}`;

/** `name` is a shipped bot's. */
export function isBotKind(name: unknown): name is BotKind {
  return typeof name === 'string' && byName<unknown>(BOT_KINDS, name) !== undefined;
}

/** A kind of bot searches (and so thinks in a worker where there is one). */
export function isSearchKind(kind: BotKind): kind is SearchKind {
  return BOT_KINDS[kind].positional;
}
