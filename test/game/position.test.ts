import { describe, expect, it } from 'vitest';
import { FastLauncher } from '../../emulator/api.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import { seedRng } from '../../lib/rng.ts';
import { makeBots } from '../../game/bots/index.ts';
import { buildDeck } from '../../game/cards.ts';
import { legalMoves } from '../../game/legal.ts';
import { createFromPosition, fromPosition, parsePosition, positionOf, type Position } from '../../game/position.ts';
import type { Options } from '../../game/rules.ts';
import { runMatchSync, runRoundSync } from '../../game/runner.ts';
import { createMatch } from '../../game/match.ts';
import { loadGame, loadMatch, saveGame, saveMatch, stateHash } from '../../game/save.ts';
import { createGame } from '../../game/setup.ts';
import type { GameState, PressRequest } from '../../game/state.ts';
import { answer, codes, play } from './fixture.ts';

/** The fields a position sets: everything but the round's history (seed, moves, log, scores). */
function positionFields(s: GameState) {
  const { rules, players, out, dealer, hands, discard, supply, colour, direction, turn, pending, uno, shown, rng, winner } = s;
  return { rules, players, out, dealer, hands, discard, supply, colour, direction, turn, pending, uno, shown, rng, winner };
}

/** States met along seeded bot rounds of every rule set (copies: the rounds run in place). */
function seededStates(): GameState[] {
  const tables: { rules: string; players: number; options?: Partial<Options> }[] = [
    { rules: 'extreme', players: 4 },
    { rules: 'extreme-fr', players: 5 },
    { rules: 'attack-1999', players: 3 },
    { rules: 'extreme-2010', players: 4 },
    { rules: 'classic', players: 4 },
    { rules: 'en-ligne', players: 3 },
    { rules: 'classic', players: 4, options: { stacking: true, stackCross: true, sevenZero: true, twoIdentical: true } },
    { rules: 'extreme', players: 2, options: { stacking: true, reload: { atDiscard: 20 } } },
  ];
  const states: GameState[] = [];
  tables.forEach((t, i) => {
    for (let g = 0; g < 6; g++) {
      const seed = seedRng(i, g)[0];
      const start = createGame({ rules: t.rules, options: t.options, players: t.players, seed });
      const launcher = start.rules.options.launcher ? new FastLauncher(resolveProfile(start.rules.profile ?? 'seed-0-8'), seed) : null;
      states.push(start);
      let k = 0;
      runRoundSync(start, launcher, makeBots(t.players, seed, ['heuristic', 'random']), {
        onStep: (s) => {
          if (++k % 7 === 0 && s.winner === null) states.push(structuredClone(s));
        },
      });
    }
  });
  return states;
}

