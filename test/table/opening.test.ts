/**
 * The opening card announced with what it does (table/words.ts openingLine), for each start
 * action of the rule sets' start-card tables, on rounds dealt by the engine, and written by the
 * match session after the round's first line.
 */
import { describe, expect, it } from 'vitest';
import { resolveProfile } from '../../emulator/profiles.ts';
import { createMatch, resolveRules } from '../../game/index.ts';
import { openingLine } from '../../table/words.ts';
import { EN_WORDS } from '../../words/catalogue.ts';
import { createPageLauncher } from '../../web/src/launcher/index.ts';
import { GameSession } from '../../web/src/session.ts';

const NAMES = ['You', 'Ana', 'Ben'];
const opening = (rules: string, seed: number) => openingLine(createMatch({ rules: resolveRules(rules), players: 3, seed, log: true }).game, NAMES, EN_WORDS);

describe('the opening card, announced', () => {
  it.each([
    ['extreme', 1, 'Start card: Blue 1: Ben plays first on it'],
    ['extreme', 4, 'Start card: Green Hit 2: as if Ana (the dealer) had played it, Ben presses the launcher twice'],
    ['extreme', 5, 'Start card: Red Skip: as if Ben (the dealer) had played it, You are skipped, Ana plays first'],
    ['extreme', 8, 'Start card: Coup Extrême: Ben names the colour and plays first'],
    ['extreme', 26, 'Start card: Green Reverse: play goes counter-clockwise and You (the dealer) play first'],
    ['classic', 38, 'Start card: Green +2: as if Ben (the dealer) had played it, You draw 2 cards and are skipped, Ana plays first'],
    ['classic', 10, 'Start card: Wild: Ana names the colour and plays first'],
    ['en-ligne', 5, 'Start card: Wild: Ana (the dealer) names the colour, then Ben plays first'],
    ['en-ligne', 35, 'Start card: Wild +4: You (the dealer) name the colour, then Ana plays first'],
  ])('%s seed %i: %s', (rules, seed, line) => {
    expect(opening(rules, seed)).toBe(line);
  });

  it('is the second line of a round the session plays, before any move', async () => {
    // A round with no launcher: the session writes both lines before it asks anything.
    const match = createMatch({ rules: resolveRules('classic'), players: 3, seed: 38, log: true });
    const store = new Map<string, string>();
    const session = new GameSession({
      match, meta: { names: NAMES, me: 0, bots: ['first', 'first'], profile: 'seed-0-8', launcher: null },
      profile: resolveProfile('seed-0-8'), speed: 'instant', makeLauncher: createPageLauncher,
      store: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v), removeItem: (k) => void store.delete(k) },
    });
    session.subscribe(() => session.log.length > 1 && session.stop());
    await session.run();
    expect(session.log.slice(0, 2)).toEqual(['Round 1, dealer: Ben', 'Start card: Green +2: as if Ben (the dealer) had played it, You draw 2 cards and are skipped, Ana plays first']);
  });
});
