/**
 * The ISMCTS bot: it searches each decision (search.ts) over rounds drawn from what its seat has
 * seen (view.ts), never from the hidden cards of the state it is handed.
 */
import { DEFAULT_PROFILE, resolveProfile } from '../../../emulator/profiles.ts';
import type { Profile } from '../../../emulator/profile.ts';
import { Rng, seedRng } from '../../../lib/rng.ts';
import { card } from '../../cards.ts';
import type { GameEvent, GameState, Move } from '../../state.ts';
import type { Bot, BotOptions } from '../types.ts';
import { allies } from './playout.ts';
import { heuristicBot } from '../heuristic.ts';
import { LET_GO, moveKey, search, type SearchResult } from './search.ts';
export { SETUP_STEPS } from './search.ts';
import { SeatView } from './view.ts';

/**
 * How long a decision searches: so many playouts, or so many moves played inside playouts (both
 * reproducible; moves bound the time more closely), or so many milliseconds (not reproducible).
 */
export type Budget = { playouts: number } | { steps: number } | { ms: number };

/**
 * The default budget: steps that keep a decision well under 200 ms on one core of a small
 * machine, even at its slowest, and reproducible for a seed.
 */
export const DEFAULT_BUDGET: Budget = { steps: 50_000 };

/** `--bot-budget`'s text: `N` playouts or `Nms`; a message that says what is wrong otherwise. */
export function parseBudget(text: string): Budget | { error: string } {
  const m = /^([0-9]+)(ms|steps)?$/.exec(text.trim());
  const n = m ? Number(m[1]) : NaN;
  if (!m || !Number.isSafeInteger(n) || n < 1 || n > 1_000_000) {
    return { error: `"${text}" is not a budget: give playouts (300), steps (50000steps) or milliseconds (150ms), from 1 to 1000000` };
  }
  return m[2] === 'ms' ? { ms: n } : m[2] === 'steps' ? { steps: n } : { playouts: n };
}

/** A budget as `--bot-budget` writes it (what {@link parseBudget} reads back); `?` for a shape that is no budget. */
export function budgetText(b: object): string {
  const o = b as Record<string, unknown>;
  return 'ms' in o ? `${String(o.ms)}ms` : 'steps' in o ? `${String(o.steps)}steps` : 'playouts' in o ? String(o.playouts) : '?';
}

/** The search bot's settings beyond every bot's. */
export interface SearchOptions {
  /** Per decision; default {@link DEFAULT_BUDGET}. */
  budget?: Budget;
  /** The launcher on the table (public: everyone sees the toy); default the rule set's own. */
  profile?: Profile;
  /** The clock a time budget is read on (milliseconds). Needed for `{ ms }` budgets. */
  now?: () => number;
  /**
   * The "ceiling": search the true hands and supply instead of drawing them. Not a fair player:
   * it measures what seeing everything would buy.
   */
  omniscient?: boolean;
}

/** What the bot says of its last decision (for measurements and tests). */
export interface SearchReport {
  iterations: number;
  result: SearchResult | null;
}

/** The ISMCTS bot, with what its seat has seen ({@link SeatView}). */
export interface IsmctsBot extends Bot {
  /** What its seat has seen of the round (null before its first look). */
  readonly view: SeatView | null;
  /** The last decision's search (null: the move was forced, or it was a dominant UNO call or catch). */
  readonly last: SearchReport | null;
}

/** The round with the hidden part drawn from `view` (or, omniscient, as it is); this seat's hand as it is. */
function determinisation(state: GameState, view: SeatView, rng: Rng, omniscient: boolean): GameState {
  const me = view.seat;
  const hidden = omniscient ? { hands: state.hands.map((h) => h.slice()), supply: state.supply.slice() } : view.sample(rng);
  hidden.hands[me] = state.hands[me].slice();
  let pending = state.pending;
  // A request may carry what only one seat knows: a +4's legality, a card someone drew. Drawn again here.
  if (!omniscient && pending?.kind === 'challenge') {
    const colour = view.wild4Colour(state);
    pending = { ...pending, legal: colour === null || !hidden.hands[pending.by].some((id) => card(id).colour === colour) };
  } else if (!omniscient && pending?.kind === 'drawn' && pending.seat !== me) {
    const hand = hidden.hands[pending.seat];
    pending = { ...pending, card: hand[hand.length - 1] };
  }
  return {
    schema: state.schema, rules: state.rules, seed: state.seed, round: state.round, players: state.players,
    rng: [rng.u32(), rng.u32(), rng.u32(), rng.u32() | 1], out: state.out, dealer: state.dealer, dealerDrawn: state.dealerDrawn,
    hands: hidden.hands, discard: state.discard.slice(), supply: hidden.supply, colour: state.colour, direction: state.direction,
    turn: state.turn, pending, uno: state.uno, shown: state.shown, scores: state.scores, moves: state.moves, log: null,
    winner: null, position: state.position,
  };
}

