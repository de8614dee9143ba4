/**
 * Save files of chosen positions, for the browser tests to open: the terminal game's own save
 * (its PlaySession, driven by the screen-reading Robot, quitting after some answers), and the
 * page's own session run in Node with a scripted person until a position holds (a catch to
 * make, an UNO to call, a Coup Extrême to play). Both are the CLI's save format; each is a
 * function of its seed, so every test that opens one is deterministic.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PlaySession } from '../../cli/play/session.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import { createMatch, resolveRules, type Move, type Options, type PlayMeta } from '../../game/index.ts';
import { createPageLauncher } from '../../web/src/launcher/index.ts';
import { GameSession, type Ask } from '../../web/src/session.ts';
import { Robot } from '../e2e/strategy.ts';

const metaFor = (players: number, name = 'You'): PlayMeta => ({
  names: [name, ...Array.from({ length: players - 1 }, (_, i) => `Bot ${i + 1}`)], me: 0, bots: ['heuristic'], profile: 'seed-0-8', launcher: null,
});

/** The text of the save the terminal game writes when its player quits after `answers` answers. */
export async function terminalSave(o: { seed: number; players: number; rules?: string; answers: number }): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'uno-web-')), 'uno-extreme-save.json');
  const match = createMatch({ rules: resolveRules(o.rules ?? 'extreme'), players: o.players, seed: o.seed, log: true });
  const robot = new Robot(o.answers);
  const session = new PlaySession({ match, meta: metaFor(o.players), profile: resolveProfile('seed-0-8'), pace: 'instant', keys: robot, savePath: file, colour: false, out: robot.out });
  if ((await session.run()) !== 'saved') throw new Error(`the match of seed ${o.seed} ended before ${o.answers} answers`);
  return readFileSync(file, 'utf8');
}

/** The scripted person: the first play (no UNO), else pass, accept, press or draw; chances let go. */
function scripted(ask: Ask): Move | null {
  if (ask.mode === 'react') return null;
  const m = ask.moves;
  return m.find((x) => x.type === 'play' && !x.uno) ?? m.find((x) => x.type === 'colour') ?? m.find((x) => x.type === 'pass') ?? m.find((x) => x.type === 'accept') ?? m.find((x) => x.type === 'press' || x.type === 'draw') ?? m[0];
}

/** A person who keeps every card: passes, accepts, presses or draws, lets every chance go. */
export function hoarder(ask: Ask): Move | null {
  if (ask.mode === 'react') return null;
  const m = ask.moves;
  return m.find((x) => x.type === 'pass') ?? m.find((x) => x.type === 'accept') ?? m.find((x) => x.type === 'press' || x.type === 'draw') ?? m[0];
}

/** A map as the page's storage. */
function memoryStore() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
}

/**
 * The save of the first position, over seeds `from`…, where the page asks the person something
 * `holds` accepts: the page's own session (instant speed) up to the question, saved there. The
 * person answers as `person` does (else the first play, as {@link scripted}).
 */
export async function positionWhere(holds: (ask: Ask, s: GameSession) => boolean, o: { players: number; rules?: string; options?: Partial<Options>; from?: number; seeds?: number; person?: (ask: Ask) => Move | null }): Promise<{ seed: number; save: string }> {
  const first = o.from ?? 1;
  for (let seed = first; seed < first + (o.seeds ?? 40); seed++) {
    const match = createMatch({ rules: resolveRules(o.rules ?? 'extreme', o.options), players: o.players, seed, log: true });
    const session = new GameSession({ match, meta: metaFor(o.players), profile: resolveProfile('seed-0-8'), speed: 'instant', store: memoryStore(), makeLauncher: createPageLauncher });
    let found: string | null = null;
    let seen = -1;
    session.subscribe(() => {
      const ask = session.ask;
      if (!ask || session.askId === seen || found !== null) return;
      seen = session.askId;
      if (holds(ask, session)) {
        found = session.saveText();
        queueMicrotask(() => session.stop());
      } else queueMicrotask(() => session.answer((o.person ?? scripted)(ask)));
    });
    // The first round only: a position is looked for where a test can reach it at once.
    session.subscribe(() => session.phase !== 'playing' && session.stop());
    await session.run();
    if (found !== null) return { seed, save: found };
  }
  throw new Error(`no seed from ${first} gives the position`);
}
