/**
 * Connects the engine to a launcher and bots. The loop is written once, as a generator that
 * yields launcher operations; {@link runRoundSync} answers them at once (simulations, tests with
 * {@link FastLauncher}), {@link runRound} awaits a {@link LauncherLike} (a real device).
 */
import type { LauncherLike, SyncLauncher } from '../emulator/api.ts';
import type { PressResult } from '../emulator/core.ts';
import { readsRounds, type Bot } from './bots/types.ts';
import { idsAt, type CardId } from './cards.ts';
import { roundOf, stateOf, type Round } from './core/round.ts';
import { draftOf, type Draft } from './draft.ts';
import { applyListed, applyMoveIn, checkIn } from './engine.ts';
import { listMoves } from './legal.ts';
import { LAUNCHER, MOVE_CODE, MoveList, PRESS } from './core/moves.ts';
import { checkLauncher, type LauncherMove } from './press.ts';
import { nextRound, withRound, type MatchState } from './match.ts';
import { actsFirst, catchDelays, decisionPicks, deciderOf, isReaction, launcherAnswer, pressAgain, pressDue, reactingSeat, reactionsOpen } from './turnStep.ts';
import { roundEnded, type GameEvent, type GameState, type Move, type MoveError, type PressRequest } from './state.ts';

/**
 * What a person is asked: a move on their turn (`turn`), one or none out of turn (`react`), or
 * to press the launcher for a request that is theirs to press (`press`: a penalty, their own
 * Coup Extrême), answered with the one `press` move offered.
 */
export type AskMode = 'turn' | 'react' | 'press';

/** What the loop asks of the launcher, and of interactive seats (people); `moved` only when announcing. */
export type LauncherOp =
  | { op: 'init'; supply: readonly CardId[] }
  | { op: 'aim'; seat: number }
  | { op: 'press' }
  | { op: 'clearJam' }
  | { op: 'load'; cards: readonly CardId[] }
  /** A person's choice among `moves` (see {@link AskMode}). */
  | { op: 'ask'; state: GameState; seat: number; moves: readonly Move[]; mode: AskMode }
  /** A catch race with people in it ({@link Race}): answered with the move that won it, or null. */
  | { op: 'race'; state: GameState; race: Race }
  /** A move was applied (a display may pause to show it). */
  | { op: 'moved'; state: GameState; move: Move; events: readonly GameEvent[] };

/** How a round is run. */
export interface RunOptions {
  /**
   * The run fails (throws) after this many moves (tests that stop a scripted launcher). Without
   * it a round runs to its end: someone goes out, or the engine calls it off after
   * ROUND_MOVE_LIMIT (game/state.ts) moves.
   */
  maxMoves?: number;
  /**
   * Called after each move, once the launcher has caught up with it (reloads done). With
   * {@link runRoundSync} `state` is the round's working state, which the next move changes in
   * place: read it here, copy what must be kept (the events are the caller's to keep).
   */
  onStep?: (state: GameState, move: Move, events: readonly GameEvent[]) => void;
  /**
   * Called after each move as `onStep` is, with the round in play itself (cards as serials,
   * game/core/round.ts), which the next move changes in place: for counting on the hot path (a
   * simulation), where building a state or a move object for each move would cost more than
   * the move (the move is in the round's log, when it keeps one; the turns begun are counted in
   * `round.turns`, from 0 when the run begins). Its `events` are the move's reloads, and every
   * event when `onStep` is given, the round is displayed or a bot observes it; read them now
   * (the loop may reuse an empty array).
   */
  onRound?: (round: Readonly<Round>, events: readonly GameEvent[]) => void;
}

/** One seat's part in a catch race: its out-of-turn moves, its delay (for a seat that answers as a bot does) and its place in the order of ties. */
export interface RaceEntry {
  seat: number;
  ms: number;
  order: number;
}

/**
 * A catch race with people in it (a forgotten UNO may be caught: see game/turnStep.ts): every
 * interactive seat with out-of-turn moves is asked at once (`asks`), and `bot` is the earliest of
 * the other seats' moves (null: none of them acts). The first valid move counts: a person's
 * before `bot.ms` has passed, else the bot's; when every asked seat lets its chance go, the bot's
 * at once, or none. An asked seat that answers as a bot (a seat whose bot thinks elsewhere) acts
 * at its own `ms` instead, earliest first ({@link actsFirst}).
 */
