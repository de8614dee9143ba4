/**
 * Golden games: the engine, the bots and the fast launcher play exactly the games they played
 * when these digests were recorded, move for move. Each group hashes every move, every event and
 * the final state of its seeded games. Speed work on the engine must keep every digest; a change
 * of the rules or of a bot changes them on purpose (update the digest in the same commit, and
 * say why in its message).
 */
import { createHash } from 'node:crypto';
import { describe } from 'vitest';
import { goldenDigests } from '../golden.ts';
import { seedRng } from '../../lib/rng.ts';
import { FastLauncher } from '../../emulator/api.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import { makeBots, type BotKind } from '../../game/bots/index.ts';
import { createMatch } from '../../game/match.ts';
import type { Options } from '../../game/rules.ts';
import { runMatchSync, runRoundSync } from '../../game/runner.ts';
import { createGame, launcherRng } from '../../game/setup.ts';
import type { GameEvent, GameState, Move } from '../../game/state.ts';

interface Group {
  rules: string;
  players: number;
  bots: BotKind[];
  options?: Partial<Options>;
  match?: boolean;
  games: number;
}

const GROUPS: Record<string, Group> = {
  'extreme 4 heuristic': { rules: 'extreme', players: 4, bots: ['heuristic'], games: 60 },
  'extreme 3 random': { rules: 'extreme', players: 3, bots: ['random'], games: 60 },
  'extreme 2 mixed': { rules: 'extreme', players: 2, bots: ['heuristic', 'random'], games: 60 },
  'extreme-fr 5 mixed': { rules: 'extreme-fr', players: 5, bots: ['random', 'heuristic'], games: 50 },
  'attack-1999 4 heuristic': { rules: 'attack-1999', players: 4, bots: ['heuristic'], games: 50 },
  'extreme-2010 4 random': { rules: 'extreme-2010', players: 4, bots: ['random'], games: 50 },
  'classic 4 random': { rules: 'classic', players: 4, bots: ['random'], games: 60 },
  'classic 3 heuristic': { rules: 'classic', players: 3, bots: ['heuristic'], games: 60 },
  'en-ligne 4 mixed': { rules: 'en-ligne', players: 4, bots: ['heuristic', 'random'], games: 50 },
  'classic house rules': {
    rules: 'classic', players: 4, bots: ['random', 'heuristic'], games: 60,
    options: { stacking: true, stackCross: true, jumpIn: true, sevenZero: true, twoIdentical: true },
  },
  'extreme house rules': {
    rules: 'extreme', players: 4, bots: ['heuristic', 'random'], games: 60,
    options: { stacking: true, jumpIn: true, sevenZero: true, twoIdentical: true, reload: { atDiscard: 20 } },
  },
  'attack-1999 victim colour, teams': {
    rules: 'attack-1999', players: 4, bots: ['random'], games: 40,
    options: { hitFireColour: 'victim', allHitIncludesPlayer: true, teams: true },
  },
  'extreme match': { rules: 'extreme', players: 3, bots: ['heuristic'], games: 4, match: true, options: { target: 200 } },
  'classic challenge scoring match': {
    rules: 'classic', players: 4, bots: ['random'], games: 3, match: true, options: { scoring: 'challenge', target: 200 },
  },
};

/** The digest of a group's games: every move, every event, every final state. */
function digest(g: Group): string {
  const h = createHash('sha256');
  const onStep = (_s: GameState, move: Move, events: readonly GameEvent[]) => {
    h.update(JSON.stringify(move));
    h.update(JSON.stringify(events));
  };
  for (let i = 0; i < g.games; i++) {
    const seed = seedRng(20261130, i)[0];
    const bots = makeBots(g.players, seed, Array.from({ length: g.players }, (_, s) => g.bots[s % g.bots.length]));
    const launcherFor = (s: GameState) =>
      s.rules.options.launcher ? new FastLauncher(resolveProfile(s.rules.profile ?? 'seed-0-8'), launcherRng(seed, s.round)) : null;
    if (g.match) {
      const m = runMatchSync(createMatch({ rules: g.rules, options: g.options, players: g.players, seed, log: false }), launcherFor, bots, { onStep });
      h.update(JSON.stringify({ totals: m.totals, winner: m.winner, rounds: m.rounds.length, game: m.game }));
    } else {
      const start = createGame({ rules: g.rules, options: g.options, players: g.players, seed, log: false });
      const { state } = runRoundSync(start, launcherFor(start), bots, { onStep });
      h.update(JSON.stringify(state));
    }
  }
  return h.digest('hex').slice(0, 16);
}

const EXPECTED: Record<string, string> = {
  'extreme 4 heuristic': '4cbcc516736da7bb',
  'extreme 3 random': 'e6d66ea3bf7cbe28',
  'extreme 2 mixed': 'b88848bf417a1f3d',
  'extreme-fr 5 mixed': 'b0cb7c597774ef13',
  'attack-1999 4 heuristic': '1b3e78906dc3b931',
  'extreme-2010 4 random': '6675bac86b163461',
  'classic 4 random': '5e3fb1094138ace6',
  'classic 3 heuristic': '8f57461e82b994d2',
  'en-ligne 4 mixed': 'edffa82ce3358a82',
  'classic house rules': '559e1ce444de1470',
  'extreme house rules': '354b1304002d6d14',
  'attack-1999 victim colour, teams': 'b92f35105624dbe8',
  'extreme match': '58cc45e068b1ef06',
  'classic challenge scoring match': '1fe9f5761e5c2102',
};

describe('golden games: the same seeds play the same games, move for move', () => {
  goldenDigests(EXPECTED, Object.fromEntries(Object.entries(GROUPS).map(([name, g]) => [name, () => digest(g)])));
});
