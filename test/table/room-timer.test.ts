/**
 * A room's turn timer (RoomSettings.turnMs) on the room's clock, which moves only when a test
 * says: at zero the seat's stand-in answers the question and the log says so, the person keeps
 * the seat; a move before zero ends it; a reconnect finds the same deadline; off, nobody is timed;
 * chances out of turn are not timed; a kept room opens again with its timer, an older one without.
 */
import { describe, expect, it } from 'vitest';
import { RoomHub, type RoomClient } from '../../rooms/hub.ts';
import type { Room } from '../../rooms/room.ts';
import { parseRoomSave } from '../../rooms/save.ts';
import type { ClientMessage, RoomSettings, ServerMessage } from '../../table/roomMessages.ts';
import type { Question } from '../../table/session.ts';
import { manualClock } from '../manual-clock.ts';
import { choice, english, flushed, hubWith, lastView } from './players.ts';

const TURN_MS = 30_000;
const settings: RoomSettings = { rules: 'extreme', profile: 'seed-0-8', players: 4, bots: 'heuristic', paceMs: 0, turnMs: TURN_MS };

/**
 * A phone or the table screen: keeps what it is sent, and answers its seat's questions as told:
 * every one, only the chances out of turn (its turns left to the timer), or none.
 */
class Device implements RoomClient {
  inbox: ServerMessage[] = [];
  answers: 'all' | 'chances' | 'none' = 'all';
  token = '';
  code = '';
  constructor(private readonly hub: RoomHub) {}
  send(m: ServerMessage): void {
    this.inbox.push(m);
    if (m.type === 'created' || m.type === 'seated') [this.code, this.token] = [m.code, m.token];
    const q = m.type === 'view' ? m.view.question : null;
    if (!q || this.answers === 'none' || (this.answers === 'chances' && q.mode !== 'react')) return;
    queueMicrotask(() => this.hub.handle(this, { type: 'move', question: q.id, choice: choice(q) }));
  }
  say(m: ClientMessage): void {
    this.hub.handle(this, m);
  }
  refusals(): string[] {
    return this.inbox.flatMap((m) => (m.type === 'refused' ? [english(m.why)] : []));
  }
}

/** A room with its table screen and Ana, Ben and Cy seated (the fourth seat a bot's), started: Ben leaves his turns to the timer. */
function startedRoom(hub: RoomHub, s: RoomSettings = settings) {
  const host = new Device(hub);
  host.say({ type: 'create', settings: s });
  const people = ['Ana', 'Ben', 'Cy'].map((name) => {
    const c = new Device(hub);
    c.say({ type: 'join', code: host.code, name });
    return c;
  });
  people[1].answers = 'chances';
  host.say({ type: 'start' });
  return { host, people, room: hub.rooms.get(host.code)! };
}

/** Resolves with the next question of `seat`'s turn (not a chance out of turn) other than `not`, once its views are sent. */
async function turnOf(room: Room, seat: number, not?: Question): Promise<Question> {
  const s = room.session!;
  const mine = (q: Question | null) => q !== null && q !== not && q.seat === seat && q.mode !== 'react';
  if (!mine(s.question)) {
    await new Promise<void>((done) => {
      const off = s.subscribe((e) => e.type === 'question' && mine(e.question) && (off(), done()));
    });
  }
  await flushed();
  return s.question!;
}

/** Resolves once `seat`'s question `q` is answered (by anyone). */
function answered(room: Room, q: Question): Promise<void> {
  return new Promise((done) => {
    const off = room.session!.subscribe((e) => e.type === 'answered' && e.seat === q.seat && room.session!.question !== q && (off(), done()));
  });
}

/** The log's time-up lines, in English. */
const timeUps = (room: Room) => room.session!.lines.filter((p) => 'k' in p && p.k === 'room.note.timeUp').map((p) => english(p, room.session!.names));

