/** A bot that plays a random legal move: a baseline, and a fuzzer for the engine. */
import type { Move } from '../state.ts';
import { botCore, distinctPlays, reactToUno, withUnoCall, type Bot, type BotOptions } from './types.ts';

type Play = Extract<Move, { type: 'play' }>;

/** Options of the random bot. */
export interface RandomBotOptions extends BotOptions {
  /** Chance to press (or draw) instead of playing when it could play (default 0.05). */
  renege?: number;
  /** Chance to jump in when it may (default 0.5). */
  jumpIn?: number;
}

/** A bot that picks uniformly among the distinct legal plays (and sometimes reneges). */
export function randomBot(o: RandomBotOptions): Bot {
  const core = botCore(o);
  const renege = o.renege ?? 0.05;
  const jumpIn = o.jumpIn ?? 0.5;
  const { rng } = core;
  return {
    name: 'random',
    choose(_state, _seat, moves) {
      // distinctPlays and the other moves in one pass (the same lists, in list order).
      const plays: Play[] = [];
      const others: Move[] = [];
      for (const m of moves) {
        if (m.type !== 'play') others.push(m);
        else if (!m.uno) plays.push(m);
      }
      if (plays.length > 0 && (others.length === 0 || !rng.chance(renege))) {
        return withUnoCall(core, moves, plays[rng.int(plays.length)]);
      }
      return others.length > 0 ? others[rng.int(others.length)] : moves[rng.int(moves.length)];
    },
    react(_state, _seat, moves): Move | null {
      const uno = reactToUno(core, moves);
      if (uno) return uno;
      const jumps = distinctPlays(moves);
      return jumps.length > 0 && rng.chance(jumpIn) ? withUnoCall(core, moves, jumps[rng.int(jumps.length)]) : null;
    },
  };
}
