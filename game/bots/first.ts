/**
 * A bot that plays the first playable card of its hand, else draws (or presses) and plays the
 * drawn card when it can: the policy of the benchmark's peer (bench/peer.js, uno-engine), so
 * that the two engines are compared on the same games' worth of work. It names the first colour
 * (red, as the peer does), calls UNO with the play that leaves one card, accepts a +4, stacks
 * when it can, and never acts out of turn. It draws nothing from a random stream.
 */
import type { Move } from '../state.ts';
import { roundBot, type RoundBot } from './types.ts';

/** The first-playable bot. */
export function firstBot(): RoundBot {
  return roundBot({
    name: 'first',
    chooseIn(_round, _seat, moves) {
      // The list gives each play before its UNO-call twin, and a card's colours red first.
      let accept: Move | null = null;
      for (let i = 0; i < moves.length; i++) {
        const m = moves[i];
        if (m.type === 'play') {
          const twin = moves[i + 1];
          return twin !== undefined && twin.type === 'play' && twin.uno === true && twin.card === m.card && twin.also === m.also && twin.colour === m.colour && twin.target === m.target
            ? twin
            : m;
        }
        if (m.type === 'accept') accept = m;
      }
      return accept ?? moves[0];
    },
    reactIn() {
      return null;
    },
  });
}
