/**
 * A position that cannot be set up, in the reader's language: every reason of game/position.ts,
 * game/positionCheck.ts and game/positionText.ts (a card not in the deck, a seat not in the round,
 * a request that cannot be, a section that cannot be read) carries its message of the command
 * line's catalogue (`cli.position.*` inside `cli.position.field`), worded in French with no English
 * word but the position's own field names and values, and its English `message` the same as the
 * catalogue's English (the files write the English themselves: the page bundles them without the
 * command line's words). A setup's position line ("position : …") is French throughout.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createFromPosition, fromPosition, parsePosition, type Position, type PositionResult } from '../../game/position.ts';
import { createGame } from '../../game/setup.ts';
import { RulesError } from '../../game/rules.ts';
import { loadLang } from '../../words/catalogue.ts';
import { cliWordsIn, english, sayIn } from '../../words/cli.ts';
import { saidOf } from '../../words/said.ts';
import { englishOnly, wordsOf } from './english.ts';
import { thrownBy } from './refused.ts';

const FR = cliWordsIn('fr');
const ENGLISH = englishOnly();

/** What a position's text and object call their parts and values, typed in every language. */
const FIELDS = new Set([
  'hands', 'discard', 'supply', 'turn', 'dealer', 'uno', 'pending', 'colour', 'direction', 'rng', 'shown', 'rules', 'out', 'cards',
  'position', 'kind', 'seat', 'then', 'press', 'challenge', 'stack', 'drawn', 'playagain', 'remaining', 'queue', 'reason', 'aimat',
  'untilcards', 'legal', 'before', 'total', 'kinds', 'card', 'true', 'false', 'null', 'red', 'yellow', 'green', 'blue', 'ccw',
  'option', 'value', 'wild4takenback', 'stacktwosonly', 'request', 'classic', 'extreme', 'hit2', 'hit4', 'coupextreme', 'allhit',
  'hitfire', 'draw2', 'wild4', 'draw', 'wild', 'hit', 'stacking',
]);

const BASE = 'hands R5 R7 / G2 B3 | discard R1 | supply *';
const base: Position = { hands: [['R5', 'R7'], ['G2', 'B3']], discard: ['R1'], supply: ['*'] };
const pending = (p: unknown, more = '') => `${BASE}${more} | pending ${JSON.stringify(p)}`;
const press = (more: object) => pending({ kind: 'press', seat: 0, aimAt: 0, remaining: 1, untilCards: false, queue: [], reason: 'turn', then: { turn: 1 }, ...more });
let deep: unknown = { turn: 1 };
for (let i = 0; i < 10; i++) deep = { pending: { kind: 'colour', seat: 0, then: deep } };

