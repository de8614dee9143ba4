/** A bot that plays a random legal move: a baseline, and a fuzzer for the engine. */
import { PLAY, type MoveList } from '../core/moves.ts';
import { botCore, countPlays, nthPlay, reactToUnoAt, roundBot, withUnoCallAt, type BotOptions, type RoundBot } from './types.ts';

/** Options of the random bot. */
export interface RandomBotOptions extends BotOptions {
  /** Chance to press (or draw) instead of playing when it could play (default 0.05). */
  renege?: number;
  /** Chance to jump in when it may (default 0.5). */
  jumpIn?: number;
}

/** The `k`-th (from 0) of the moves among `picks` that are not plays. */
function nthOther(list: MoveList, picks: readonly number[], k: number): number {
  for (let n = 0; n < picks.length; n++) if (list.type[picks[n]] !== PLAY && k-- === 0) return picks[n];
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
    chooseAt(_round, _seat, list, picks) {
      // The plays without an UNO call and the other moves are counted, then one is picked by its
      // rank in list order.
      const plays = countPlays(list, picks);
      let others = 0;
      for (let k = 0; k < picks.length; k++) if (list.type[picks[k]] !== PLAY) others++;
      if (plays > 0 && (others === 0 || !rng.chance(renege))) return withUnoCallAt(core, list, picks, nthPlay(list, picks, rng.int(plays)));
      return others > 0 ? nthOther(list, picks, rng.int(others)) : picks[rng.int(picks.length)];
    },
    reactAt(_round, _seat, list, picks) {
      const uno = reactToUnoAt(core, list, picks);
      if (uno >= 0) return uno;
      const jumps = countPlays(list, picks);
      return jumps > 0 && rng.chance(jumpIn) ? withUnoCallAt(core, list, picks, nthPlay(list, picks, rng.int(jumps))) : -1;
    },
  });
}

