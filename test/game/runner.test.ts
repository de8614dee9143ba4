import { describe, expect, it } from 'vitest';
import { FastLauncher, type SyncLauncher } from '../../emulator/api.ts';
import { ignoredResult, type PressResult } from '../../emulator/core.ts';
import { resolveProfile } from '../../emulator/profiles.ts';
import { makeBots } from '../../game/bots/index.ts';
import type { CardId } from '../../game/cards.ts';
import { createMatch } from '../../game/match.ts';
import { cardsForCount } from '../../game/press.ts';
import { runMatchSync, runRound, runRoundIn, runRoundSync, sameCards, type AskMode } from '../../game/runner.ts';
import { saveGame, stateHash } from '../../game/save.ts';
import { createGame, dealRound } from '../../game/setup.ts';
import { stateOf } from '../../game/core/round.ts';
import { roundPoints } from '../../game/scoring.ts';
import type { Bot } from '../../game/bots/types.ts';
import type { GameEvent, GameState, Move } from '../../game/state.ts';
import { fixture } from './fixture.ts';

/**
 * A launcher that behaves like a device from a script: each press takes the scripted number of
 * cards; `jam` leaves it jammed (later presses are ignored until the lid is cycled); it records
 * every call.
 */
class ScriptedLauncher implements SyncLauncher {
  supply: CardId[] = [];
  jammed = false;
  calls: string[] = [];
  constructor(private script: Array<{ n: number; jam?: boolean; dead?: boolean; halfOut?: boolean }>) {}
  get supplyCount() { return this.supply.length; }
  pressSync(): PressResult {
    if (this.jammed) return this.log(ignoredResult('jammed'), 'press(ignored)');
    const step = this.script.shift() ?? { n: 0 };
    if (step.dead) return this.log(ignoredResult('battery-dead'), 'press(dead)');
    const cards = this.supply.slice(0, step.n);
    this.supply = this.supply.slice(step.n);
    this.jammed = !!step.jam;
    const r = { ...ignoredResult('off'), ignored: undefined, dinged: true, fired: step.n > 0, cards, jam: !!step.jam, halfOut: !!step.halfOut };
    return this.log(r, `press(${step.n}${step.jam ? ',jam' : ''})`);
  }
  private log(r: PressResult, what: string): PressResult { this.calls.push(what); return r; }
  aimSync(seat: number) { this.calls.push(`aim(${seat})`); }
  loadSync(cards: readonly CardId[]) { this.calls.push(`load(${cards.length})`); this.supply = this.supply.concat(cards); }
  clearJamSync() { this.calls.push('clearJam'); this.jammed = false; }
  press = async () => this.pressSync();
  aim = async (s: number) => this.aimSync(s);
  load = async (c: readonly CardId[]) => this.loadSync(c);
  clearJam = async () => this.clearJamSync();
}

/** A bot table that always presses (never plays): the runner's launcher side in isolation. */
const pressers = (n: number) => Array.from({ length: n }, () => ({
  name: 'presser',
  choose: (_s: unknown, _seat: number, moves: readonly import('../../game/state.ts').Move[]) => moves.find((m) => m.type === 'press') ?? moves[0],
  react: () => null,
}));

