/**
 * What a room's client may say, one entry a message type: who may send it, its fields read from
 * its JSON object (their kinds checked here, their values where they are used), and what it does.
 * The client's messages' type is made from these entries. Types of the rooms only, and the
 * refusal: the page imports {@link ClientMessage} (through table/roomMessages.ts) without pulling
 * any Node code into its bundle.
 */
import type { RoomSettings, ServerMessage } from '../table/roomMessages.ts';
import { no, Refused } from './refused.ts';

/** Where a client's messages go: a WebSocket, a test's list. */
export interface RoomClient {
  send(message: ServerMessage): void;
  /** Where it connects from (an IP address): rooms are counted per address. */
  readonly address?: string;
}

/** The rooms as the messages that enter one reach them (rooms/hub.ts). */
export interface Lobbies {
  create(client: RoomClient, settings: unknown): void;
  table(client: RoomClient, code: string, token: string): void;
  join(client: RoomClient, code: string, name: string): void;
  resume(client: RoomClient, code: string, token: string): void;
  /** Gives `client`, seated, its room's host token when no table screen is there. */
  giveTable(client: RoomClient): void;
  /** Where `client` is now (a message from it counts as its room's activity). */
  where(client: RoomClient): Where;
}

/** A room as the messages sent in it reach it (rooms/room.ts). */
export interface InRoom {
  start(): void;
  remove(seat: number): void;
  leave(seat: number): void;
  next(): void;
  again(): void;
  move(seat: number, question: number, choice: number | null): void;
  uno(seat: number, armed: boolean): void;
}

/** Where a client is: in no room, at a room's table screen (its host), or at a seat. */
export type Where = null | { room: InRoom; code: string; role: 'host' } | { room: InRoom; code: string; role: 'seat'; seat: number };

/** A message's object, and the refusal for a field of it missing or of another kind. */
interface Read {
  o: Record<string, unknown>;
  needs(field: string): Refused;
}

/** One message type: who may send it, its fields, what it does. */
interface Entry<M> {
  read(r: Read): M;
  run(m: M, hub: Lobbies, client: RoomClient, at: Where): void;
}

/** A message of a connection in no room yet: it enters one. */
const entering = <M>(read: (r: Read) => M, run: (m: M, hub: Lobbies, client: RoomClient) => void): Entry<M> => ({
  read,
  run(m, hub, client, at) {
    if (at) throw no('room.no.already', { code: at.code });
    run(m, hub, client);
  },
});

/** A message of anyone in a room: its table screen or a person at a seat. */
const inside = <M>(read: (r: Read) => M, run: (m: M, room: InRoom) => void): Entry<M> => ({
  read,
  run(m, _hub, _client, at) {
    if (!at) throw no('room.no.joinFirst');
    run(m, at.room);
  },
});

/** A message of a room's host (its table screen). */
const fromHost = <M>(refused: 'room.no.hostStarts' | 'room.no.hostRemoves', read: (r: Read) => M, run: (m: M, room: InRoom) => void): Entry<M> => ({
  read,
  run(m, _hub, _client, at) {
    if (!at) throw no('room.no.joinFirst');
    if (at.role !== 'host') throw no(refused);
    run(m, at.room);
  },
});

/** A message of a person at a seat. */
const fromSeat = <M>(read: (r: Read) => M, run: (m: M, room: InRoom, seat: number, hub: Lobbies, client: RoomClient) => void): Entry<M> => ({
  read,
  run(m, hub, client, at) {
    if (!at) throw no('room.no.joinFirst');
    if (at.role !== 'seat') throw no('room.no.tableNoSeat');
    run(m, at.room, at.seat, hub, client);
  },
});

const text = ({ o, needs }: Read, k: string): string => {
  if (typeof o[k] !== 'string') throw needs(`${k} (text)`);
  return o[k];
};
const nothing = () => ({});

