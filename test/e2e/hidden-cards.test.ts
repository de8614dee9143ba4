/**
 * The terminal game never names a card of another seat: the launcher's cards flying to a bot are
 * "a card" each, as the page shows their backs. Whole rounds of the play session, driven from the
 * screen it prints, every screen read against the hands as they are when it is printed.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PlaySession, type PlayMeta } from '../../cli/play/session.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import { createMatch, resolveRules } from '../../game/index.ts';
import { cardName } from '../../words/cards.ts';
import { EN_WORDS } from '../../words/catalogue.ts';
import { MATCH_MS } from '../budgets.ts';
import { Robot } from './strategy.ts';

describe('the terminal game keeps other seats\' cards to them', () => {
  it('names no card held by another seat on any screen of whole rounds, and still names the cards that come to the person', async () => {
    const meta: PlayMeta = { names: ['You', 'Bot 1', 'Bot 2'], me: 0, bots: ['heuristic'], profile: 'seed-0-8', launcher: null };
    const match = createMatch({ rules: resolveRules('extreme', { target: 300 }), players: 3, seed: 4, log: true });
    const robot = new Robot();
    const leaks: string[] = [];
    let flights = 0;
    let mine = 0;
    let session: PlaySession;
    const out = (text: string) => {
      robot.out(text);
      const s = session.session.state;
      // The names of cards only another seat holds now: a name in the person's hand, on the pile,
      // in a hand Show Hands laid open, or in the launcher (a card flying to the person is still
      // there while the screen says so) could be that card's twin.
      const seen = new Set([...s.hands[0], ...s.discard, ...s.supply, ...(s.shown ? s.hands.flat() : [])].map((id) => cardName(id, EN_WORDS)));
      const theirs = new Set(s.hands.slice(1).flat().map((id) => cardName(id, EN_WORDS)).filter((n) => !seen.has(n)));
      const flying = robot.screen.split('\n').find((l) => l.includes('♪ ding →')) ?? '';
      if (flying) flights++;
      if (/→ (?!a card)[^→]+/.test(flying)) mine++;
      for (const n of theirs) if (new RegExp(`(^|[^\\w])${n.replace(/[+]/g, '\\+')}($|[^\\w])`, 'm').test(flying)) leaks.push(`${n}: ${flying.trim()}`);
    };
    session = new PlaySession({ match, meta, profile: resolveProfile('seed-0-8'), pace: 'instant', keys: robot, savePath: path.join(mkdtempSync(path.join(tmpdir(), 'uno-hidden-')), 'save.json'), colour: false, out });
    expect(await session.run()).toBe('done');
    expect(flights).toBeGreaterThan(20);
    expect(mine).toBeGreaterThan(0);
    expect([...new Set(leaks)]).toEqual([]);
  }, MATCH_MS);
});