describe('runner', () => {
  it('loads the supply at the deal, aims at whoever must press, clears a jam after the press that jammed', () => {
    const s = fixture({ hands: ['R5 R7', 'G2 G3'], top: 'B3', supply: 'R1 R2 R3 R4 R5 R6' });
    const l = new ScriptedLauncher([{ n: 2, jam: true }, { n: 0 }, { n: 4 }]);
    let steps = 0;
    expect(() => runRoundSync(s, l, pressers(2), { maxMoves: 6, onStep: (st) => {
      steps++;
      expect(sameCards(l.supply, st.supply)).toBe(true);
    } })).toThrow(/did not end after 6 moves/);
    expect(l.calls.slice(0, 8)).toEqual(['load(6)', 'aim(0)', 'press(2,jam)', 'clearJam', 'aim(1)', 'press(0)', 'aim(0)', 'press(4)']);
    expect(steps).toBe(6);
  });
  it('a press ignored because of a jam is pressed again after clearing it; a dead launcher stops the round', () => {
    const s = fixture({ hands: ['R5 R7', 'G2 G3'], top: 'B3', supply: 'R1 R2' });
    const l = new ScriptedLauncher([{ n: 1 }]);
    l.loadSync(s.supply);
    l.jammed = true;
    expect(() => runRoundSync(s, l, pressers(2), { maxMoves: 2 })).toThrow(/did not end/);
    expect(l.calls.slice(0, 5)).toEqual(['load(2)', 'aim(0)', 'press(ignored)', 'clearJam', 'press(1)']);
    const dead = new ScriptedLauncher([{ n: 0, dead: true }]);
    expect(() => runRoundSync(s, dead, pressers(2))).toThrow('the launcher ignored a press (battery-dead)');
  });
  it("a card the launcher left half out goes to the presser: the move says it, the save keeps it", () => {
    const s = fixture({
      hands: ['R5 R7', 'G2 G3', 'B1 B2'], top: 'B3', supply: 'R1 R2 R3 R4',
      pending: { kind: 'press', seat: 0, aimAt: 2, remaining: 1, untilCards: false, queue: [], reason: 'coupExtreme', then: { turn: 1 } },
    });
    const l = new ScriptedLauncher([{ n: 3, halfOut: true }]);
    const moves: unknown[] = [];
    let after: GameState | null = null;
    expect(() => runRoundSync(s, l, pressers(3), { maxMoves: 1, onStep: (st, m) => { moves.push(m); after ??= structuredClone(st); } })).toThrow(/did not end/);
    expect(moves[0]).toEqual({ type: 'launcher', seat: 0, cards: ['R1#1', 'R2#1', 'R3#1'], fired: true, halfOut: 1 });
    expect(after!.hands[2]).toEqual(['B1#1', 'B2#1', 'R1#1', 'R2#1']);
    expect(after!.hands[0]).toEqual(['R5#1', 'R7#1', 'R3#1']);
  });
  it('reloads the launcher on the game’s reload events', () => {
    const s = fixture({ hands: ['R5 R7', 'G2 G3'], top: 'B3', under: 'Y1 Y2 Y3', supply: 'R1' });
    const l = new ScriptedLauncher([{ n: 1 }, { n: 2 }]);
    // Checked after each move, reported after the round: the round ends by its move limit, and an
    // expectation failing inside onStep would be taken for that error.
    const apart: number[] = [];
    let steps = 0;
    const onStep = (st: GameState) => {
      steps++;
      if (!sameCards(l.supply, st.supply)) apart.push(steps);
    };
    expect(() => runRoundSync(s, l, pressers(2), { maxMoves: 4, onStep })).toThrow(/did not end after 4 moves/);
    expect(l.calls).toContain(`load(${s.discard.length - 1})`);
    expect(steps).toBe(4);
    expect(apart).toEqual([]);
  });
  it('refuses a launcher that holds other cards, and needs one for launcher rule sets', () => {
    const s = createGame({ players: 2, seed: 1 });
    const l = new ScriptedLauncher([]);
    l.loadSync(['R1#1']);
    expect(() => runRoundSync(s, l, makeBots(2, 1))).toThrow('the launcher holds 1 cards that are not this round');
    expect(() => runRoundSync(s, null, makeBots(2, 1))).toThrow('pass one');
  });
  it('a real device reports counts: cardsForCount names the cards', () => {
    const s = fixture({ hands: ['R5', 'G2'], top: 'B3', supply: 'R1 R2 R3' });
    expect(cardsForCount(s, 2)).toEqual(['R1#1', 'R2#1']);
    expect(() => cardsForCount(s, 4)).toThrow('the launcher holds 3 cards: 4 cannot have come out');
  });
  it('the async runner gives the same game as the sync one', async () => {
    for (const seed of [1, 2, 3]) {
      const s = createGame({ players: 3, seed });
      const a = runRoundSync(s, new FastLauncher(resolveProfile('seed-0-8'), seed), makeBots(3, seed));
      const b = await runRound(s, new FastLauncher(resolveProfile('seed-0-8'), seed), makeBots(3, seed));
      expect(stateHash(b.state)).toBe(stateHash(a.state));
    }
  });
  it('a round dealt and played in play (dealRound, runRoundIn) ends as createGame and runRoundSync do', () => {
    for (const rules of ['extreme', 'classic']) {
      for (const seed of [1, 2, 3]) {
        const a = runRoundSync(createGame({ rules, players: 4, seed }), new FastLauncher(resolveProfile('seed-0-8'), seed), makeBots(4, seed));
        const b = runRoundIn(dealRound({ rules, players: 4, seed }), new FastLauncher(resolveProfile('seed-0-8'), seed), makeBots(4, seed));
        expect(b.moves).toBe(a.moves);
        expect(stateHash(stateOf(b.round))).toBe(stateHash(a.state));
        expect(roundPoints(b.round)).toEqual(roundPoints(a.state));
      }
    }
  });
  it('sync and async (announcing) play the same games, the start state left and every state handed out kept as they were', async () => {
    const tables = [
      { rules: 'extreme', options: { stacking: true, jumpIn: true, sevenZero: true, twoIdentical: true, reload: { atDiscard: 20 } } },
      { rules: 'classic', options: { stacking: true, stackCross: true, jumpIn: true, sevenZero: true, twoIdentical: true } },
      { rules: 'attack-1999', options: {} },
      { rules: 'extreme-2010', options: {} },
      { rules: 'en-ligne', options: {} },
    ];
    for (const { rules, options } of tables) {
      for (const seed of [1, 2, 3, 4]) {
        // With the move log on: in place, the log grows by push as well.
        const s = createGame({ rules, options, players: 2 + seed, seed });
        const before = JSON.stringify(s);
        const launcher = () => (s.rules.options.launcher ? new FastLauncher(resolveProfile('seed-0-8'), seed) : null);
        // Kept as objects and compared at the end: an event sharing an array the round goes on changing would show.
        const steps: unknown[][] = [[], []];
        const record = (k: number) => (_st: unknown, move: unknown, events: unknown) => steps[k].push([move, events]);
        const a = runRoundSync(s, launcher(), makeBots(2 + seed, seed, ['heuristic', 'random']), { onStep: record(0) });
        expect(JSON.stringify(s)).toBe(before);
        // Announcing: every state handed out stays as it was when the later moves are made on the round.
        const states: [GameState, string][] = [];
        const b = await runRound(s, launcher(), makeBots(2 + seed, seed, ['heuristic', 'random']), {
          onStep: (st, move, events) => {
            record(1)(st, move, events);
            states.push([st, JSON.stringify(st)]);
          },
        });
        for (const [st, json] of states) expect(JSON.stringify(st)).toBe(json);
        expect(JSON.stringify(steps[0])).toBe(JSON.stringify(steps[1]));
        expect(JSON.stringify(a.state)).toBe(JSON.stringify(b.state));
        expect(a.state.log).toHaveLength(a.state.moves);
      }
    }
  });
  it('classic runs without a launcher', () => {
    const { state } = runRoundSync(createGame({ rules: 'classic', players: 4, seed: 9 }), null, makeBots(4, 9));
    expect(state.winner).not.toBeNull();
  });
  it('runs a whole match to the target', () => {
    const m = runMatchSync(createMatch({ players: 3, seed: 11 }), (g) => new FastLauncher(resolveProfile('seed-0-8'), g.round), makeBots(3, 11));
    expect(m.winner).not.toBeNull();
    expect(Math.max(...m.totals)).toBeGreaterThanOrEqual(500);
    expect(m.rounds.at(-1)!.totals).toEqual(m.totals);
    const c = runMatchSync(createMatch({ players: 4, seed: 12, rules: 'classic', options: { scoring: 'challenge', target: 200 } }), () => null, makeBots(4, 12));
    expect(c.out.filter((o) => !o)).toHaveLength(1);
    expect(c.out[c.winner!]).toBe(false);
  });
  it('a bot that observes sees every event, as onStep does, with or without onStep', () => {
    const game = createGame({ rules: 'extreme', players: 3, seed: 5 });
    const launcher = () => new FastLauncher(resolveProfile('seed-0-8'), 5);
    const seen: string[] = [];
    const stepped: string[] = [];
    const watcher = (into: string[]): Bot[] => makeBots(3, 5).map((b, seat) => (seat === 0 ? Object.assign(b, { observe: (_s: GameState, _m: Move | null, events: readonly GameEvent[]) => void into.push(JSON.stringify(events)) }) : b));
    runRoundSync(game, launcher(), watcher(seen));
    runRoundSync(game, launcher(), makeBots(3, 5), { onStep: (_s, _m, events) => void stepped.push(JSON.stringify(events)) });
    // The observer is shown the start too (no events), then each move's events.
    expect(seen.slice(1)).toEqual(stepped);
    expect(stepped.some((e) => e.includes('"type":"play"'))).toBe(true);
  });
  it('a bot that reads states and one that reads rounds choose alike; a round bot choosing a move it was not offered is named', () => {
    const game = createGame({ rules: 'extreme', players: 4, seed: 21 });
    const launcher = () => new FastLauncher(resolveProfile('seed-0-8'), 21);
    // The same heuristic bots through their GameState edge (choose/react with move objects).
    const asStates = makeBots(4, 21).map((b): Bot => ({ name: b.name, choose: (st, seat, moves) => b.choose(st, seat, moves), react: (st, seat, moves) => b.react(st, seat, moves) }));
    const a = runRoundSync(game, launcher(), makeBots(4, 21));
    const b = runRoundSync(game, launcher(), asStates);
    expect(b.state).toEqual(a.state);
    const [bad, ...rest] = makeBots(4, 21);
    const wrong = { ...bad, name: 'wrong', chooseAt: () => 999, reactAt: () => -1 };
    expect(() => runRoundSync(game, launcher(), [wrong, ...rest])).toThrow(/seat 0 \(wrong\) chose move 999, which is not one of its \d+ moves/);
  });
});

