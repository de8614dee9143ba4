/**
 * A match: rounds scored to the target, as plain data (a round called off scores nothing; the next is dealt). Standard scoring: first to the target
 * wins; challenge: a player who reaches it is out, the last one in wins; lowest: when someone
 * reaches it, the lowest total wins.
 */
import { applyMove } from './engine.ts';
import { refuse } from './play.ts';
import type { Rules } from './rules.ts';
import { roundPoints } from './scoring.ts';
import { createGame, resolveRules, type GameSetup } from './setup.ts';
import { roundEnded, type GameEvent, type GameState, type Move, type MoveError } from './state.ts';
import { activeSeats, leftOf } from './turn.ts';

/** What a match is created from. */
export type MatchSetup = Omit<GameSetup, 'round' | 'dealer' | 'out' | 'scores'>;

/** A finished round of a match. */
export interface RoundRecord {
  round: number;
  dealer: number;
  /** The seat that went out; null: the round was called off (game/state.ts, ROUND_MOVE_LIMIT) and scored nothing. */
  winner: number | null;
  /** Points each seat scored in the round. */
  points: number[];
  /** Running totals after the round. */
  totals: number[];
  /** The round's moves (when logging is on). */
  log: Move[] | null;
}

/** A match in progress or finished. Plain data. */
export interface MatchState {
  schema: 1;
  kind: 'match';
  /** The setup with its rules resolved: what a save file stores. */
  setup: MatchSetup & { rules: Rules };
  totals: number[];
  /** Seats eliminated (challenge scoring). */
  out: boolean[];
  rounds: RoundRecord[];
  /** The current round (the last one once the match is over). */
  game: GameState;
  /** The match winner (with partners: one of the winning pair), or null while it goes on. */
  winner: number | null;
}

/** The outcome of {@link applyMatchMove}. */
export type MatchMoveResult = { ok: true; match: MatchState; events: GameEvent[] } | { ok: false; error: MoveError };

/** Starts a match: round 0, the dealer chosen by drawing cards. */
export function createMatch(setup: MatchSetup): MatchState {
  const { options, ...rest } = setup;
  const full = { ...rest, rules: resolveRules(setup.rules, options) };
  const totals = Array<number>(setup.players).fill(0);
  const game = createGame({ ...full, round: 0, scores: totals });
  return { schema: 1, kind: 'match', setup: full, totals, out: game.out, rounds: [], game, winner: null };
}

function matchWinner(m: MatchState, totals: number[], out: boolean[]): number | null {
  const { scoring, target } = m.setup.rules.options;
  const seats = activeSeats({ players: m.setup.players, out });
  if (scoring === 'challenge') return seats.length === 1 ? seats[0] : null;
  if (!totals.some((t) => t >= target)) return null;
  const best = scoring === 'lowest' ? Math.min(...totals) : Math.max(...totals);
  return totals.indexOf(best);
}

function scoreRound(m: MatchState): MatchState {
  const g = m.game;
  // A round called off scores nothing: nobody went out, so nobody's cards count for anyone.
  const points = g.calledOff ? Array<number>(g.players).fill(0) : roundPoints(g);
  const totals = m.totals.map((t, seat) => t + points[seat]);
  const challenge = m.setup.rules.options.scoring === 'challenge';
  const out = challenge ? m.out.map((o, seat) => o || totals[seat] >= m.setup.rules.options.target) : m.out;
  const record: RoundRecord = { round: g.round, dealer: g.dealer, winner: g.winner, points, totals, log: g.log };
  return { ...m, totals, out, rounds: m.rounds.concat([record]), winner: matchWinner(m, totals, out) };
}

/** Applies a move to the current round; a round that ends is scored into the match. */
export function applyMatchMove(match: MatchState, move: Move): MatchMoveResult {
  if (match.winner !== null) return { ok: false, error: refuse('game-over', { why: 'match-over', winner: match.winner }) };
  const r = applyMove(match.game, move);
  if (!r.ok) return r;
  const next = { ...match, game: r.state };
  return { ok: true, match: roundEnded(r.state) ? scoreRound(next) : next, events: r.events };
}

/** The current round is over and scored into the match. */
export function roundOver(match: MatchState): boolean {
  return roundEnded(match.game) && match.rounds.length === match.game.round + 1;
}

/** A round finished outside {@link applyMatchMove} (e.g. by a runner) scored into the match. */
export function withRound(match: MatchState, game: GameState): MatchState {
  if (game.round !== match.game.round) throw new Error(`round ${game.round} is not the match's current round ${match.game.round}`);
  const next = { ...match, game };
  return !roundEnded(game) || roundOver(next) ? next : scoreRound(next);
}

/**
 * Deals the next round: the deal passes left, or with `drawDealer` (seed 002) the players draw for
 * the dealer again. Throws if the round is not over or the match is.
 */
export function nextRound(match: MatchState): MatchState {
  if (match.winner !== null) throw new Error(`the match is over: seat ${match.winner} won`);
  if (!roundOver(match)) throw new Error('the current round is not over');
  const dealer = match.setup.rules.options.drawDealer ? undefined : leftOf({ players: match.setup.players, out: match.out }, match.game.dealer);
  const round = match.game.round + 1;
  // A match set up from a position plays it as its first round only: the next ones are dealt.
  const { position: _first, ...setup } = match.setup;
  const game = createGame({ ...setup, round, dealer, out: match.out, scores: match.totals });
  return { ...match, game };
}
