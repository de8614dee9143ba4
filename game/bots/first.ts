/**
 * A bot that plays the first playable card of its hand, else draws (or presses) and plays the
 * drawn card when it can: the policy of the benchmark's peer (bench/peer.js, uno-engine), so
 * that the two engines are compared on the same games' worth of work. It names the first colour
 * (red, as the peer does), calls UNO with the play that leaves one card, accepts a +4, stacks
 * when it can, and never acts out of turn. It draws nothing from a random stream.
 */
import { ACCEPT, PLAY } from '../core/moves.ts';
import { roundBot, type RoundBot } from './types.ts';

/** The first-playable bot. */
export function firstBot(): RoundBot {
  return roundBot({
    name: 'first',
    chooseAt(_round, _seat, list, picks) {
      // The list gives each play before its UNO-call twin, and a card's colours red first.
      let accept = -1;
      for (let k = 0; k < picks.length; k++) {
        const i = picks[k];
        if (list.type[i] === PLAY) return k + 1 < picks.length && list.unoTwin(i, picks[k + 1]) ? picks[k + 1] : i;
        if (list.type[i] === ACCEPT) accept = i;
      }
      return accept >= 0 ? accept : picks[0];
    },
    reactAt() {
      return -1;
    },
  });
}