describe('determinism', () => {
  it('the same seed gives the same game; golden values for seed 42', () => {
    const run = () => runRoundSync(createGame({ players: 4, seed: 42 }), new FastLauncher(resolveProfile('seed-0-8'), 42), makeBots(4, 42, ['heuristic', 'random', 'heuristic', 'random'])).state;
    const a = run();
    expect(saveGame(run())).toBe(saveGame(a));
    expect({ winner: a.winner, moves: a.moves, hash: stateHash(a) }).toMatchInlineSnapshot(`
      {
        "hash": "0f7b1d6a",
        "moves": 310,
        "winner": 0,
      }
    `);
  });
});

/**
 * A person who decides as `inner` would, through `ask`: every question is recorded in `log`
 * with what the launcher had been asked so far, so a test reads the order of asks and presses.
 */
function personLike(inner: Bot, launcher: ScriptedLauncher | null, log: string[]) {
  const bot: Bot = { name: 'person', interactive: true, choose: () => { throw new Error('asked, not chosen'); }, react: () => null };
  const ask = async (state: GameState, seat: number, moves: readonly Move[], mode: AskMode): Promise<Move | null> => {
    if (launcher) log.push(...launcher.calls.splice(0));
    const p = state.pending;
    log.push(mode === 'press' && p?.kind === 'press' ? `ask press ${p.reason} ${p.remaining}` : `ask ${mode}`);
    if (mode === 'press') return moves[0];
    return mode === 'turn' ? inner.choose(state, seat, moves) : inner.react(state, seat, moves);
  };
  return { bot, ask };
}

