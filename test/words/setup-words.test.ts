/**
 * A game that cannot be set up, in the reader's language: every refusal of game/setup.ts and of
 * game/turn.ts tableProblem (a deck that cannot deal, a dealer not in the round, a table that
 * cannot play, a position of another seat count) carries its message of the command line's
 * catalogue (`reason.setup.*`), worded in French with no English word but the setup's own field
 * names, and its English `message` the same as the catalogue's English (the files write the
 * English themselves, as the page bundles them without the command line's words).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLang } from '../../words/catalogue.ts';
import { createGame } from '../../game/setup.ts';
import { RulesError } from '../../game/rules.ts';
import { cliWordsIn, sayIn } from '../../words/cli.ts';
import { saidOf } from '../../words/said.ts';
import { expectSaidInFrench, thrownBy } from './refused.ts';

const FR = cliWordsIn('fr');
/** The setup's own field names, typed in every language. */
const FIELDS = new Set(['players', 'out', 'options', 'teams', 'deck', 'dealer', 'position']);

const POSITION = 'hands R5 R7 / G2 R1 | discard R3';

/** One of each refusal, keyed by its reason's catalogue key. */
const CASES: Record<string, () => unknown> = {
  'reason.setup.players': () => createGame({ players: 1, seed: 1 }),
  'reason.setup.outLength': () => createGame({ players: 3, seed: 1, out: [false, false] }),
  'reason.setup.outTwo': () => createGame({ players: 3, seed: 1, out: [true, true, false] }),
  'reason.setup.teams': () => createGame({ players: 3, seed: 1, options: { teams: true } }),
  'reason.setup.deck': () => createGame({ players: 10, seed: 1, options: { handSize: 15 } }),
  'reason.setup.dealer': () => createGame({ players: 3, seed: 1, out: [false, true, false], dealer: 1 }),
  'reason.setup.seats': () => createGame({ players: 3, seed: 1, position: POSITION }),
};

describe("a setup's refusals in the reader's language", () => {
  // A reason is worded by the game's catalogue, French once loaded (as cli/main.ts loads it).
  beforeAll(() => loadLang('fr'));

  it("each is worded in French with no English word, its English message the catalogue's English", () => {
    expectSaidInFrench(CASES, RulesError, FIELDS);
  });

  it('the English is the text it was, the French names the field', () => {
    const deck = thrownBy(CASES['reason.setup.deck'], RulesError);
    expect(deck.message).toBe('deck: 108 cards cannot deal 15 to 10 players and start a discard pile');
    expect(sayIn(FR, saidOf(deck)!)).toBe('deck\u00a0: un paquet de 108 cartes ne peut pas en distribuer 15 à chacun des 10 joueurs et commencer une défausse');
    expect(thrownBy(CASES['reason.setup.dealer'], RulesError).message).toBe('dealer: seat 1 is not in the round');
    expect(thrownBy(CASES['reason.setup.seats'], RulesError).message).toBe("position: its hands are for 2 seats, the setup's players 3");
    expect(thrownBy(CASES['reason.setup.teams'], RulesError).message).toBe('options.teams: partners need 4, 6 or 8 players, all in the round');
  });

  it('a position that is wrong as a whole names the field once; one wrong in a section names both', () => {
    const empty = thrownBy(() => createGame({ players: 2, seed: 1, position: ' ' }), RulesError);
    expect(empty.message).toBe('position: is empty: write at least "hands … | discard …"');
    expect(sayIn(FR, saidOf(empty)!)).toMatch(/^position\u00a0: (?!position)/);
    const section = thrownBy(() => createGame({ players: 2, seed: 1, position: 'hands R5 / R6 | discard ZZ' }), RulesError);
    expect(section.message).toMatch(/^position: discard\[0\]: ZZ is not a card code/);
    expect(sayIn(FR, saidOf(section)!)).toMatch(/^position\u00a0: discard\[0\]\u00a0: ZZ n’est pas un code de carte/);
  });
});