export interface Race {
  asks: readonly (RaceEntry & { moves: readonly Move[] })[];
  bot: (RaceEntry & { move: Move }) | null;
}

/** How {@link runRound} talks with people and displays. */
export interface AsyncRunOptions extends RunOptions {
  /** Answers an interactive seat's choice (a {@link Bot} with `interactive: true`). */
  ask?: (state: GameState, seat: number, moves: readonly Move[], mode: AskMode) => Promise<Move | null>;
  /** Runs a catch race with people in it ({@link Race}): resolves with the move that won it, or null. */
  race?: (state: GameState, race: Race) => Promise<Move | null>;
  /** Awaited after each move, once the launcher has caught up: a display shows it, at its pace. */
  moved?: (state: GameState, move: Move, events: readonly GameEvent[]) => Promise<void>;
}

/** A finished round: someone went out, or it was called off. */
export interface RoundRun {
  state: GameState;
  /** Moves applied by this run. */
  moves: number;
}

/** A finished round as {@link runRoundIn} gives it: the round itself (cards as serials). */
export interface RoundInRun {
  round: Round;
  /** Moves applied by this run. */
  moves: number;
}

/** What the loop ends with: the round, and its view (a state built for whoever asked, reused). */
interface Played extends RoundInRun {
  view: StateView;
}

type Input = PressResult | Move | null | undefined;

// The operations that name nothing but a seat, made once: a simulated round yields several a press.
const PRESS_OP: LauncherOp = Object.freeze({ op: 'press' });
const CLEAR_JAM_OP: LauncherOp = Object.freeze({ op: 'clearJam' });
/** Seats a table may have (rules: 2..10). */
const AIM_OPS: readonly LauncherOp[] = Array.from({ length: 10 }, (_, seat) => Object.freeze({ op: 'aim', seat }));