describe('a person presses the presses that are theirs', () => {
  const alwaysPress: Bot = pressers(1)[0];
  it('Hit 2 against the person: two asks, each followed by one press; a turn press is not asked again', async () => {
    // Seat 1 plays Hit 2 at seat 2, the person; then it is seat 0's turn, and seat 1 presses (ending the log).
    const s = fixture({ hands: ['R5 R7', 'GH2 G3 G4', 'B1 B2'], top: 'G9', supply: 'R1 R2 R3 R4 R5 R6', turn: 1 });
    const l = new ScriptedLauncher([{ n: 1 }, { n: 2 }, { n: 0 }, { n: 0 }, { n: 0 }]);
    const log: string[] = [];
    const person = personLike(alwaysPress, l, log);
    const hit2: Bot = { name: 'hit2', choose: (_s, _seat, moves) => moves.find((m) => m.type === 'play' && m.card === 'GH2#1') ?? moves.find((m) => m.type === 'press')!, react: () => null };
    await expect(runRound(s, l, [alwaysPress, hit2, person.bot], { ask: person.ask, maxMoves: 9 })).rejects.toThrow(/did not end after 9 moves/);
    log.push(...l.calls.splice(0));
    expect(log).toEqual([
      'load(6)', 'aim(2)',
      'ask press hit2 2', 'press(1)',
      'ask press hit2 1', 'press(2)',
      'aim(0)', 'press(0)', // seat 0, a bot, presses on its turn: nobody is asked
      'aim(1)', 'press(0)', // seat 1 too
      'ask turn', 'aim(2)', 'press(0)', // the person's press move was the press
    ]);
  });
  it('the person’s own Coup Extrême: both presses asked, the launcher facing the target', async () => {
    const s = fixture({ hands: ['CX R7 R8', 'G2', 'B3'], top: 'G9', supply: 'G5 G6 G7' });
    const l = new ScriptedLauncher([{ n: 1 }, { n: 2 }]);
    const log: string[] = [];
    const cx: Bot = { name: 'cx', choose: (_s, _seat, moves) => moves.find((m) => m.type === 'play' && m.target === 2)!, react: () => null };
    const person = personLike(cx, l, log);
    await expect(runRound(s, l, [person.bot, alwaysPress, alwaysPress], { ask: person.ask, maxMoves: 3 })).rejects.toThrow(/did not end/);
    log.push(...l.calls.splice(0));
    expect(log.slice(0, 7)).toEqual(['load(3)', 'ask turn', 'aim(2)', 'ask press coupExtreme 2', 'press(1)', 'ask press coupExtreme 1', 'press(2)']);
  });
  it('an answer other than the press offered stops the round, naming the seat and the reason', async () => {
    const s = fixture({ hands: ['R5 R7', 'GH2 G3', 'B1 B2'], top: 'G9', supply: 'R1 R2 R3', turn: 1 });
    const hit2: Bot = { name: 'hit2', choose: (_s, _seat, moves) => moves[0], react: () => null };
    const person: Bot = { name: 'person', interactive: true, choose: () => { throw new Error('asked'); }, react: () => null };
    const l = new ScriptedLauncher([]);
    await expect(runRound(s, l, [alwaysPress, hit2, person], { ask: async () => null })).rejects.toThrow('seat 2 (person) must press the launcher (hit2), not null');
  });
  it('whole games: each of the person’s presses asked once, the same games as bots alone', async () => {
    let asked = 0;
    const reasons = new Set<string>();
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const s = createGame({ players: 4, seed, options: { stacking: seed % 2 === 0 } });
      const golden = runRoundSync(s, new FastLauncher(resolveProfile('seed-0-8'), seed), makeBots(4, seed)).state;
      const bots = makeBots(4, seed);
      const asks: Array<{ mode: AskMode; seat: number; reason?: string }> = [];
      const person = { ...bots[seed % 4], interactive: true };
      const table = bots.map((b, i) => (i === seed % 4 ? person : b));
      // Each launcher move the person pressed is owed an ask, but the one right after their own turn press.
      let owed = 0;
      let before: { pending: GameState['pending']; last: Move | null } = { pending: s.pending, last: null };
      const { state } = await runRound(s, new FastLauncher(resolveProfile('seed-0-8'), seed), table, {
        ask: async (st, seat, moves, mode) => {
          asks.push({ mode, seat, ...(st.pending?.kind === 'press' ? { reason: st.pending.reason } : {}) });
          if (mode === 'press') return moves[0];
          return mode === 'turn' ? person.choose(st, seat, moves) : person.react(st, seat, moves);
        },
        onStep: (st, move) => {
          const p = before.pending;
          if (move.type === 'launcher' && move.seat === seed % 4 && !(p?.kind === 'press' && p.reason === 'turn' && before.last?.type === 'press')) owed++;
          before = { pending: st.pending, last: move };
        },
      });
      expect(stateHash(state)).toBe(stateHash(golden));
      const pressAsks = asks.filter((a) => a.mode === 'press');
      expect(pressAsks).toHaveLength(owed);
      expect(pressAsks.every((a) => a.seat === seed % 4)).toBe(true);
      asked += pressAsks.length;
      for (const a of pressAsks) reasons.add(a.reason!);
    }
    expect(asked).toBeGreaterThan(10);
    expect([...reasons]).toEqual(expect.arrayContaining(['coupExtreme', 'hit2', 'stack', 'uno']));
  });
});
