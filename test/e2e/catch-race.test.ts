/**
 * The terminal in a catch race (table/race.ts) on a clock the test moves: when a bot's catch comes
 * first, the person's question is withdrawn from the screen and the wait for their keys given up,
 * so a key typed after goes to the next question, not to the race that ended.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PlaySession, type Keys, type PlayMeta } from '../../cli/play/session.ts';
import { createMatch, resolveRules } from '../../game/index.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import { manualClock } from '../manual-clock.ts';
import { Robot } from './strategy.ts';

const meta: PlayMeta = { names: ['You', 'Bot 1', 'Bot 2', 'Bot 3'], me: 0, bots: ['heuristic'], profile: 'seed-0-8', launcher: null };

describe('the terminal in a catch race', () => {
  it('a bot’s catch made first withdraws the question from the screen; the next key goes to the next question', async () => {
    const { clock, advance, due } = manualClock();
    const robot = new Robot();
    const screens: string[] = [];
    type Held = { signal?: AbortSignal; drawn: number; given: boolean };
    let held: Held | null = null;
    let after: string[] | null = null;
    // The robot's keys, but the first chance to catch is left unanswered while the bots' clock runs on.
    const keys: Keys = {
      // Asked inside the question's event: the race's clock starts after it, so the keys are read a moment later.
      next: (signal) => Promise.resolve().then(() => {
        if (held && !after) after = screens.slice(held.drawn);
        if (held || !/ c catch /.test(robot.screen) || due().length === 0) return after ? 'q' : robot.next();
        const h: Held = { signal, drawn: screens.length, given: false };
        held = h;
        queueMicrotask(() => advance(due()[0] - clock.now()));
        return new Promise<string>((_, reject) => signal?.addEventListener('abort', () => ((h.given = true), reject(signal.reason))));
      }),
      takeQuit: () => false,
    };
    const session = new PlaySession({
      match: createMatch({ rules: resolveRules('classic', { target: 500 }), players: 4, seed: 21, log: true }), meta, profile: resolveProfile('seed-0-8'),
      pace: 'instant', keys, savePath: path.join(mkdtempSync(path.join(tmpdir(), 'uno-race-')), 'race.json'), colour: false, clock,
      out: (text) => (robot.out(text), void screens.push(robot.screen)),
    });
    expect(await session.run()).toBe('saved');
    expect(held, 'no race with a bot’s catch waiting').not.toBeNull();
    expect(held!.given).toBe(true);
    // Every screen drawn between the race's end and the next question: the catch offered no more.
    expect(after!.length).toBeGreaterThan(0);
    for (const s of after!.slice(0, -1)) expect(s).not.toMatch(/ c catch /);
  });
});
