/**
 * Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012, "Information Set
 * Monte Carlo Tree Search"): one tree of moves for every seat, each iteration on a fresh
 * determinisation (the hidden cards drawn from what the searching seat knows, the launcher's
 * outcomes from its profile's law). A node is chosen by UCB1 among the children its
 * determinisation allows, with the count of iterations that allowed it in place of the parent's
 * visits; the tree grows by one node per iteration and a playout with the default policy ends it.
 */
import type { Profile } from '../../../emulator/profile.ts';
import type { Rng } from '../../../lib/rng.ts';
import { card, idsAt, type CardId, type Colour } from '../../cards.ts';
import { MoveList, PLAY } from '../../core/moves.ts';
import { roundOf } from '../../core/round.ts';
import { roundEnded, type GameState, type Move } from '../../state.ts';
import { deciderOf, pressDue, reactionsOpen } from '../../turnStep.ts';
import {
  launcherMove, list, pickDecision, playoutLauncher, policyAt, policyReaction, rewards, rollout, step, withUnoAt, type Playout,
} from './playout.ts';
import type { SeenCounters } from './view.ts';
import { heuristicBot, strongestColour } from '../heuristic.ts';

/** A decision in the tree: the move (by its key) that `seat` made to reach it. */
interface Node {
  seat: number;
  key: string;
  visits: number;
  reward: number;
  /** Iterations in which this move was among the legal ones (the parent's visits, per child). */
  avail: number;
  children: Node[];
}

/** The key of "let the chance go" among out-of-turn options. */
export const LET_GO = '-';

/** Moves that differ in the game share no key; identical cards (R5#1, R5#2) and UNO twins share one. */
export function moveKey(m: Move): string {
  switch (m.type) {
    case 'play':
      return `${m.seat}p${card(m.card).code}:${m.colour ?? ''}:${m.target ?? ''}:${m.also === undefined ? '' : card(m.also).code}`;
    case 'colour':
      return `${m.seat}c${m.colour}`;
    case 'catch':
      return `${m.seat}k${m.target}`;
    default:
      return `${m.seat}${m.type}`;
  }
}

/** What a search needs beyond the state: the table's launcher, how long to look, and a deck to draw. */
export interface SearchSetup {
  me: number;
  profile: Profile;
  rng: Rng;
  counters: SeenCounters;
  /** A determinisation of the round: the state with the hidden cards drawn (changed in place by the iteration). */
  determinise: () => GameState;
  /** Iterations to run, or until `stop()` says so (checked between iterations). */
  playouts: number;
  /**
   * Steps the iterations may take in all (checked between iterations): each move they apply
   * is one, and drawing and setting up an iteration's round is {@link SETUP_STEPS} more.
   * Reproducible like a playout count, and a far closer bound on the time: long playouts make
   * a slow decision under a playout count, many short ones under a count of moves alone.
   */
  steps?: number;
  stop?: () => boolean;
  /** Moves a playout runs before the round is scored by hand sizes. */
  maxMoves?: number;
  /**
   * The key of the move the default policy would make here: the search keeps it unless another
   * move's playouts win clearly more often (by {@link CONFIDENCE} standard errors). With a few
   * hundred playouts the means of moves a few per cent apart are mostly noise; a choice by
   * visits alone would then swap good moves for lucky ones.
   */
  prior?: string;
}

/** What the search found: the chosen key, the iterations run, the steps they took ({@link SearchSetup.steps}) and the root's children. */
export interface SearchResult {
  key: string;
  iterations: number;
  steps: number;
  children: { key: string; visits: number; value: number }[];
}

const EXPLORATION = 0.7;

/** Standard errors by which a move must beat the policy's own to replace it. */
export const CONFIDENCE = 1.5;

/** `a` wins clearly more often than `b` (its mean is {@link CONFIDENCE} standard errors of the difference above). */
function clearlyBetter(a: Node, b: Node): boolean {
  const ma = a.reward / a.visits;
  const mb = b.reward / b.visits;
  const variance = (ma * (1 - ma)) / a.visits + (mb * (1 - mb)) / b.visits;
  return ma - mb > CONFIDENCE * Math.sqrt(variance);
}

/** What drawing a determinisation and setting up its playout costs, in moves applied (about as long on this engine). */
export const SETUP_STEPS = 100;

/** The budget allows another iteration, `iterations` and `steps` spent (the first always runs). */
function more(setup: SearchSetup, iterations: number, steps: number): boolean {
  return iterations === 0 || (iterations < setup.playouts && steps < (setup.steps ?? Infinity) && !setup.stop?.());
}

function newNode(seat: number, key: string): Node {
  return { seat, key, visits: 0, reward: 0, avail: 0, children: [] };
}

/** The child to follow among `keys` (all legal here), or a new one; `expanded` says which. */
function select(node: Node, seat: number, keys: readonly string[], rng: Rng): { child: Node; expanded: boolean } {
  let best: Node | null = null;
  let bestValue = -Infinity;
  const untried: string[] = [];
  for (const key of keys) {
    const child = node.children.find((c) => c.key === key);
    if (!child) {
      untried.push(key);
      continue;
    }
    child.avail++;
    const v = child.reward / child.visits + EXPLORATION * Math.sqrt(Math.log(child.avail) / child.visits);
    if (v > bestValue) (best = child), (bestValue = v);
  }
  if (untried.length > 0) {
    const child = newNode(seat, untried[rng.int(untried.length)]);
    child.avail = 1;
    node.children.push(child);
    return { child, expanded: true };
  }
  return { child: best!, expanded: false };
}