/** One of each reason, keyed by its catalogue key. */
const CASES: Record<string, () => PositionResult | ReturnType<typeof parsePosition>> = {
  'cli.position.notCard': () => createFromPosition({ ...base, hands: [[5 as never], ['G2']] }),
  'cli.position.serials': () => fromPosition('hands R5#9 / G2 | discard R1 | supply *'),
  'cli.position.notInDeckId': () => fromPosition('hands ZZ#1 / G2 | discard R1 | supply *'),
  'cli.position.twice': () => fromPosition('hands R5#1 R5#1 / G2 | discard R1 | supply *'),
  'cli.position.oneRest': () => fromPosition('hands R5 / G2 | discard R1 | supply * *'),
  'cli.position.notCode': () => fromPosition('hands R5 / G2 | discard ZZ | supply *'),
  'cli.position.notInDeck': () => fromPosition('rules classic | hands CX / G2 | discard R1 | supply *'),
  'cli.position.tooManyOf': () => fromPosition('rules classic | hands R0 R0 / G2 | discard R1 | supply *'),
  'cli.position.missing': () => fromPosition('hands R5 / G2 | discard R1'),
  'cli.position.object': () => createFromPosition(null as never),
  'cli.position.hands': () => createFromPosition({ ...base, hands: 'x' as never }),
  'cli.position.discard': () => createFromPosition({ ...base, discard: [] }),
  'cli.position.supply': () => createFromPosition({ ...base, supply: 'x' as never }),
  'cli.position.seats': () => fromPosition('hands R5 | discard R1 | supply *'),
  'cli.position.out': () => createFromPosition({ ...base, out: [1, 2] as never }),
  'cli.position.outHolds': () => createFromPosition({ ...base, hands: [['R5'], ['G2'], ['B3']], out: [true, false, false] }),
  'cli.position.notSeat': () => fromPosition(`${BASE} | dealer 7`),
  'cli.position.direction': () => createFromPosition({ ...base, direction: 2 as never }),
  'cli.position.rng': () => createFromPosition({ ...base, rng: [0, 0, 0, 0] }),
  'cli.position.turnedUp': () => fromPosition(`${BASE} | turn 0`, { turnUp: true }),
  'cli.position.redraw': () => fromPosition('rules classic | hands R5 / G2 | discard W4 | supply *', { turnUp: true }),
  'cli.position.colour': () => fromPosition(`${BASE} | colour purple`),
  'cli.position.noUno': () => fromPosition('rules en-ligne | hands R5 / G2 | discard R1 | supply * | uno 0'),
  'cli.position.unoHolds': () => fromPosition(`${BASE} | uno 0`),
  'cli.position.boolean': () => createFromPosition({ ...base, shown: 'yes' as never }),
  'cli.position.empty': () => fromPosition('hands - / G2 | discard R1 | supply *'),
  'cli.position.then': () => fromPosition(pending({ kind: 'colour', seat: 0, then: 5 })),
  'cli.position.tooMany': () => fromPosition(press({ remaining: 99999 })),
  'cli.position.deep': () => fromPosition(pending({ kind: 'colour', seat: 0, then: deep })),
  'cli.position.request': () => fromPosition(pending(5)),
  'cli.position.atOnce': () => fromPosition(pending({ kind: 'colour', seat: 0, then: { pending: { kind: 'challenge', seat: 1 } } })),
  'cli.position.noPress': () => fromPosition(pending({ kind: 'press', seat: 0 }).replace('hands', 'rules classic | hands')),
  'cli.position.remaining': () => fromPosition(press({ remaining: 0 })),
  'cli.position.queue': () => fromPosition(press({ queue: 'x' })),
  'cli.position.queueLong': () => fromPosition(press({ queue: [1, 1] })),
  'cli.position.oneOf': () => fromPosition(press({ reason: 'nope' })),
  'cli.position.challengeTop': () => fromPosition(pending({ kind: 'challenge', seat: 1 })),
  'cli.position.by': () => fromPosition(pending({ kind: 'challenge', seat: 1, by: 1 }).replace('hands', 'rules classic | hands').replace('discard R1', 'discard W4 | colour red')),
  'cli.position.legal': () => fromPosition(pending({ kind: 'challenge', seat: 1, by: 0 }).replace('hands', 'rules classic | hands').replace('discard R1', 'discard W4 | colour red')),
  'cli.position.before': () => fromPosition(pending({ kind: 'challenge', seat: 1, by: 0, legal: true }).replace('hands', 'rules classic wild4TakenBack=true | hands').replace('discard R1', 'discard W4 | colour red')),
  'cli.position.beforeKept': () => fromPosition(pending({ kind: 'challenge', seat: 1, by: 0, legal: true, before: 'red' }).replace('hands', 'rules classic | hands').replace('discard R1', 'discard W4 | colour red')),
  'cli.position.stackingOff': () => fromPosition(pending({ kind: 'stack', seat: 0 }).replace('hands', 'rules classic | hands')),
  'cli.position.notStacked': () => fromPosition(pending({ kind: 'stack', seat: 0 }).replace('hands', 'rules classic stacking=true stackTwosOnly=true | hands').replace('discard R1', 'discard W4 | colour red')),
  'cli.position.total': () => fromPosition(pending({ kind: 'stack', seat: 0, total: 0 }).replace('hands', 'rules classic stacking=true | hands').replace('discard R1', 'discard R+2')),
  'cli.position.kinds': () => fromPosition(pending({ kind: 'stack', seat: 0, total: 2, kinds: ['nope'] }).replace('hands', 'rules classic stacking=true | hands').replace('discard R1', 'discard R+2')),
  'cli.position.noDrawn': () => fromPosition(pending({ kind: 'drawn', seat: 0 })),
  'cli.position.drawnCard': () => fromPosition(pending({ kind: 'drawn', seat: 0, card: 'B9#1' }).replace('hands', 'rules classic | hands')),
  'cli.position.drawnPlayable': () => fromPosition(pending({ kind: 'drawn', seat: 1, card: 'B3#1' }).replace('hands R5 R7 / G2 B3', 'rules classic | hands R5 R7 / G2 B3#1')),
  'cli.position.playAgain': () => fromPosition(pending({ kind: 'playAgain', seat: 0, colour: 'red' })),
  'cli.position.kind': () => fromPosition(pending({ kind: 'nope', seat: 0 })),
  'cli.position.colourNull': () => fromPosition(pending({ kind: 'colour', seat: 0, then: { turn: 1 } }, ' | colour red')),
  'cli.position.colourNeeded': () => fromPosition('hands R5 / G2 | discard W | supply *'),
  'cli.position.seatNumber': () => parsePosition(`${BASE} | turn x`),
  'cli.position.emptyText': () => parsePosition(''),
  'cli.position.section': () => parsePosition(`${BASE} | bogus 1`),
  'cli.position.sectionTwice': () => parsePosition(`${BASE} | hands R5 / G2`),
  'cli.position.rulesName': () => parsePosition(`rules | ${BASE}`),
  'cli.position.option': () => parsePosition(`rules extreme stacking | ${BASE}`),
  'cli.position.cw': () => parsePosition(`${BASE} | direction up`),
  'cli.position.nested': () => parsePosition(`${BASE} | pending ${'['.repeat(300)}${']'.repeat(300)}`),
  'cli.position.pendingJson': () => parsePosition(`${BASE} | pending {bad`),
  'cli.position.shown': () => parsePosition(`${BASE} | shown yes`),
  'cli.position.rngText': () => parsePosition(`${BASE} | rng 1.2.3`),
  'cli.position.noHands': () => parsePosition('discard R1'),
  'cli.position.noDiscard': () => parsePosition('hands R5 / G2'),
  // A rule's own reason (the game's catalogue) inside the position's field.
  'reason.unknownKey.near': () => fromPosition(`rules extreme stackng=true | ${BASE}`),
};

