/** Bots by name, and a table of bots for a round. */
import { heuristicBot } from './heuristic.ts';
import { randomBot } from './random.ts';
import type { Bot, BotOptions } from './types.ts';

export { heuristicBot, leader, strongestColour } from './heuristic.ts';
export { randomBot, type RandomBotOptions } from './random.ts';
export type { Bot, BotOptions } from './types.ts';

/** The bots the project ships. */
export type BotKind = 'random' | 'heuristic';

/** A bot of a kind for a seat, seeded `seedRng(seed, seat)`. */
export function makeBot(kind: BotKind, options: BotOptions): Bot {
  return kind === 'random' ? randomBot(options) : heuristicBot(options);
}

/** One bot per seat: `kinds` is one kind for all or a kind per seat. */
export function makeBots(players: number, seed: number | string, kinds: BotKind | BotKind[] = 'heuristic', extra: Partial<BotOptions> = {}): Bot[] {
  return Array.from({ length: players }, (_, seat) =>
    makeBot(Array.isArray(kinds) ? kinds[seat] : kinds, { ...extra, seed, seat }),
  );
}
