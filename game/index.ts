/**
 * The game layer's library API: create a round or a match, list the legal moves, apply a move,
 * run rounds with bots against any launcher, save and resume. Everything is plain data and pure
 * functions of (state, move); randomness comes from the seed only. Nothing here touches the file
 * system, so it runs in a browser too; reading and writing files is `files.ts` (Node only).
 *
 * ```ts
 * import { createGame, legalMoves, applyMove, runRoundSync, makeBots } from './game/index.ts';
 * const game = createGame({ rules: 'extreme', players: 4, seed: 42 });
 * const { state } = runRoundSync(game, new FastLauncher(resolveProfile('seed-0-8'), 42), makeBots(4, 42));
 * ```
 */
export * from './cards.ts';
/** A card's English label (`Red 5`): the words live in the catalogue (words/), the engine names cards by id. */
export { cardLabel } from '../words/cards.ts';
// A refusal's `message` in English (game/play.ts, refuse): the library's users read it.
import '../words/refusals.ts';
export * from './rules.ts';
export type * from './state.ts';
export { ROUND_MOVE_LIMIT, roundEnded } from './state.ts';
export type { Round } from './core/round.ts';
export { createGame, dealRound, chooseDealer, launcherRng, LAUNCHER_STREAM, type GameSetup } from './setup.ts';
export {
  createFromPosition, fromPosition, parsePosition, positionOf,
  type Position, type PositionError, type PositionOptions, type PositionResult, type ParsedPosition,
} from './position.ts';
export { applyMove, checkMove, everyHandRefusals, handRefusals } from './engine.ts';
export { legalMoves } from './legal.ts';
export { matches, topCard, waitingOf } from './play.ts';
export { cardsForCount } from './press.ts';
export { nextSeat, leftOf, activeSeats, twoPlayers, teamOf } from './turn.ts';
export { handPoints, roundPoints } from './scoring.ts';
export * from './match.ts';
export * from './save.ts';
export * from './playSave.ts';
export { rulesFromJson, parseRulesText, checkRules, deckKinds } from './ruleFile.ts';
export { EFFECTS, type Effect, type PlayContext } from './effects/index.ts';
export * from './bots/index.ts';
export * from './runner.ts';
