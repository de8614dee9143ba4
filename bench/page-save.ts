/**
 * What keeping the one-player page's game costs a move, early and late in a long match: the
 * page's session (web/src/session.ts) plays a classic match at instant speed over a map as
 * localStorage, and this prints the CPU per move and the characters written to storage per move
 * in a window around move 100 and around move 2,000.
 *
 *   node bin/run-ts.js bench/page-save.ts [root]
 *
 * `root`: the checkout whose web/src/session.ts is measured (default this one), so two versions
 * are measured by the same script.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const imp = (p: string) => import(pathToFileURL(path.join(root, p)).href);
const { GameSession } = await imp('web/src/session.ts');
const { createPageLauncher } = await imp('web/src/launcher/index.ts');
const { createMatch, resolveRules } = await imp('game/index.ts');
const { resolveProfile } = await imp('emulator/profiles.ts');

/** Moves measured around each point. */
const WINDOW = 200;
const AT = [100, 2000];

/** Plays the match to the last window's end; prints the figures when `print`. */
async function measure(print: boolean): Promise<void> {
  const written = { chars: 0 };
  const m = new Map<string, string>();
  const store = {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => {
      written.chars += v.length;
      m.set(k, v);
    },
    removeItem: (k: string) => void m.delete(k),
  };

  const match = createMatch({ rules: resolveRules('classic', { target: 100_000 }), players: 4, seed: 7, log: true });
  const meta = { names: ['You', 'Bot 1', 'Bot 2', 'Bot 3'], me: 0, bots: ['heuristic', 'random'], profile: 'seed-0-8', launcher: null };
  const session = new GameSession({ match, meta, profile: resolveProfile('seed-0-8'), speed: 'instant', store, makeLauncher: createPageLauncher });

  const marks = new Map<number, { cpu: number; chars: number }>();
  /** The moves of the rounds before this one (a round's own are state.moves). */
  let before = 0;
  let lastRound = 0;
  let lastMoves = 0;
  let seen = -1;
  const end = AT[AT.length - 1] + WINDOW / 2;
  session.subscribe(() => {
    if (session.state.round !== lastRound) {
      before += lastMoves;
      lastRound = session.state.round;
    }
    lastMoves = session.state.moves;
    const n = before + session.state.moves;
    for (const at of AT) for (const edge of [at - WINDOW / 2, at + WINDOW / 2]) {
      if (n >= edge && !marks.has(edge)) {
        const u = process.cpuUsage();
        marks.set(edge, { cpu: (u.user + u.system) / 1000, chars: written.chars });
      }
    }
    if (n >= end) return queueMicrotask(() => session.stop());
    if (session.phase === 'roundOver') return queueMicrotask(() => session.nextRound());
    const ask = session.ask;
    if (!ask || session.askId === seen) return;
    seen = session.askId;
    queueMicrotask(() => session.answer(ask.mode === 'react' ? null : ask.moves[0]));
  });
  await session.run();
  if (!print) return;
  console.log(`page save, ${path.basename(root)}: classic, 4 seats, ${WINDOW} moves around each point`);
  for (const at of AT) {
    const a = marks.get(at - WINDOW / 2)!;
    const b = marks.get(at + WINDOW / 2)!;
    console.log(`  move ${at}: ${((b.cpu - a.cpu) / WINDOW * 1000).toFixed(0)} µs CPU/move, ${((b.chars - a.chars) / WINDOW).toFixed(0)} chars written/move`);
  }
}

// The first match warms the JIT up: the second is measured.
await measure(false);
await measure(true);