/**
 * Information-set MCTS with determinisation. Deterministic for a seed with a playout budget:
 * each decision draws from `seedRng(seed, seat, round, moves, kind)`, a function of the position,
 * so a resumed game goes on as it would have. It always calls UNO, catches any opponent who
 * forgot, and searches jump-ins against letting the chance go.
 */
export function ismctsBot(o: BotOptions & SearchOptions): IsmctsBot {
  const budget = o.budget ?? DEFAULT_BUDGET;
  if ('ms' in budget && !o.now) throw new Error('a time budget needs a clock: pass now');
  let profile = o.profile;
  let view: SeatView | null = null;
  let last: SearchReport | null = null;
  const viewOf = (state: GameState): SeatView => {
    profile ??= resolveProfile(state.rules.profile ?? DEFAULT_PROFILE);
    view ??= new SeatView(o.seat, profile.resetOnLidCycle);
    view.observe(state, null, []);
    return view;
  };
  const decide = (state: GameState, seat: number, moves: readonly Move[], mode: 'turn' | 'react', after: number): Move | null => {
    const v = viewOf(state);
    const rng = new Rng(seedRng(o.seed, seat, state.round, state.moves, mode === 'turn' ? 0 : 1));
    const started = o.now?.() ?? 0;
    const playouts = 'playouts' in budget ? budget.playouts : Number.MAX_SAFE_INTEGER;
    const stop = 'ms' in budget ? () => o.now!() - started >= budget.ms : undefined;
    // The policy's own choice, from this seat's hand and the public table only (the heuristic bot reads no other hand).
    const policy = heuristicBot({ seed: rng.u32(), seat });
    const own = mode === 'turn' ? policy.choose(state, seat, moves) : policy.react(state, seat, moves);
    const result = search(
      {
        me: seat, profile: profile!, rng, counters: v.counters, playouts, stop, steps: 'steps' in budget ? budget.steps : undefined,
        determinise: () => determinisation(state, v, rng, o.omniscient ?? false),
        prior: own ? moveKey(own) : LET_GO,
      },
      mode, moves, after,
    );
    last = { iterations: result.iterations, result };
    const chosen = moves.find((m) => !(m.type === 'play' && m.uno) && moveKey(m) === result.key);
    if (!chosen) return null;
    // The search's play with its UNO call, when the play leaves one card.
    if (chosen.type === 'play') return moves.find((m) => m.type === 'play' && m.uno && moveKey(m) === result.key) ?? chosen;
    return chosen;
  };
  return {
    name: o.omniscient ? 'ismcts-omniscient' : 'ismcts',
    get view() {
      return view;
    },
    get last() {
      return last;
    },
    observe(state: GameState, move: Move | null, events: readonly GameEvent[]) {
      profile ??= resolveProfile(state.rules.profile ?? DEFAULT_PROFILE);
      view ??= new SeatView(o.seat, profile.resetOnLidCycle);
      view.observe(state, move, events);
    },
    choose(state, seat, moves) {
      viewOf(state);
      const keys = new Set<string>();
      for (const m of moves) if (!(m.type === 'play' && m.uno)) keys.add(moveKey(m));
      if (keys.size === 1) {
        last = null;
        return moves.find((m) => m.type === 'play' && m.uno) ?? moves[0];
      }
      return decide(state, seat, moves, 'turn', 0) ?? moves[0];
    },
    react(state, seat, moves) {
      viewOf(state);
      last = null;
      const late = moves.find((m) => m.type === 'uno');
      if (late) return late;
      const caught = moves.find((m) => m.type === 'catch' && !allies(state, seat, m.target));
      if (caught) return caught;
      const jumps = moves.filter((m) => m.type === 'play' && !m.uno);
      if (jumps.length === 0) return null;
      // The runner asks seats from the one who may be caught (or the decider) on: those before this one let their chance go.
      const first = state.uno ?? (state.pending ? state.pending.seat : state.turn);
      const after = (seat - first + state.players) % state.players;
      return decide(state, seat, moves, 'react', after);
    },
  };
}
