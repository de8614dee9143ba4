/**
 * A game night phone's handling of its socket's messages (web/src/room/phoneState.ts), without a
 * browser: joining, a reload taking its seat back with the room's settings kept, a reconnect
 * mid-round, the log sent as the lines added, the refusals that forget a seat, leaving (the shown
 * person's seat alone) and the host's token given to open the table screen here.
 */
import { describe, expect, it } from 'vitest';
import type { RoomSettings, Sent, ServerMessage, TurnTimer } from '../../table/roomMessages.ts';
import type { SeatView } from '../../table/session.ts';
import { said, type Phrase } from '../../table/words.ts';
import { newSlot, phoneHeard, shownSlot, type Slot } from '../../web/src/room/phoneState.ts';

const settings: RoomSettings = { rules: 'extreme', profile: 'seed-0-8', players: 3, bots: 'heuristic', launcher: 'simulated' };
const seats = [{ name: 'Zoé', status: { kind: 'here' } }, { name: 'Tom', status: { kind: 'here' } }, { name: 'Bot 2', status: { kind: 'bot' } }] as const;
const line = (n: number): Phrase => said('event.reshuffle', { n });

/** Seat 0's view at move `moves`, sending the log lines from `from` on (the log starting at `base`). */
function view(o: { moves: number; base: number; from: number; lines: Phrase[]; round?: number; question?: boolean; timer?: TurnTimer }): ServerMessage {
  const v: Sent<SeatView> = {
    seat: 0, names: ['Zoé', 'Tom', 'Bot 2'], hand: ['R5#1', 'B2#1'], handSizes: [2, 5, 5], shownHands: null, discard: ['G7#1'], supplyCount: 80,
    colour: 'green', direction: 1, turn: 0, dealer: 2, pending: null, uno: null, out: [false, false, false], winner: null, round: o.round ?? 0,
    moves: o.moves, totals: [0, 0, 0], phase: 'playing', unoArmed: false, message: null, logBase: o.base, log: { from: o.from, lines: o.lines }, refusals: {},
    question: o.question ? { seat: 0, moves: [{ type: 'draw', seat: 0 }], mode: 'turn', id: o.moves + 1 } : null,
  };
  return { type: 'view', code: 'ABCDEFGH', seats, view: v, launcher: null, ...(o.timer ? { timer: o.timer } : {}) };
}

/** Each message in turn, from `slot`; what each did. */
function run(slot: Slot, ...ms: ServerMessage[]): { slot: Slot | null; heard: ReturnType<typeof phoneHeard>[] } {
  const heard: ReturnType<typeof phoneHeard>[] = [];
  let s: Slot | null = slot;
  for (const m of ms) {
    if (!s) throw new Error(`${m.type} after the slot was forgotten`);
    const h = phoneHeard(s, m);
    heard.push(h);
    s = h.slot;
  }
  return { slot: s, heard };
}

