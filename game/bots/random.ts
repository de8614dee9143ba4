/** A bot that plays a random legal move: a baseline, and a fuzzer for the engine. */
import type { Move } from '../state.ts';
import { botCore, distinctPlays, reactToUno, roundBot, withUnoCall, type BotOptions, type RoundBot } from './types.ts';

type Play = Extract<Move, { type: 'play' }>;

/** Options of the random bot. */
export interface RandomBotOptions extends BotOptions {
  /** Chance to press (or draw) instead of playing when it could play (default 0.05). */
  renege?: number;
  /** Chance to jump in when it may (default 0.5). */
  jumpIn?: number;
}

/** The `k`-th (from 0) of the plays without an UNO call (`plays`), or of the moves that are not plays. */
function nthMove(moves: readonly Move[], plays: boolean, k: number): Move {
  for (let i = 0; i < moves.length; i++) {
    const m = moves[i];
    if (plays ? m.type === 'play' && !m.uno : m.type !== 'play') if (k-- === 0) return m;
  }
  throw new Error(`no move ${k} in the list`);
}

/** A bot that picks uniformly among the distinct legal plays (and sometimes reneges). */
export function randomBot(o: RandomBotOptions): RoundBot {
  const core = botCore(o);
  const renege = o.renege ?? 0.05;
  const jumpIn = o.jumpIn ?? 0.5;
  const { rng } = core;
  return roundBot({
    name: 'random',
    chooseIn(_round, _seat, moves) {
      // The plays (distinctPlays) and the other moves are counted, then one is picked by its rank
      // in list order: the same choice as from the two lists, without building them every move.
      let plays = 0;
      let others = 0;
      for (let i = 0; i < moves.length; i++) {
        const m = moves[i];
        if (m.type !== 'play') others++;
        else if (!m.uno) plays++;
      }
      if (plays > 0 && (others === 0 || !rng.chance(renege))) {
        return withUnoCall(core, moves, nthMove(moves, true, rng.int(plays)) as Play);
      }
      return others > 0 ? nthMove(moves, false, rng.int(others)) : moves[rng.int(moves.length)];
    },
    reactIn(_round, _seat, moves): Move | null {
      const uno = reactToUno(core, moves);
      if (uno) return uno;
      const jumps = distinctPlays(moves);
      return jumps.length > 0 && rng.chance(jumpIn) ? withUnoCall(core, moves, jumps[rng.int(jumps.length)]) : null;
    },
  });
}
