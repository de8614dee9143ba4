/** Valid files of every format the program reads, for the hardening tests to break. */
import { initialCore } from '../../emulator/core.ts';
import { applyMatchMove, createMatch, legalMoves, playSaveText, resolveRules, savedLauncher, type MatchState } from '../../game/index.ts';
import { seedRng } from '../../lib/rng.ts';

/** A match of 3 players stopped after `moves` moves, with launcher presses among them. */
export function matchAfter(moves: number, seed = 4): MatchState {
  let m = createMatch({ rules: resolveRules('extreme'), players: 3, seed, log: true });
  for (let i = 0; i < moves && m.game.winner === null; i++) {
    const s = m.game;
    const move = legalMoves(s).find((x) => x.type !== 'uno' && x.type !== 'catch')!;
    const r = applyMatchMove(m, move.type === 'launcher' ? { ...move, cards: s.supply.slice(0, i % 3), fired: i % 3 > 0 } : move);
    if (!r.ok) throw new Error(r.error.message);
    m = r.match;
  }
  return m;
}

/** A played game's save, as `play` writes it: the match, the seats and the launcher's state. */
export function playSave(moves = 25): string {
  const m = matchAfter(moves);
  const launcher = savedLauncher({ ...initialCore(seedRng(9, 1), [], 0.8), presses: 12, sinceBurst: 2 });
  return playSaveText(m, m.game, { names: ['Ana', 'Bot 1', 'Bot 2'], me: 0, bots: ['heuristic', 'random'], profile: 'seed-0-8', launcher });
}

/** A profile as the README shows one. */
export const PROFILE = JSON.stringify({
  name: 'my-launcher',
  source: '300 presses on my own launcher, 2026-11',
  fire: { model: 'hazard', hazard: [0.2, 0.5, 0.6, 1] },
  burst: { law: 'histogram', weights: { 1: 3, 2: 5, 3: 6, 4: 6, 5: 4, 6: 2 } },
  resetOnLidCycle: false,
  mechanics: { feedRate: 8, slip: 0.02, doubleFeed: 0.01, jam: 0.002, halfOut: 0.03 },
});

/** A profile with per-bucket laws of every kind. */
export const PROFILE_BUCKETS = JSON.stringify({
  name: 'buckets',
  source: 'a test',
  fire: { model: 'schedule', period: 12, presses: [2, 6, 9] },
  burst: { byBucket: [{ law: 'uniform', min: 1, max: 8 }, { law: 'maxent', min: 1, max: 13, mean: 4 }, { law: 'poisson', min: 1, max: 10, mean: 3 }] },
});

/** A rule file: a base with sections replaced. */
export const RULES = JSON.stringify({
  name: 'house',
  base: 'extreme',
  deck: { numbers: { counts: [1, 2, 2, 2, 2, 2, 2, 2, 2, 2] }, coloured: { skip: 2, reverse: 2, draw2: 2 }, wild: { wild: 4 } },
  points: { numbers: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], kinds: { skip: 20 } },
  start: { wild: 'redraw' },
  options: { handSize: 7, target: 300, stacking: true },
});

/** A press log as `launcher --log` writes it, and one as a CSV of counts. */
export function pressLog(lines = 80): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++) out.push(JSON.stringify({ t: i * 900, source: 'game', ding: true, cards: [0, 0, 3, 0, 1, 5, 0, 2][i % 8], jam: false }));
  return `${out.join('\n')}\n`;
}
export const CSV_LOG = `cards\n${Array.from({ length: 60 }, (_, i) => [0, 2, 0, 0, 4, 1][i % 6]).join('\n')}\n`;