describe("a game night phone's messages", () => {
  it('joining: the seat and its token kept with the room\'s settings, the note cleared; the lobby keeps the settings too', () => {
    const { slot, heard } = run(newSlot(1, 'Zoé', null),
      { type: 'seated', code: 'ABCDEFGH', seat: 0, token: 'tok-zoe', settings },
      { type: 'lobby', code: 'ABCDEFGH', settings, seats });
    expect(heard[0]).toMatchObject({ keep: { name: 'Zoé', token: 'tok-zoe', settings }, note: null });
    expect(heard[1].keep).toEqual({ name: 'Zoé', token: 'tok-zoe', settings });
    expect(slot).toMatchObject({ token: 'tok-zoe', seat: 0, lobby: { settings, seats } });
  });

  it('a reload takes the seat back mid-round: its settings kept as the server says them, never null, and the whole log shown', () => {
    // A slot opened from the seat's hold in storage: its token, no lobby (the game has started).
    const { slot, heard } = run(newSlot(2, 'Zoé', 'tok-zoe'),
      { type: 'seated', code: 'ABCDEFGH', seat: 0, token: 'tok-zoe', settings },
      view({ moves: 12, base: 0, from: 0, lines: [line(1), line(2), line(3)], question: true }));
    expect(heard[0].keep).toEqual({ name: 'Zoé', token: 'tok-zoe', settings });
    expect(heard.some((h) => h.keep && h.keep.settings === null)).toBe(false);
    expect(slot!.game!.view.log).toEqual([line(1), line(2), line(3)]);
    expect(slot!.game!.view.question?.id).toBe(13);
  });

  it('a reconnect: seated again, the game kept until the new socket\'s first view, whose whole log replaces the kept one', () => {
    const before = run(newSlot(3, 'Tom', null),
      { type: 'seated', code: 'ABCDEFGH', seat: 1, token: 'tok-tom', settings },
      view({ moves: 4, base: 0, from: 0, lines: [line(1), line(2)] }),
      view({ moves: 5, base: 0, from: 2, lines: [line(3)] })).slot!;
    expect(before.game!.view.log).toEqual([line(1), line(2), line(3)]);
    // The socket lost; a new one takes the seat back by its token and is sent everything again.
    const after = run({ ...before, open: false },
      { type: 'seated', code: 'ABCDEFGH', seat: 1, token: 'tok-tom', settings });
    expect(after.slot!.game).toBe(before.game);
    expect(after.slot!.refused).toBeNull();
    const whole = run(after.slot!, view({ moves: 7, base: 0, from: 0, lines: [line(1), line(2), line(3), line(4)] })).slot!;
    expect(whole.game!.view.log).toEqual([line(1), line(2), line(3), line(4)]);
  });

  it('the log: the lines added are added; a new round\'s log drops the last round\'s; lines dropped from the front go', () => {
    const first = run(newSlot(4, 'Zoé', 'tok'), view({ moves: 3, base: 10, from: 10, lines: [line(1), line(2)] })).slot!;
    const added = run(first, view({ moves: 4, base: 10, from: 12, lines: [line(3)] }), view({ moves: 4, base: 10, from: 13, lines: [] })).slot!;
    expect(added.game!.view.log).toEqual([line(1), line(2), line(3)]);
    expect(added.game!.view.logBase).toBe(10);
    // The session keeps its last lines: two dropped from the front, one added.
    const trimmed = run(added, view({ moves: 5, base: 12, from: 13, lines: [line(4)] })).slot!;
    expect(trimmed.game!.view.log).toEqual([line(3), line(4)]);
    expect(trimmed.game!.view.logBase).toBe(12);
    // The next round: its log starts after every line said so far.
    const next = run(trimmed, view({ moves: 0, round: 1, base: 14, from: 14, lines: [line(9)] })).slot!;
    expect(next.game!.view.log).toEqual([line(9)]);
    expect(next.game!.view.logBase).toBe(14);
  });

  it('refusals: a join refused is forgotten with its reason; a token the server does not know is dropped; a refusal in the game is shown', () => {
    const taken = said('room.no.nameTaken', { name: 'Zoé' });
    expect(phoneHeard(newSlot(5, 'Zoé', null), { type: 'refused', why: taken })).toEqual({ slot: null, note: taken });
    const gone = said('room.no.notHere', { code: 'ABCDEFGH' });
    expect(phoneHeard(newSlot(6, 'Zoé', 'old-token'), { type: 'refused', why: gone })).toEqual({ slot: null, note: gone, drop: 'old-token' });
    const playing = run(newSlot(7, 'Zoé', null), { type: 'seated', code: 'ABCDEFGH', seat: 0, token: 'tok', settings }, view({ moves: 1, base: 0, from: 0, lines: [] })).slot!;
    const late = said('room.no.movedOn');
    const h = phoneHeard(playing, { type: 'refused', why: late });
    expect(h.slot).toEqual({ ...playing, refused: late });
    expect(h.drop).toBeUndefined();
    expect(h.note).toBeUndefined();
  });

  it('the turn timer comes with each view as the server says it: counted from that view, gone with a view without one', () => {
    const seated = run(newSlot(9, 'Zoé', 'tok-zoe'), { type: 'seated', code: 'ABCDEFGH', seat: 0, token: 'tok-zoe', settings }).slot!;
    const timed = run(seated, view({ moves: 3, base: 0, from: 0, lines: [], question: true, timer: { seat: 0, msLeft: 30_000 } })).slot!;
    expect(timed.game!.timer).toEqual({ seat: 0, msLeft: 30_000 });
    // A reconnect's view says what is left of the same deadline.
    expect(run(timed, view({ moves: 3, base: 0, from: 0, lines: [], question: true, timer: { seat: 0, msLeft: 12_000 } })).slot!.game!.timer).toEqual({ seat: 0, msLeft: 12_000 });
    expect(run(timed, view({ moves: 4, base: 0, from: 0, lines: [] })).slot!.game!.timer).toBeNull();
  });

  it('removed by the host: the seat forgotten here and in storage, the reason shown', () => {
    const seated = run(newSlot(8, 'Tom', null), { type: 'seated', code: 'ABCDEFGH', seat: 1, token: 'tok-tom', settings }).slot!;
    const why = said('room.removed', { who: 'Tom', bot: 'yes' });
    expect(phoneHeard(seated, { type: 'removed', why })).toEqual({ slot: null, note: why, drop: 'tok-tom' });
  });

  it('leaving with several people on one phone: the seat shown is the one that leaves, the others stay held', () => {
    const seated = (id: number, name: string, seat: number, question: boolean) => {
      const v = view({ moves: 3, base: 0, from: 0, lines: [], question });
      if (v.type === 'view') v.view.seat = seat;
      return run(newSlot(id, name, null), { type: 'seated', code: 'ABCDEFGH', seat, token: `tok-${name}`, settings }, v).slot!;
    };
    const zoe = seated(9, 'Zoé', 0, false);
    const tom = seated(10, 'Tom', 1, true);
    // Tom is asked: his hand is the one shown (behind a tap until he reveals it), and his Leave the one offered.
    expect(shownSlot([zoe, tom], null)).toEqual({ shown: tom, hidden: true });
    expect(shownSlot([zoe, tom], tom.id)).toEqual({ shown: tom, hidden: false });
    // Between turns, the one revealed last stays shown.
    const idle = { ...tom, game: { ...tom.game!, view: { ...tom.game!.view, question: null } } };
    expect(shownSlot([zoe, idle], zoe.id)).toEqual({ shown: zoe, hidden: false });
    const why = said('room.left', { who: 'Tom', code: 'ABCDEFGH', bot: 'yes' });
    expect(phoneHeard(tom, { type: 'removed', why })).toEqual({ slot: null, note: why, drop: 'tok-Tom' });
    // Zoé alone on the phone now: her hand is shown without a tap.
    expect(shownSlot([zoe], null)).toEqual({ shown: zoe, hidden: false });
  });

  it("the host's token given: kept for the table screen here, the seat as it was; a refusal of it is the seat's to show", () => {
    const seated = run(newSlot(11, 'Tom', null), { type: 'seated', code: 'ABCDEFGH', seat: 1, token: 'tok-tom', settings }, { type: 'lobby', code: 'ABCDEFGH', settings, seats }).slot!;
    const there = said('room.no.tableThere', { s: 30 });
    const refused = phoneHeard(seated, { type: 'refused', why: there });
    expect(refused).toEqual({ slot: { ...seated, refused: there } });
    expect(phoneHeard(refused.slot!, { type: 'host', code: 'ABCDEFGH', token: 'host-token' })).toEqual({ slot: seated, table: 'host-token' });
  });
});