describe("a position's reasons in the reader's language", () => {
  // A rule's reason is worded by the game's catalogue, French once loaded (as cli/main.ts loads it).
  beforeAll(() => loadLang('fr'));

  it("each is worded in French with no English word, its English message the catalogue's English", () => {
    const wrong: string[] = [];
    for (const [key, make] of Object.entries(CASES)) {
      try {
        check(key, make);
      } catch (e) {
        wrong.push((e as Error).message.split('\n')[0]);
      }
    }
    expect(wrong).toEqual([]);
  });

  function check(key: string, make: () => PositionResult | ReturnType<typeof parsePosition>): void {
    {
      const r = make();
      expect(r.ok, key).toBe(false);
      const { message, said } = (r as { error: { message: string; said: NonNullable<ReturnType<typeof saidOf>> } }).error;
      expect(english(said), key).toBe(message);
      // The reason inside names the case: each sample reaches the message it is named for.
      expect(JSON.stringify(said), `${key}: ${message}`).toContain(`"${key}"`);
      const fr = sayIn(FR, said);
      expect(fr, key).not.toBe(message);
      const words = wordsOf(fr.replace(/"[^"]*"|«[^»]*»|\S*[./[\]{}#=]\S*/g, ' ')).filter((w) => ENGLISH.has(w) && !FIELDS.has(w));
      expect(words, `${key}: ${fr}`).toEqual([]);
    }
  }

  it("a setup's position line is French throughout; the English as it was", () => {
    const e = thrownBy(() => createGame({ players: 2, seed: 1, position: 'hands R5 / G2 | discard ZZ | supply *' }), RulesError);
    expect(e.message).toBe('position: discard[0]: ZZ is not a card code: R5, G+2, YS, W, W4, CX, …');
    expect(sayIn(FR, saidOf(e)!)).toBe('position\u00a0: discard[0]\u00a0: ZZ n’est pas un code de carte\u00a0: R5, G+2, YS, W, W4, CX, …');
  });
});