describe('positions', () => {
  it('print → parse → the same position, over states of seeded rounds of every rule set', () => {
    const states = seededStates();
    const kinds = new Set(states.map((s) => s.pending?.kind ?? 'turn'));
    // The sample meets every kind of request the rule sets make.
    expect([...kinds].sort()).toEqual(['challenge', 'colour', 'drawn', 'playAgain', 'press', 'stack', 'turn']);
    expect(states.some((s) => s.uno !== null)).toBe(true);
    expect(states.some((s) => s.shown)).toBe(true);
    for (const s of states) {
      const text = positionOf(s);
      const r = fromPosition(text);
      if (!r.ok) throw new Error(`${r.error.message}\n${text}`);
      expect(positionFields(r.state)).toEqual(positionFields(s));
      expect(positionOf(r.state)).toBe(text);
      expect(legalMoves(r.state)).toEqual(legalMoves(s));
    }
  });

  it('cards by code take the lowest serial no id claims; * is the rest of the deck in deck order', () => {
    const r = createFromPosition({ hands: [['R5', 'R5#1'], ['G2', 'B3']], discard: ['R3'], supply: ['*'], dealer: 1 });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.state.hands).toEqual([['R5#2', 'R5#1'], ['G2#1', 'B3#1']]);
    const deck = buildDeck(r.state.rules.deck);
    expect(r.state.supply).toEqual(deck.filter((id) => !['R5#1', 'R5#2', 'G2#1', 'B3#1', 'R3#1'].includes(id)));
    expect([r.state.turn, r.state.colour, r.state.pending, r.events]).toEqual([0, 'red', null, []]);
    // The text: codes where they read back to the same cards, ids where they would not.
    expect(positionOf(r.state)).toMatch(/^rules extreme \| hands R5#2 R5#1 \/ G2 B3 \| discard R3 \| supply R1 R1 R2 /);
  });

  it('the text form reads with defaults, options and every section', () => {
    const text = 'rules classic stacking=true reload=30 target=200 | hands R+2 R7 / G2 G3 / x | discard * R3 | turn 1 | direction ccw | dealer 0';
    const r = fromPosition(text);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.state.rules.options).toMatchObject({ stacking: true, reload: { atDiscard: 30 }, target: 200 });
    expect([r.state.out, r.state.turn, r.state.direction, r.state.dealer, r.state.supply]).toEqual([[false, false, true], 1, -1, 0, []]);
    expect(positionOf(r.state)).toMatch(/^rules classic stacking=true reload=30 target=200 \| hands R\+2 R7 \/ G2 G3 \/ x \| discard /);
  });

  it('a round set up from a position saves and loads like any round', () => {
    const r = fromPosition('rules extreme | hands CX R7 / G2 R1 / B3 B4 | discard * R3 | supply G5 G6 G7 | dealer 2');
    if (!r.ok) throw new Error(r.error.message);
    let state = play(r.state, { type: 'play', seat: 0, card: 'CX#1', colour: 'red', target: 2 }).state;
    state = answer(answer(state, 2), 1);
    expect(codes(state.hands[2])).toBe('B3 B4 G5 G6 G7');
    const back = loadGame(saveGame(state));
    expect(back).toEqual(state);
    expect(stateHash(back)).toBe(stateHash(state));
    // A bot round played on from it saves and loads too.
    const done = runRoundSync(state, new FastLauncher(resolveProfile('seed-0-8'), 5, state.supply.slice()), makeBots(3, 5)).state;
    expect(loadGame(saveGame(done))).toEqual(done);
  });

  it('a match can start from a position: its first round is that position, the next ones are dealt; it saves and loads', () => {
    const text = 'rules extreme target=60 | hands R5 R7 / G2 R1 / B3 B4 | discard * R3 | supply G5 G6 G7 | dealer 2';
    const match = createMatch({ rules: 'extreme', options: { target: 60 }, players: 3, seed: 8, position: text });
    expect(codes(match.game.hands[0])).toBe('R5 R7');
    const launcherFor = (g: GameState) => new FastLauncher(resolveProfile('seed-0-8'), seedRng(8, g.round));
    const done = runMatchSync(match, launcherFor, makeBots(3, 8));
    expect(done.rounds.length).toBeGreaterThan(1);
    expect(done.game.position).toBeUndefined();
    expect(loadMatch(saveMatch(done))).toEqual(done);
    expect(() => createMatch({ players: 4, seed: 8, position: text })).toThrow('position: its hands are for 3 seats, the setup\'s players 4');
  });

  it('turnUp applies the start card by the rule set and returns its events', () => {
    const r = createFromPosition({ rules: 'extreme', hands: [['R1'], ['R2'], ['R3']], discard: ['*', 'RH2'], supply: ['G1', 'G2'], dealer: 2 }, { turnUp: true });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.events[0]).toEqual({ type: 'start', card: 'RH2#1', dealer: 2 });
    expect(r.state.pending).toMatchObject({ kind: 'press', seat: 0, remaining: 2, reason: 'hit2', then: { turn: 1 } });
    const back = fromPosition(r.state.position!);
    expect(back.ok && positionFields(back.state)).toEqual(positionFields(r.state));
  });
});