describe('the turn timer', () => {
  it('runs out: the stand-in answers, the log says so, the person keeps the seat and plays the next turn', async () => {
    const { clock, advance } = manualClock();
    const hub = hubWith(new Map(), clock);
    const { host, people, room } = startedRoom(hub);
    const q = await turnOf(room, 1);
    // Sent to the table screen and every phone: whose turn is timed, and the ms left now.
    for (const c of [host, ...people]) expect(lastView(c.inbox)!.timer).toEqual({ seat: 1, msLeft: TURN_MS });
    advance(TURN_MS - 1);
    await flushed();
    expect(room.session!.question).toBe(q);
    expect(timeUps(room)).toEqual([]);
    const done = answered(room, q);
    advance(1);
    await done;
    await flushed();
    expect(timeUps(room)).toEqual(["Ben's time ran out: a bot played this turn for them"]);
    expect(room.seats()[1].status).toEqual({ kind: 'here' });
    // Ben's next turn is his own: asked, timed afresh, and his move taken.
    const next = await turnOf(room, 1, q);
    expect(lastView(people[1].inbox)!.timer).toEqual({ seat: 1, msLeft: TURN_MS });
    people[1].say({ type: 'move', question: next.id, choice: choice(next) });
    expect(people[1].refusals()).toEqual([]);
    expect(room.session!.question).not.toBe(next);
    hub.close();
  });

  it('a move before zero ends it: no view carries it on, and the next turn has a whole timer of its own', async () => {
    const { clock, advance } = manualClock();
    const hub = hubWith(new Map(), clock);
    const { host, people, room } = startedRoom(hub);
    const q = await turnOf(room, 1);
    advance(10_000);
    const sent = host.inbox.length;
    people[1].say({ type: 'move', question: q.id, choice: choice(q) });
    const next = await turnOf(room, 1, q);
    // Every view since names a timer started after the move (its whole length left), or none.
    const after = host.inbox.slice(sent).flatMap((m) => (m.type === 'table' ? [m.timer] : []));
    expect(after.length).toBeGreaterThan(0);
    for (const t of after) expect(t === undefined || t.msLeft === TURN_MS, JSON.stringify(t)).toBe(true);
    // Past the first turn's deadline, Ben's next turn still waits for him; its own deadline is 30 s after it was asked.
    advance(TURN_MS - 10_000);
    await flushed();
    expect(room.session!.question).toBe(next);
    expect(timeUps(room)).toEqual([]);
    advance(10_000);
    await flushed();
    expect(timeUps(room)).toEqual(["Ben's time ran out: a bot played this turn for them"]);
    hub.close();
  });

  it('a reconnect keeps the same deadline', async () => {
    const { clock, advance } = manualClock();
    const hub = hubWith(new Map(), clock);
    const { host, people, room } = startedRoom(hub);
    const q = await turnOf(room, 1);
    advance(12_000);
    hub.leave(people[1]);
    const back = new Device(hub);
    back.answers = 'chances';
    back.say({ type: 'resume', code: host.code, token: people[1].token });
    await flushed();
    expect(lastView(back.inbox)!.timer).toEqual({ seat: 1, msLeft: TURN_MS - 12_000 });
    expect(lastView(host.inbox)!.timer).toEqual({ seat: 1, msLeft: TURN_MS - 12_000 });
    advance(TURN_MS - 12_000 - 1);
    await flushed();
    expect(room.session!.question).toBe(q);
    const done = answered(room, q);
    advance(1);
    await done;
    expect(timeUps(room)).toEqual(["Ben's time ran out: a bot played this turn for them"]);
    expect(room.seats()[1].status).toEqual({ kind: 'here' });
    hub.close();
  });

  it('off: nobody is timed, however long a turn takes', async () => {
    const { clock, advance } = manualClock();
    const hub = hubWith(new Map(), clock);
    const { turnMs: _, ...off } = settings;
    const { host, room } = startedRoom(hub, off);
    const q = await turnOf(room, 1);
    expect(lastView(host.inbox)!.timer).toBeUndefined();
    advance(60 * 60_000);
    await flushed();
    expect(room.session!.question).toBe(q);
    expect(timeUps(room)).toEqual([]);
    hub.close();
  });

  it('a chance out of turn is not timed', async () => {
    const { clock, advance } = manualClock();
    const hub = hubWith(new Map(), clock);
    const { host, people, room } = startedRoom(hub);
    // The people's moves are made by hand here, until one of them is offered a chance out of turn.
    for (const p of people) p.answers = 'none';
    let s = room.session!;
    while (s.question?.mode !== 'react') {
      const q = s.question;
      if (q) people[q.seat].say({ type: 'move', question: q.id, choice: choice(q) });
      await new Promise<void>((done) => {
        const off = s.subscribe((e) => e.type === 'question' && (off(), done()));
      });
      s = room.session!;
      if (s.phase !== 'playing') throw new Error('the round ended before a chance out of turn');
    }
    const chance = s.question!;
    await flushed();
    const views = host.inbox.filter((m) => m.type === 'table');
    expect(views.at(-1)!.type === 'table' && views.at(-1)!.timer).toBeUndefined();
    expect(chance.mode).toBe('react');
    // The chance may close meanwhile (a bot's catch wins the race at its delay): never by the timer.
    advance(TURN_MS * 2);
    await flushed();
    expect(timeUps(room)).toEqual([]);
    hub.close();
  });

  it('kept in the room\'s save and there when it opens again; a room kept before it opens with none; a bad one refused', async () => {
    const store = new Map<string, string>();
    const first = manualClock();
    const hub = hubWith(store, first.clock);
    const { host, people, room } = startedRoom(hub, { ...settings, turnMs: 60_000 });
    await turnOf(room, 1);
    hub.close();
    const kept = store.get(host.code)!;
    expect(JSON.parse(kept).settings.turnMs).toBe(60_000);
    const older = JSON.parse(kept) as { settings: Partial<RoomSettings> };
    delete older.settings.turnMs;
    for (const [text, timer] of [[kept, { seat: 1, msLeft: 60_000 }], [JSON.stringify(older), undefined]] as const) {
      const again = hubWith();
      const r = again.restore(text);
      expect(r.settings.turnMs).toBe(timer ? 60_000 : undefined);
      const ben = new Device(again);
      ben.answers = 'none';
      ben.say({ type: 'resume', code: host.code, token: people[1].token });
      await turnOf(r, 1);
      expect(lastView(ben.inbox)!.timer).toEqual(timer);
      again.close();
    }
    const bad = JSON.parse(kept) as { settings: { turnMs: unknown } };
    const refusal = 'the turn timer (turnMs) is a whole number of seconds, in ms from 10000 to 600000, or left out for none';
    for (const turnMs of [5_000, 30_500, 601_000, '30000', null]) {
      bad.settings.turnMs = turnMs;
      expect(() => parseRoomSave(JSON.stringify(bad)), String(turnMs)).toThrow(refusal);
    }
    const opener = new Device(hubWith());
    opener.say({ type: 'create', settings: { ...settings, turnMs: 9_000 } });
    expect(opener.refusals()).toEqual([refusal]);
  });
});