/** The same cards in the same order. */
export function sameCards(a: readonly CardId[], b: readonly CardId[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

/**
 * The round as a state, for a bot that reads states, a person and a display: built once a move,
 * when one of them asks (the project's bots read the round itself).
 */
class StateView {
  private state: GameState | null = null;
  /** `ownLog`: the states keep their log as it was (the round is played on after they are handed out). */
  constructor(private round: Round, private readonly ownLog = false) {}
  /** The round has changed (a move was applied, or it is another round). */
  moved(round: Round): void {
    this.round = round;
    this.state = null;
  }
  get(): GameState {
    return (this.state ??= stateOf(this.round, this.ownLog));
  }
}

/**
 * The moves of one decision: the round's legal moves listed once a move (a reusable buffer), the
 * ones a seat chooses among (`picks`, indices into the list), and the move chosen: its index in
 * the list (`at`, -1 for a move that is not a listed one), and its object when one was given
 * (a bot that reads states, a person, a launcher answer) or built for whoever reads it. A listed
 * move is legal: applied by its index without being checked again.
 */
class Choices {
  readonly list = new MoveList();
  /** Indices into the list, in its order; a decision that may take any listed move shares one array of every index. */
  picks: readonly number[] = [];
  at = -1;
  move: Move | null = null;
  // The move objects given out this move (to a bot that reads states, a person) and their indices.
  private given: Move[] = [];
  private givenAt: number[] = [];

  /** Lists the moves of `round` (the choice and the objects of the last move are forgotten). */
  listFor(round: Round): void {
    listMoves(round, this.list);
    this.at = -1;
    this.move = null;
    // New arrays (bench/NOTES.md), and none when the last move gave out no objects.
    if (this.given.length > 0) (this.given = []), (this.givenAt = []);
  }

  /** `seat`'s out-of-turn moves (late call, catch, jump-in) as the picks: false when it has none. */
  pickReactions(seat: number, decider: number): boolean {
    const list = this.list;
    const picks: number[] = [];
    // A loop over the columns: this runs for every seat on every move of a round with UNO calls or jump-ins.
    for (let i = 0; i < list.length; i++) if (isReaction(list, i, seat, decider)) picks.push(i);
    this.picks = picks;
    return picks.length > 0;
  }

  /** The moves `decider` chooses from on their turn or request, as the picks ({@link decisionPicks}). */
  pickTurn(decider: number, open: boolean): void {
    this.picks = decisionPicks(this.list, decider, open);
  }

  /** A round-reading bot's pick `i`, which must be one of the picks. */
  pick(i: number, seat: number, bot: Bot): void {
    const picks = this.picks;
    // The picks are indices in order, so `i` found at place `i` is one of them: every pick when
    // the seat may take any listed move; else a scan.
    let k = picks[i] === i ? i : 0;
    while (k < picks.length && picks[k] !== i) k++;
    if (k === picks.length) throw new Error(`seat ${seat} (${bot.name}) chose move ${i}, which is not one of its ${picks.length} moves`);
    this.at = i;
  }

  /**
   * The launcher's answer `m` to the press request: the listed launcher move (a press request
   * lists it last, after any late call or catch), with the cards that came out, which the list
   * cannot know: they are checked against the supply before it is applied.
   */
  answer(m: Move): void {
    const list = this.list;
    let i = list.length - 1;
    while (i >= 0 && list.type[i] !== LAUNCHER) i--;
    if (i < 0) throw new Error(`seat ${m.seat}'s launcher answered a press the round does not list: ${JSON.stringify(m)}`);
    this.at = i;
    this.move = m;
  }

  /** A move object chosen: listed when it is one of the objects given out this move. */
  take(m: Move): void {
    this.move = m;
    const k = this.given.indexOf(m);
    this.at = k < 0 ? -1 : this.givenAt[k];
  }

  /** The move chosen as an object given out this move (built for a listed one): a race hands it on. */
  chosenObject(): Move {
    if (this.move) return this.move;
    const m = this.list.moveAt(this.at);
    this.given.push(m);
    this.givenAt.push(this.at);
    return (this.move = m);
  }

  /** The picks as objects (legal), for a bot that reads states or a person. */
  objects(): Move[] {
    const out: Move[] = [];
    for (let k = 0; k < this.picks.length; k++) {
      out.push(this.list.moveAt(this.picks[k]));
      this.given.push(out[k]);
      this.givenAt.push(this.picks[k]);
    }
    return out;
  }

  /** The chosen move's type, as its code in the list. */
  typeChosen(): number {
    return this.at >= 0 ? this.list.type[this.at] : MOVE_CODE[this.move!.type];
  }
}

/** `bot`'s choice on `seat`'s turn or request. */
function choose(bot: Bot, round: Round, view: StateView, seat: number, c: Choices): void {
  if (readsRounds(bot)) c.pick(bot.chooseAt(round, seat, c.list, c.picks), seat, bot);
  else c.take(bot.choose(view.get(), seat, c.objects()));
}

/** `bot`'s out-of-turn move, if it makes one. */
function react(bot: Bot, round: Round, view: StateView, seat: number, c: Choices): boolean {
  if (!readsRounds(bot)) {
    const m = bot.react(view.get(), seat, c.objects());
    if (m) c.take(m);
    return !!m;
  }
  const i = bot.reactAt(round, seat, c.list, c.picks);
  if (i >= 0) c.pick(i, seat, bot);
  return i >= 0;
}

/**
 * Out-of-turn chances: each seat that has a late call, a catch or a jump-in may take it; true when
 * one did. While a forgotten UNO may be caught it is a {@link race}; else (jump-ins only) the
 * seats are asked in turn and the first that takes its chance makes the move.
 */
function* reaction(round: Round, view: StateView, bots: readonly Bot[], c: Choices, decider: number): Generator<LauncherOp, boolean, Input> {
  if (round.uno !== null) return yield* race(round, view, bots, c, decider);
  for (let k = 0; k < round.players; k++) {
    const seat = reactingSeat(round, decider, k);
    if (!c.pickReactions(seat, decider)) continue;
    const bot = bots[seat];
    if (!bot.interactive) {
      if (react(bot, round, view, seat, c)) return true;
      continue;
    }
    const m = (yield { op: 'ask', state: view.get(), seat, moves: c.objects(), mode: 'react' }) as Move | null;
    if (m) {
      c.take(m);
      return true;
    }
  }
  return false;
}

/**
 * The catch race (game/turnStep.ts): every seat with out-of-turn moves is asked at once, in
 * {@link reactingSeat}'s order (the order the bots' streams are drawn in). Among the bots that
 * act, the earliest ({@link catchDelays}, ties by that order) makes the move; with people in the
 * race they are asked together ({@link Race}), and the answer is the move that won.
 */
function* race(round: Round, view: StateView, bots: readonly Bot[], c: Choices, decider: number): Generator<LauncherOp, boolean, Input> {
  const delays = catchDelays(round);
  let asks: (RaceEntry & { moves: readonly Move[] })[] | null = null;
  let best = -1;
  let bestOrder = 0;
  let bestAt = -1;
  let bestMove: Move | null = null;
  for (let k = 0; k < round.players; k++) {
    const seat = reactingSeat(round, decider, k);
    if (!c.pickReactions(seat, decider)) continue;
    const bot = bots[seat];
    // Each bot's choice is read apart: the last one's is forgotten first.
    c.at = -1;
    c.move = null;
    if (bot.interactive) (asks ??= []).push({ seat, ms: delays[seat], order: k, moves: c.objects() });
    else if (react(bot, round, view, seat, c) && (best < 0 || actsFirst(delays[seat], k, delays[best], bestOrder))) {
      best = seat;
      bestOrder = k;
      bestAt = c.at;
      bestMove = c.move;
    }
  }
  c.at = bestAt;
  c.move = bestMove;
  if (asks === null) return best >= 0;
  const bot = best < 0 ? null : { seat: best, ms: delays[best], order: bestOrder, move: c.chosenObject() };
  const m = (yield { op: 'race', state: view.get(), race: { asks, bot } }) as Move | null;
  if (!m) return false;
  c.take(m);
  return true;
}

/** Applies the move chosen to `d.s`, or throws naming the seat that chose an illegal one. */
function applyChosen(d: Draft, c: Choices, bots: readonly Bot[]): void {
  // A listed move is legal: applied by its index, without checking it again, but for the cards
  // of a launcher answer (what came out of the device). Anything else (a move a bot or a person
  // made up) is checked whole.
  if (c.at >= 0) {
    if (c.list.type[c.at] === LAUNCHER) refused(c.move!, checkLauncher(d.s, c.move as LauncherMove), bots);
    return applyListed(d, c.list, c.at, c.move);
  }
  const move = c.move!;
  refused(move, checkIn(d.s, move), bots);
  applyMoveIn(d, move);
}

/** Throws when `move` was refused (`error`), naming the seat that chose it. */
function refused(move: Move, error: MoveError | null, bots: readonly Bot[]): void {
  if (error) throw new Error(`seat ${move.seat} (${bots[move.seat]?.name}) chose an illegal move ${JSON.stringify(move)}: ${error.message}`);
}

function checkTable(start: Pick<GameState, 'players'>, bots: readonly Bot[]): void {
  if (bots.length !== start.players) throw new Error(`${start.players} seats need ${start.players} bots, got ${bots.length}`);
}

function tooLong(state: Round, maxMoves: number): Error {
  return new Error(`the round (seed ${state.seed}, round ${state.round}) did not end after ${maxMoves} moves`);
}

/**
 * A person presses the launcher for the request pending on them: they are asked, and must
 * answer with the press offered (the loop then presses as for a bot).
 */
function* personPresses(state: Round, view: StateView, seat: number, bots: readonly Bot[]): Generator<LauncherOp, void, Input> {
  const offered: Move = { type: 'press', seat };
  const answer = (yield { op: 'ask', state: view.get(), seat, moves: [offered], mode: 'press' }) as Move | null;
  if (answer?.type !== 'press' || answer.seat !== seat) {
    const p = state.pending as PressRequest;
    throw new Error(`seat ${seat} (${bots[seat]?.name}) must press the launcher (${p.reason}), not ${JSON.stringify(answer)}`);
  }
}

/** A press the launcher ignored (a jam, an open lid): cleared and pressed again until it dings. */
function* pressUntilDing(r: PressResult): Generator<LauncherOp, PressResult, Input> {
  while (!r.dinged) {
    // A jam, or a lid a person opened: clearJam waits for it to be cleared (a real device) or cycles the lid (software).
    if (!pressAgain(r)) throw new Error(`the launcher ignored a press (${r.ignored}): it cannot go on with the round`);
    yield CLEAR_JAM_OP;
    r = (yield PRESS_OP) as PressResult;
  }
  return r;
}

/**
 * The round's loop, the one every runner runs: bots decide, the launcher answers presses, people
 * are asked, until someone goes out. A round with no launcher and no person never yields: one
 * `next()` plays it whole. The loop plays on its own round of `start` (game/core/round.ts), every
 * move changing that one round in place. A state is built from the round only for whoever reads
 * one: a bot that reads states, a person, `onStep`, a display; a state's cards are arrays of its
 * own, and with `announce` (a display, {@link runRound}) its log too, so the states it hands out
 * (`ask`, `moved`, `onStep`) stay as they were; a simulation, which keeps no state but the last,
 * lets them share the round's log.
 */
export function* roundLoop(start: GameState, bots: readonly Bot[], opts: RunOptions = {}, announce = false): Generator<LauncherOp, RoundRun, Input> {
  const { view, moves } = yield* loopOn(roundOf(start), bots, opts, announce);
  return { state: view.get(), moves };
}

/** {@link roundLoop} on `state`, a round of its own that it plays in place. */
function* loopOn(state: Round, bots: readonly Bot[], opts: RunOptions, announce: boolean): Generator<LauncherOp, Played, Input> {
  checkTable(state, bots);
  const launcher = state.rules.options.launcher;
  const maxMoves = opts.maxMoves ?? Infinity;
  const view = new StateView(state, announce);
  const choices = spareChoices.pop() ?? new Choices();
  let aimed = -1;
  let count = 0;
  // The person's own `press` move on their turn is their press: its request is not asked again.
  let turnPressed = false;
  // A copy: the launcher may keep what it is loaded with, and the supply goes on changing.
  if (launcher && !roundEnded(state)) yield { op: 'init', supply: idsAt(state.supply) };
  // The bots that remember what they saw: none for the shipped simple bots, so no work per move for them.
  const observers = bots.filter((b) => b.observe);
  // Every event is built only for whoever reads them all (onStep, a display, a bot that observes);
  // the loop itself reads the reloads, and onRound the reloads and the round's count of turns.
  // The move as an object likewise: a bot that reads rounds picks an index, applied as the list
  // holds it.
  const allEvents = announce || opts.onStep !== undefined || observers.length > 0;
  const d = draftOf(state, allEvents);
  state.turns = 0;
  for (const b of observers) b.observe!(view.get(), null, []);
  while (!roundEnded(state)) {
    if (++count > maxMoves) throw tooLong(state, maxMoves);
    choices.listFor(state);
    const decider = deciderOf(state);
    // Tested here, not in `reaction`: most moves have no out-of-turn chance (bench/NOTES.md, generators).
    const open = reactionsOpen(state);
    let chose = open && (yield* reaction(state, view, bots, choices, decider));
    const p = chose ? null : pressDue(state);
    if (p !== null) {
      // Aimed first: the launcher faces whoever takes the cards while the presser decides.
      if (aimed !== p.aimAt) yield AIM_OPS[(aimed = p.aimAt)];
      if (bots[p.seat].interactive && !(turnPressed && p.reason === 'turn')) yield* personPresses(state, view, p.seat, bots);
      // The press is made here, not in a delegated generator (bench/NOTES.md). The rare press the
      // launcher ignored (a jam, an open lid) is pressed again until it dings.
      let r = (yield PRESS_OP) as PressResult;
      if (!r.dinged) r = yield* pressUntilDing(r);
      // A jammed press gave what came out before the jam; the lid cycle clears it for the next press.
      if (r.jam) yield CLEAR_JAM_OP;
      choices.answer(launcherAnswer(p, r));
      chose = true;
    }
    if (!chose) {
      choices.pickTurn(decider, open);
      if (bots[decider].interactive) choices.take((yield { op: 'ask', state: view.get(), seat: decider, moves: choices.objects(), mode: 'turn' }) as Move);
      else choose(bots[decider], state, view, decider, choices);
    }
    // One object for the log and whoever reads the move (the same object in both).
    if (choices.move === null && (allEvents || state.log)) choices.move = choices.list.moveAt(choices.at);
    // A fresh array for events someone keeps; the last one again when it is empty.
    if (allEvents || d.events.length > 0) d.events = [];
    applyChosen(d, choices, bots);
    const events = d.events;
    view.moved(state);
    turnPressed = choices.typeChosen() === PRESS;
    for (let k = 0; k < events.length; k++) {
      const e = events[k];
      if (e.type === 'reload') yield { op: 'load', cards: e.cards };
    }
    opts.onRound?.(state, events);
    if (allEvents) {
      const move = choices.move!;
      if (observers.length > 0) for (const b of observers) b.observe!(view.get(), move, events);
      opts.onStep?.(view.get(), move, events);
      // Only a display needs each move handed out (runRound); a simulation goes straight on.
      if (announce) yield { op: 'moved', state: view.get(), move, events };
    }
  }
  spareChoices.push(choices);
  return { round: state, moves: count, view };
}

/**
 * The choices of loops that ended, for the next loop to take: a list's columns grow to the
 * round's largest choice, and a simulation plays a round after another. Each loop takes its own
 * (loops run inside others: a search bot plays rounds out while it chooses); one that throws
 * leaves its choices to the collector.
 */
const spareChoices: Choices[] = [];

function noLauncher(): never {
  throw new Error('this rule set presses a launcher: pass one to run the round');
}

function checkInit(l: LauncherLike, supply: readonly CardId[]): boolean {
  if (l.supplyCount === 0) return true;
  if (sameCards(l.supply, supply)) return false;
  throw new Error(`the launcher holds ${l.supplyCount} cards that are not this round's supply: empty it before the deal`);
}

/** The launcher calls the loop needs, answering at once (`T` = PressResult) or later (a Promise). */
interface Calls<T> {
  press(): T;
  aim(seat: number): unknown;
  clearJam(): unknown;
  load(cards: readonly CardId[]): unknown;
}

/** Carries out one operation of the loop; the press's result, or whatever the call returns. */
function perform<T>(l: LauncherLike, calls: Calls<T>, op: LauncherOp): T | unknown {
  switch (op.op) {
    case 'press':
      return calls.press();
    case 'aim':
      return calls.aim(op.seat);
    case 'clearJam':
      return calls.clearJam();
    case 'load':
      return calls.load(op.cards);
    case 'init':
      return checkInit(l, op.supply) ? calls.load(op.supply) : undefined;
    case 'moved':
      return undefined;
    case 'ask':
      throw new Error(`seat ${op.seat} is a person: run the round with runRound and an ask function`);
    case 'race':
      throw new Error(`seat ${op.race.asks[0].seat} is a person: run the round with runRound and a race function`);
  }
}

/**
 * Runs a round to its end against a launcher that answers at once (null for draw-pile rule sets).
 * `state` is not changed: the round is played on a copy, move by move in place (see `onStep`).
 */
export function runRoundSync(state: GameState, launcher: SyncLauncher | null, bots: readonly Bot[], opts?: RunOptions): RoundRun {
  const { view, moves } = playSync(roundOf(state), launcher, bots, opts);
  return { state: view.get(), moves };
}

/**
 * {@link runRoundSync} on a round in play (game/core/round.ts), which it plays itself, in place:
 * pass a round nobody else holds (dealRound, roundOf). For a simulation, which reads the finished
 * round as it is: no state is built at either end.
 */
export function runRoundIn(round: Round, launcher: SyncLauncher | null, bots: readonly Bot[], opts?: RunOptions): RoundInRun {
  const { moves } = playSync(round, launcher, bots, opts);
  return { round, moves };
}

function playSync(round: Round, launcher: SyncLauncher | null, bots: readonly Bot[], opts: RunOptions = {}): Played {
  const loop = loopOn(round, bots, opts, false);
  const l = launcher;
  // Methods, not arrow-function properties: the TypeScript loader names each of those with a property definition, every round.
  const calls: Calls<PressResult> | null = l && {
    press() { return l.pressSync(); },
    aim(seat) { l.aimSync(seat); },
    clearJam() { l.clearJamSync(); },
    load(cards) { l.loadSync(cards); },
  };
  let step = loop.next();
  while (!step.done) step = loop.next(perform(l ?? noLauncher(), calls!, step.value) as Input);
  return step.value;
}

/**
 * The move that wins `race` when its asked seats answered `answers` (in the order of
 * `race.asks`; null or undefined: no move), each acting at its own delay as a bot does: the
 * earliest ({@link actsFirst}), the bots' move included; null when nobody acts.
 */
export function raceWinner(race: Race, answers: readonly (Move | null | undefined)[]): Move | null {
  return raceFirst(race, answers)?.move ?? null;
}

/** {@link raceWinner}'s move with its seat, its time and its place in the order of ties. */
export function raceFirst(race: Race, answers: readonly (Move | null | undefined)[]): (RaceEntry & { move: Move }) | null {
  let best: (RaceEntry & { move: Move }) | null = race.bot;
  race.asks.forEach((a, i) => {
    const move = answers[i];
    if (move && (!best || actsFirst(a.ms, a.order, best.ms, best.order))) best = { seat: a.seat, ms: a.ms, order: a.order, move };
  });
  return best;
}

/**
 * A race run without a clock (no `race` function given): each asked seat is asked in turn, as a
 * `react` question, and its answer acts at its own delay ({@link raceWinner}), as its bot's would.
 */
async function askInTurn(state: GameState, race: Race, opts: AsyncRunOptions): Promise<Move | null> {
  const answers: (Move | null)[] = [];
  for (const a of race.asks) {
    if (!opts.ask) throw new Error(`seat ${a.seat} is a person: pass an ask function to runRound`);
    answers.push(await opts.ask(state, a.seat, a.moves, 'react'));
  }
  return raceWinner(race, answers);
}

/** Runs a round to its end against any launcher (a real device takes real time). */
export async function runRound(state: GameState, launcher: LauncherLike | null, bots: readonly Bot[], opts: AsyncRunOptions = {}): Promise<RoundRun> {
  const loop = roundLoop(state, bots, opts, true);
  let step = loop.next();
  while (!step.done) {
    const op = step.value;
    let input: Input;
    if (op.op === 'moved') await opts.moved?.(op.state, op.move, op.events);
    else if (op.op === 'ask') {
      if (!opts.ask) throw new Error(`seat ${op.seat} is a person: pass an ask function to runRound`);
      input = await opts.ask(op.state, op.seat, op.moves, op.mode);
    } else if (op.op === 'race') {
      input = opts.race ? await opts.race(op.state, op.race) : await askInTurn(op.state, op.race, opts);
    } else input = (await perform(launcher ?? noLauncher(), launcher!, op)) as Input;
    step = loop.next(input);
  }
  return step.value;
}

/**
 * Plays a match to its end: each round against the launcher `launcherFor(round)` gives (a fresh
 * or emptied one: a round starts from a full deck), then the next deal.
 */
export function runMatchSync(
  match: MatchState,
  launcherFor: (round: GameState) => SyncLauncher | null,
  bots: readonly Bot[],
  opts?: RunOptions & { maxRounds?: number },
): MatchState {
  const maxRounds = opts?.maxRounds ?? 1000;
  for (let m = match; ; m = nextRound(m)) {
    if (m.game.round >= maxRounds) throw new Error(`the match (seed ${m.setup.seed}) did not end after ${maxRounds} rounds`);
    m = withRound(m, runRoundSync(m.game, launcherFor(m.game), bots, opts).state);
    if (m.winner !== null) return m;
  }
}