describe('positions: what is wrong is named', () => {
  const base: Position = { hands: [['R5', 'R7'], ['G2', 'B3']], discard: ['*', 'R3'], dealer: 1 };
  const error = (p: Partial<Position>, turnUp = false) => {
    const r = createFromPosition({ ...base, ...p }, { turnUp });
    return r.ok ? 'accepted' : r.error.message;
  };
  it('cards: every card of the deck once, by its ids', () => {
    expect(error({ hands: [['R5', 'Q7'], ['G2']] })).toBe('hands[0][1]: Q7 is not a card code: R5, G+2, YS, W, W4, CX, …');
    expect(error({ hands: [['R0'], ['G2']] })).toBe('hands[0][0]: R0 is not in the extreme deck');
    expect(error({ hands: [['GD', 'GD'], ['G2']] })).toBe('hands[0][1]: one GD too many: the extreme deck has 1');
    expect(error({ hands: [['R5#3'], ['G2']] })).toBe('hands[0][0]: R5#3: the extreme deck has R5#1 to R5#2');
    expect(error({ hands: [['R5#1'], ['R5#1']] })).toBe('hands[1][0]: R5#1 is placed twice: every card is in one place');
    expect(error({ discard: ['R3'] })).toMatch(/^cards: 103 cards of the extreme deck are not placed \(R1#1, R1#2, R2#1, R2#2, R3#2, …\): place every card, or put \* \(the rest of the deck\) in the supply$/);
    expect(error({ supply: ['*'] })).toBe('supply[0]: only one * (the rest of the deck) in a position');
    expect(error({ discard: [] })).toBe('discard: must hold at least the top card');
  });
  it('seats, turn, colour, UNO', () => {
    expect(error({ hands: [['R5']] })).toBe('hands: one list per seat, 2 to 10 seats: got 1');
    expect(error({ turn: 2 })).toBe('turn: seat 2 is not a player in the round');
    expect(error({ dealer: -1 })).toBe('dealer: seat -1 is not a player in the round');
    expect(error({ hands: [['R5'], ['G2'], ['B3']], out: [false, true, false] })).toBe('hands[1]: seat 1 is out of the match and holds no cards');
    expect(error({ discard: ['*', 'W'] })).toBe('colour: the top card W#1 has no colour of its own: give the current colour (red, yellow, green, blue)');
    expect(error({ colour: 'purple' as never })).toBe('colour: purple is not a colour: red, yellow, green or blue');
    expect(error({ uno: 0 })).toBe('uno: seat 0 holds 2 cards: only a player with one card can be caught');
    expect(error({ hands: [[], ['G2']] })).toBe('hands[0]: seat 0 holds no card: the round would be over');
    expect(error({ direction: 2 as never })).toBe('direction: must be 1 (clockwise) or -1');
    expect(error({ options: { handSize: 0 } })).toBe('rules: options.handSize: must be a whole number from 1 to 15');
  });
  it('a pending request consistent with the position', () => {
    const press: PressRequest = { kind: 'press', seat: 0, aimAt: 1, remaining: 2, untilCards: false, queue: [], reason: 'coupExtreme', then: { turn: 1 } };
    expect(error({ pending: press })).toBe('accepted');
    expect(error({ pending: { ...press, aimAt: 5 } })).toBe('pending.aimAt: seat 5 is not a player in the round');
    expect(error({ pending: { ...press, remaining: 0 } })).toBe('pending.remaining: must be a whole number ≥ 1 (presses still due)');
    // More presses than the deck's cards could stack (6 each, 108 cards): no round holds them, and none pressing them ends.
    expect(error({ pending: { ...press, remaining: 648 } })).toBe('accepted');
    expect(error({ pending: { ...press, remaining: 649 } })).toBe('pending.remaining: 649 is more than a round can hold: at most 648 (6 for each of the deck\'s 108 cards)');
    expect(error({ pending: { ...press, remaining: 1e15 } })).toMatch(/^pending\.remaining: 1000000000000000 is more than a round can hold/);
    expect(error({ pending: { ...press, queue: [1, 0] } })).toBe('pending.queue: lists 2 presses after this one: at most one for each other seat (1)');
    expect(error({ options: { stacking: true }, discard: ['*', 'RH2'], pending: { kind: 'stack', seat: 0, total: 1e9, kinds: ['hit2'] } }))
      .toMatch(/^pending\.total: 1000000000 is more than a round can hold: at most 648/);
    expect(error({ pending: { ...press, reason: 'fun' as never } })).toMatch(/^pending.reason: must be one of turn, hit2, /);
    expect(error({ pending: { ...press, then: { pending: { kind: 'colour', seat: 3, then: { turn: 0 } } } } })).toBe('pending.then.pending.seat: seat 3 is not a player in the round');
    expect(error({ rules: 'classic', pending: press })).toBe('pending: the rule set classic draws from a pile: no press to wait for');
    expect(error({ pending: { kind: 'challenge', seat: 1, by: 0, legal: true } })).toBe('pending: a challenge answers a +4: the top card must be one');
    expect(error({ pending: { kind: 'stack', seat: 1, total: 2, kinds: ['hit2'] } })).toBe("pending: stacking is off in this position's rules: no stack to answer");
    expect(error({ rules: 'classic', pending: { kind: 'drawn', seat: 0, card: 'G2#1' } })).toBe("pending.card: must be a card in seat 0's hand");
    expect(error({ rules: 'en-ligne', pending: { kind: 'playAgain', seat: 0, colour: 'red' } })).toBe('pending.colour: must be the colour of the Play Again on top of the discard pile');
    expect(error({ pending: { kind: 'colour', seat: 0, then: { turn: 0 } } })).toBe('colour: must be null while a colour is to be named (the request asks for one)');
    expect(error({ pending: { kind: 'colour', seat: 0, then: { turn: 0 } }, colour: null })).toBe('accepted');
    expect(error({ pending: { kind: 'nap', seat: 0 } as never })).toBe('pending.kind: must be press, colour, challenge, stack, drawn or playAgain');
  });
  it('turnUp: the start card decides the turn, and a card the rule set sends back cannot start', () => {
    expect(error({ turn: 0 }, true)).toBe('turn: is decided by the start card when it is turned up: leave it out');
    expect(error({ rules: 'classic', discard: ['*', 'W4'] }, true)).toBe('discard: W4#1 cannot start the classic discard pile: that rule set puts it back into the deck');
  });
  it('the text form: sections that cannot be read', () => {
    const err = (t: string) => {
      const r = parsePosition(t);
      return r.ok ? 'read' : r.error.message;
    };
    expect(err('')).toBe('position: is empty: write at least "hands … | discard …"');
    expect(err('hands R5 / G2 | discard R3 | deck W')).toBe('deck: unknown section: the sections are rules, hands, discard, supply, turn, dealer, direction, colour, pending, uno, shown, rng');
    expect(err('discard R3')).toBe('hands: is missing: "hands R5 R7 / G2 B3" (one list per seat, separated by /)');
    expect(err('hands R5 / G2')).toBe('discard: is missing: "discard R3" (bottom first, the top card last)');
    expect(err('hands R5 / G2 | discard R3 | direction left')).toBe('direction: must be cw or ccw, got "left"');
    expect(err('hands R5 / G2 | discard R3 | turn one')).toBe('turn: "one" is not a seat number');
    expect(err('hands R5 / G2 | discard R3 | pending {kind')).toMatch(/^pending: must be a request as JSON/);
    // A request nested 20 000 deep is refused by a scan of the text, before anything walks it (its copy overflowed the stack).
    const deep = `${'{"kind":"colour","seat":0,"then":{"pending":'.repeat(20_000)}{"kind":"colour","seat":0,"then":{"turn":0}}${'}}'.repeat(20_000)}`;
    expect(err(`hands R5 / G2 | discard R3 | colour - | pending ${deep}`)).toBe('pending: is nested more than 32 levels deep: no request is');
    const r20k = fromPosition(`hands R5 R7 / G2 B3 | discard * R3 | dealer 1 | colour - | pending ${deep}`);
    expect(r20k.ok || r20k.error.message).toBe('pending: is nested more than 32 levels deep: no request is');
    expect(err('hands R5 / G2 | discard R3 | rng 1.2.3')).toBe('rng: must be four hexadecimal words separated by dots');
    expect(err('hands R5 / G2 | discard R3 | turn 0 | turn 1')).toBe('turn: is given twice');
    expect(err('rules extreme stacking | hands R5 / G2 | discard R3')).toBe('rules: stacking: an option is written option=value');
    const r = fromPosition('rules nope | hands R5 / G2 | discard R3');
    expect(r.ok || r.error.message).toBe('rules: unknown rule set "nope": known rule sets are extreme, extreme-fr, attack-1999, extreme-2010, classic, en-ligne');
  });
});