/**
 * The moves worth searching among `moves`, by key (UNO twins and identical cards once): a wild
 * names the colour its player's hand holds most of (the other colours are left out: naming a
 * colour one holds little of only helps the others, and four times the wilds would thin out
 * every other move's playouts).
 */
export function candidates(hand: readonly CardId[], moves: readonly Move[]): Map<string, Move> {
  const byKey = new Map<string, Move>();
  let best: Colour | null = null;
  for (const m of moves) {
    if (m.type === 'play') {
      if (m.uno) continue;
      if (m.colour !== undefined && m.colour !== (best ??= strongestColour(hand))) continue;
    }
    const key = moveKey(m);
    if (!byKey.has(key)) byKey.set(key, m);
  }
  // Every wild names a colour: when none names the hand's, all of them stay.
  if (byKey.size === 0) for (const m of moves) if (!(m.type === 'play' && m.uno) && !byKey.has(moveKey(m))) byKey.set(moveKey(m), m);
  return byKey;
}

/**
 * Searches the decision of `setup.me`: `mode` `turn` for its turn or request (the out-of-turn
 * chances of this moment already let go), `react` for its chance to act out of turn, where
 * `options` are its out-of-turn moves and letting the chance go is one more option. `after` is
 * how many seats, in the order the runner asks, had their chance before this seat's.
 */
export function search(setup: SearchSetup, mode: 'turn' | 'react', options: readonly Move[], after = 0): SearchResult {
  const root = newNode(setup.me, '');
  const rootKeys = [...candidates(setup.determinise().hands[setup.me], options).keys()];
  if (mode === 'react') rootKeys.push(LET_GO);
  else if (setup.prior !== undefined && !rootKeys.includes(setup.prior)) rootKeys.push(setup.prior);
  const maxMoves = setup.maxMoves ?? 1000;
  let iterations = 0;
  const policy = heuristicBot({ seed: setup.rng.u32(), seat: setup.me });
  let steps = 0;
  for (; more(setup, iterations, steps); iterations++) {
    const s = roundOf(setup.determinise());
    const p: Playout = { s, launcher: playoutLauncher(setup.profile, setup.rng, s, setup.counters), rng: setup.rng, me: setup.me, policy, list: new MoveList(), picks: [], spare: [], steps: 0 };
    const path: Node[] = [];
    let node = root;
    let expanded = false;
    let first = true;
    let cut = false;
    for (let n = 0; !roundEnded(s) && !expanded; n++) {
      if (n > maxMoves) {
        cut = true;
        break;
      }
      list(p);
      const l = p.list;
      const decider = deciderOf(s);
      const atRoot = first;
      let m: Move | null = null;
      if (first && mode === 'react') {
        const picked = select(node, setup.me, rootKeys, setup.rng);
        (node = picked.child), (expanded = picked.expanded), path.push(node);
        let i = -1;
        if (node.key === LET_GO) i = policyReaction(p, decider, after + 1);
        else for (let j = 0; j < l.length && i < 0; j++) if (l.type[j] === PLAY && l.uno[j] === 0 && moveKey(l.moveAt(j)) === node.key) i = withUnoAt(p, j);
        if (i >= 0) m = l.moveAt(i);
      } else if (!(first && mode === 'turn') && reactionsOpen(s)) {
        const i = policyReaction(p, decider);
        if (i >= 0) m = l.moveAt(i);
      }
      first = false;
      const press = m === null ? pressDue(s) : null;
      if (press !== null) {
        m = launcherMove(p, press);
        if (!m) {
          cut = true;
          break;
        }
      }
      if (!m) {
        const picks = pickDecision(p, decider);
        if (picks.length === 1 || expanded) m = l.moveAt(policyAt(p, decider));
        else {
          // The decision's moves as objects, by key, each with its place in the list (for its UNO-call twin).
          const mine = picks.map((i) => l.moveAt(i));
          const byKey = candidates(idsAt(s.hands[decider]), mine);
          if (atRoot && setup.prior !== undefined && !byKey.has(setup.prior)) {
            const own = mine.find((x) => !(x.type === 'play' && x.uno) && moveKey(x) === setup.prior);
            if (own) byKey.set(setup.prior, own);
          }
          if (byKey.size === 1) m = l.moveAt(policyAt(p, decider));
          else {
            const picked = select(node, decider, [...byKey.keys()], setup.rng);
            (node = picked.child), (expanded = picked.expanded), path.push(node);
            const chosen = byKey.get(node.key)!;
            m = chosen.type === 'play' ? l.moveAt(withUnoAt(p, picks[mine.indexOf(chosen)])) : chosen;
          }
        }
      }
      step(p, m);
    }
    const r = roundEnded(s) || cut ? rewards(s) : rollout(p, maxMoves);
    steps += SETUP_STEPS + p.steps;
    for (const v of path) {
      v.visits++;
      v.reward += r[v.seat];
    }
  }
  let best = root.children[0];
  for (const c of root.children) if (c.visits > best.visits || (c.visits === best.visits && c.reward > best.reward)) best = c;
  const prior = root.children.find((c) => c.key === setup.prior);
  if (prior && best !== prior && !(prior.visits > 0 && best.visits > 0 && clearlyBetter(best, prior))) best = prior;
  return {
    key: best?.key ?? rootKeys[0],
    iterations,
    steps,
    children: root.children.map((c) => ({ key: c.key, visits: c.visits, value: c.visits ? c.reward / c.visits : 0 })),
  };
}