/** Every message a client may send, by its type. */
const MESSAGES = {
  /** Opens a room: the sender becomes its host and its table screen. */
  create: entering((r) => {
    if (typeof r.o.settings !== 'object' || r.o.settings === null) throw r.needs('settings');
    return { settings: r.o.settings as RoomSettings };
  }, (m, hub, client) => hub.create(client, m.settings)),
  /** The host's table screen again (a reload), with the token `created` gave it. */
  table: entering((r) => ({ code: text(r, 'code'), token: text(r, 'token') }), (m, hub, client) => hub.table(client, m.code, m.token)),
  /** Takes a free seat under `name` (before the game starts). */
  join: entering((r) => ({ code: text(r, 'code'), name: text(r, 'name') }), (m, hub, client) => hub.join(client, m.code, m.name)),
  /** Takes back the seat `token` was given for, where the game is. */
  resume: entering((r) => ({ code: text(r, 'code'), token: text(r, 'token') }), (m, hub, client) => hub.resume(client, m.code, m.token)),
  /** The host starts the game: bots take the seats nobody took. */
  start: fromHost('room.no.hostStarts', nothing, (_m, room) => room.start()),
  /**
   * Answers the seat's question numbered `question` with its move at `choice` in the question's
   * moves (null lets a chance out of turn go). A number that is not the question waiting now is
   * a move on a state that has moved on, and refused.
   */
  move: fromSeat(({ o, needs }) => {
    if (typeof o.question !== 'number') throw needs('question (a number)');
    if (o.choice !== null && typeof o.choice !== 'number') throw needs('choice (a number, or null)');
    return { question: o.question, choice: o.choice };
  }, (m, room, seat) => room.move(seat, m.question, m.choice)),
  /** Arms (or disarms) UNO for the seat's next play. */
  uno: fromSeat(({ o, needs }) => {
    if (typeof o.armed !== 'boolean') throw needs('armed (true or false)');
    return { armed: o.armed };
  }, (m, room, seat) => room.uno(seat, m.armed)),
  /** Deals the next round once the scores were read (the host, or any person at the table). */
  next: inside(nothing, (_m, room) => room.next()),
  /** Starts a new match once one is over, in the same room: the same seats, tokens and settings (the host, or any person at the table). */
  again: inside(nothing, (_m, room) => room.again()),
  /** The host takes a seat from its person: a bot plays it from then on (in the lobby: the seat is freed). */
  remove: fromHost('room.no.hostRemoves', ({ o, needs }) => {
    if (typeof o.seat !== 'number') throw needs('seat (a number)');
    return { seat: o.seat };
  }, (m, room) => room.remove(m.seat)),
  /** The person leaves their seat, as the host's remove would take it (in the lobby: the seat is freed); the connection is no longer seated. */
  leave: fromSeat(nothing, (_m, room, seat) => room.leave(seat)),
  /** A person seated asks for the table screen on their device, the room's being gone: they are sent the host's token (`host`). */
  openTable: fromSeat(nothing, (_m, _room, _seat, hub, client) => hub.giveTable(client)),
};

type Messages = typeof MESSAGES;

/** A client's message: one of {@link MESSAGES}, its type and its fields. */
export type ClientMessage = { [K in keyof Messages]: { type: K } & ReturnType<Messages[K]['read']> }[keyof Messages];

/**
 * A client's message from its text, or a {@link Refused} saying what is wrong with it: JSON, an
 * object, a known type with its fields of the right kinds (their values are checked where used).
 */
export function parseClientMessage(raw: string): ClientMessage {
  let m: unknown;
  try {
    m = JSON.parse(raw);
  } catch {
    throw no('room.no.notJson');
  }
  if (typeof m !== 'object' || m === null || Array.isArray(m)) throw no('room.no.notObject');
  const o = m as Record<string, unknown>;
  if (typeof o.type !== 'string' || !Object.hasOwn(MESSAGES, o.type)) throw no('room.no.unknownType', { type: JSON.stringify(o.type) ?? 'undefined' });
  const type = o.type as keyof Messages;
  // What a field is, in the protocol's own terms (a program sends these, never a person).
  const fields = MESSAGES[type].read({ o, needs: (field) => no('room.no.needs', { type, field }) });
  return { type, ...fields } as ClientMessage;
}

/** Whether `m` is a message that enters a room (counted per address: codes are not to be guessed). */
export function enters(m: ClientMessage): boolean {
  return m.type === 'create' || m.type === 'table' || m.type === 'join' || m.type === 'resume';
}

/** Does what `m` from `client` asks, or refuses it to `client` alone with the reason; says whether it was done. */
export function dispatch(hub: Lobbies, client: RoomClient, m: ClientMessage): boolean {
  try {
    const entry = MESSAGES[m.type] as Entry<ClientMessage>;
    entry.run(m, hub, client, hub.where(client));
    return true;
  } catch (e) {
    if (!(e instanceof Refused)) throw e;
    client.send({ type: 'refused', why: e.why });
    return false;
  }
}
