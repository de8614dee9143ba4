/**
 * What happened between two moments of a table (web/src/happened.ts), read from what a screen has,
 * checked against what the engine says each move did (its events), over whole rounds of every
 * rule set.
 */
import { describe, expect, it } from 'vitest';
import { applyMove } from '../../game/engine.ts';
import { legalMoves } from '../../game/legal.ts';
import { RULE_SETS } from '../../game/rules.ts';
import { createGame } from '../../game/setup.ts';
import { card, type GameState, type Move } from '../../game/index.ts';
import { Rng, seedRng } from '../../lib/rng.ts';
import type { TableView } from '../../table/session.ts';
import { EventPhrases, type Phrase } from '../../table/words.ts';
import { factsOfState, factsOfView, happenings, type Happening, type TableFacts } from '../../web/src/happened.ts';
import { received } from '../../web/src/room/views.ts';

/** A move of `s` chosen by `pick` (a launcher's answer gives 0..2 cards of its supply), never a catch: calls are made with the plays. */
function nextMove(s: GameState, pick: (n: number) => number, i: number): Move {
  const legal = legalMoves(s).filter((m) => m.type !== 'catch' && m.type !== 'uno');
  const plays = legal.filter((m) => m.type === 'play' && (m.uno ?? true));
  const m = plays.length && pick(4) > 0 ? plays[pick(plays.length)] : legal[pick(legal.length)];
  return m.type === 'launcher' ? { ...m, cards: s.supply.slice(0, i % 3), fired: i % 3 > 0 } : m;
}

/** No log: UNO calls, the one thing read from it, are the last test's. */
const NO_LOG = { log: [], logBase: 0 };

