/** Bots by name, and a table of bots for a round. */
import { firstBot } from './first.ts';
import { heuristicBot } from './heuristic.ts';
import { randomBot } from './random.ts';
import type { Bot, BotOptions } from './types.ts';

export { firstBot } from './first.ts';
export { heuristicBot, leader, strongestColour } from './heuristic.ts';
export { randomBot, type RandomBotOptions } from './random.ts';
export type { Bot, BotOptions } from './types.ts';

/** The bots the project ships, by name: `first` is the benchmark's (the peer's policy, see ./first.ts). */
export const BOT_KINDS = ['heuristic', 'random', 'first'] as const;

/** The name of a bot the project ships: one of {@link BOT_KINDS}. */
export type BotKind = (typeof BOT_KINDS)[number];

/** The bot kinds in words, for messages: `heuristic, random or first`. */
export const BOT_KINDS_TEXT = `${BOT_KINDS.slice(0, -1).join(', ')} or ${BOT_KINDS[BOT_KINDS.length - 1]}`;

/** A bot of a kind for a seat, seeded `seedRng(seed, seat)`. */
export function makeBot(kind: BotKind, options: BotOptions): Bot {
  if (kind === 'first') return firstBot();
  return kind === 'random' ? randomBot(options) : heuristicBot(options);
}

/** One bot per seat: `kinds` is one kind for all or a kind per seat. */
export function makeBots(players: number, seed: number | string, kinds: BotKind | BotKind[] = 'heuristic', extra: Partial<BotOptions> = {}): Bot[] {
  return Array.from({ length: players }, (_, seat) =>
    makeBot(Array.isArray(kinds) ? kinds[seat] : kinds, { ...extra, seed, seat }),
  );
}