describe('what happened at the table', () => {
  it('deals a round, then tells each play, skip, turn of direction, cards taken and win as the engine\'s events do', () => {
    const seen = new Map<Happening['kind'], number>();
    for (const [name, rules] of Object.entries(RULE_SETS)) {
      for (let seed = 1; seed <= 8; seed++) {
        const rng = new Rng(seedRng(`${name}-${seed}`));
        const pick = (n: number) => rng.int(n);
        let s: GameState = createGame({ players: 2 + (seed % 3), seed, rules });
        const dealt = happenings(null, factsOfState(s, 0, NO_LOG));
        expect(dealt).toEqual([{ kind: 'deal', sizes: s.hands.map((h) => h.length) }]);
        for (let i = 0; i < 400 && s.winner === null; i++) {
          const m = nextMove(s, pick, i);
          const r = applyMove(s, m);
          if (!r.ok) throw new Error(r.error.message);
          const got = happenings(factsOfState(s, 0, NO_LOG), factsOfState(r.state, 0, NO_LOG));
          const at = `${name} seed ${seed} move ${i} ${JSON.stringify(m)}`;
          for (const h of got) seen.set(h.kind, (seen.get(h.kind) ?? 0) + 1);
          const of = <K extends Happening['kind']>(k: K) => got.filter((h): h is Extract<Happening, { kind: K }> => h.kind === k);
          for (const e of r.events) {
            if (e.type === 'play') expect(of('lay'), at).toContainEqual({ kind: 'lay', seat: e.seat, cards: e.cards });
            if (e.type === 'direction') expect(of('reverse'), at).toEqual([{ kind: 'reverse', direction: e.direction }]);
            if (e.type === 'roundOver') expect(of('win'), at).toEqual([{ kind: 'win', seat: e.winner }]);
          }
          const played = r.events.find((e) => e.type === 'play');
          if (played && card(played.cards[played.cards.length - 1]).kind === 'skip' && s.players > 2) {
            expect(of('skip').map((h) => h.seat), at).toEqual(r.events.flatMap((e) => (e.type === 'skip' ? [e.seat] : [])).slice(0, 1));
          }
          if (!played) expect(of('lay'), at).toEqual([]);
          // Cards from the launcher or the draw pile, each to the hand it went to (a reload's shuffle aside).
          if (!r.events.some((e) => e.type === 'reload' || e.type === 'reshuffle')) {
            const taken = r.events.reduce((n, e) => n + (e.type === 'draw' || e.type === 'press' ? e.cards.length : 0), 0);
            expect(of('take').reduce((n, h) => n + h.n, 0), at).toBe(taken);
            for (const h of of('take')) if (h.seat === 0) expect(h.cards.length, at).toBe(h.n);
          }
          s = r.state;
        }
      }
    }
    // Every kind met, many times over.
    for (const k of ['deal', 'lay', 'take', 'reverse', 'skip', 'win'] as const) expect(seen.get(k) ?? (k === 'deal' ? 1 : 0), k).toBeGreaterThan(0);
    expect(seen.get('lay')).toBeGreaterThan(500);
  });

  it('tells nothing when nothing moved, a new round as its deal, and a game seen begun after its first lap as nothing', () => {
    const s = createGame({ players: 3, seed: 4 });
    const f = factsOfState(s, 0, NO_LOG);
    expect(happenings(f, f)).toEqual([]);
    expect(happenings({ ...f, moves: 30 }, { ...f, round: 1, moves: 1 }).map((h) => h.kind)).toEqual(['deal']);
    // A game seen beginning (null before: nothing dealt yet) whose first view comes after a bot's first move is still
    // the deal, not one whose first lap is over. (A page opened onto a table compares with nothing: motion.tsx.)
    expect(happenings(null, { ...f, moves: 2 }).map((h) => h.kind)).toEqual(['deal']);
    expect(happenings(null, { ...f, moves: 3 })).toEqual([]);
  });

  it('shows one UNO sign for each UNO call, late ones too, on the page and on a game night\'s screens, and none for anything else', () => {
    // A log shorter than a session's (60 lines), so lines fall off its front often.
    const WINDOW = 12;
    let late = 0;
    let catches = 0;
    let calls = 0;
    for (const [name, rules] of Object.entries(RULE_SETS)) {
      if (!rules.options.unoCall) continue;
      for (let seed = 1; seed <= 6; seed++) {
        const rng = new Rng(seedRng(`uno-${name}-${seed}`));
        let s: GameState = createGame({ players: 2 + (seed % 3), seed, rules });
        // The round's log as a session keeps it: its lines as phrases, the number of its first.
        const phrases = new EventPhrases();
        let lines: Phrase[] = [];
        let logBase = 0;
        // A game night's screen: the views it was sent (only the lines it was not sent yet, the whole log again after a reconnect).
        let view: TableView | null = null;
        let upTo = 0;
        const viewNow = (reconnect: boolean): TableView => {
          const from = reconnect ? logBase : Math.max(logBase, upTo);
          upTo = logBase + lines.length;
          const sent = {
            names: [], handSizes: s.hands.map((h) => h.length), shownHands: null, discard: [...s.discard], supplyCount: s.supply.length, colour: s.colour, direction: s.direction,
            turn: s.turn, dealer: s.dealer, pending: s.pending, uno: s.uno, out: [...s.out], winner: s.winner, round: s.round, moves: s.moves, totals: [], phase: 'playing' as const,
            logBase, log: { from, lines: lines.slice(from - logBase) },
          };
          view = received(view, sent);
          return view;
        };
        let page: TableFacts = factsOfState(s, 0, { log: lines, logBase });
        let table: TableFacts = factsOfView(viewNow(false));
        for (let i = 0; i < 500 && s.winner === null; i++) {
          const legal = legalMoves(s);
          // A play leaves its UNO uncalled half the time; a late call or a catch is made when one is open, most times.
          const chances = legal.filter((m) => m.type === 'uno' || m.type === 'catch');
          const plays = legal.filter((m) => m.type === 'play');
          let m = chances.length && rng.int(4) > 0 ? chances[rng.int(chances.length)] : plays.length && rng.int(4) > 0 ? plays[rng.int(plays.length)] : legal[rng.int(legal.length)];
          if (m.type === 'play' && m.uno !== undefined) m = { ...m, uno: rng.int(2) === 0 };
          if (m.type === 'launcher') m = { ...m, cards: s.supply.slice(0, i % 3), fired: i % 3 > 0 };
          const r = applyMove(s, m);
          if (!r.ok) throw new Error(r.error.message);
          s = r.state;
          lines.push(...phrases.of(r.events));
          if (lines.length > WINDOW) {
            logBase += lines.length - WINDOW;
            lines = lines.slice(-WINDOW);
          }
          const at = `${name} seed ${seed} move ${i} ${JSON.stringify(m)}`;
          const called = r.events.flatMap((e) => (e.type === 'uno' ? [e.seat] : []));
          calls += called.length;
          if (m.type === 'uno') late++;
          if (m.type === 'catch') catches++;
          const signs = (before: TableFacts, now: TableFacts) => happenings(before, now).flatMap((h) => (h.kind === 'uno' ? [h.seat] : []));
          const pageNow = factsOfState(s, 0, { log: lines, logBase });
          const tableNow = factsOfView(viewNow(i % 50 === 49));
          expect(signs(page, pageNow), `the page, ${at}`).toEqual(called);
          expect(signs(table, tableNow), `the table screen, ${at}`).toEqual(called);
          [page, table] = [pageNow, tableNow];
        }
      }
    }
    // Calls with plays, late calls and catches, many of each.
    expect(late).toBeGreaterThan(20);
    expect(catches).toBeGreaterThan(20);
    expect(calls).toBeGreaterThan(late + 20);
  });
});
