/**
 * Game night's rooms on one server: which room and seat each connection is in, the rooms' codes,
 * the launcher board a room may play with, the rooms opened again after a restart and those
 * deleted once done with. A room (rooms/room.ts) holds one table; what a client may say is
 * rooms/messages.ts, the socket rooms/socket.ts, the folder the rooms are kept in rooms/store.ts.
 *
 * Nothing here knows the transport: a client is anything with `send` (a WebSocket in
 * rooms/socket.ts, an array in a test).
 */
import { RULE_SETS } from '../game/index.ts';
import type { LauncherFactory } from '../table/launcher.ts';
import { said } from '../table/words.ts';
import type { SearchPort } from '../table/search.ts';
import { wallClock, type Clock } from '../lib/wall-clock.ts';
import type { RoomSettings, ServerMessage } from '../table/roomMessages.ts';
import { dispatch, type ClientMessage, type RoomClient, type Where } from './messages.ts';
import { no, notHere, Refused } from './refused.ts';
import { Room, type Person } from './room.ts';
import { movesAfter, withJournal } from '../table/journal.ts';
import { checkSettings, newCode, newToken, parseRoomSave, sameToken } from './save.ts';
import { noticeWords, type NoticeListener } from '../firmware-bridge/notices.ts';

export type { RoomClient } from './messages.ts';

/**
 * Where rooms are kept (a folder of files, a test's map). Throws when it cannot keep one; a store
 * that writes later (the folder of files) says so itself when it could not.
 */
export interface RoomStore {
  /**
   * Keeps room `code`: its save's text, or how to build it when the store writes it (the room as
   * it is then). `now`: written whole before anything given after it, not only when the journal
   * has grown (a seat removed, whose token must not come back with a crash).
   */
  save(code: string, text: string | (() => string), now?: boolean): void;
  /**
   * Keeps a move of room `code`'s game as it is made, between two saves (table/journal.ts): a
   * store that has it need write the whole save only seldom, and loses no move to a crash.
   */
  append?(code: string, line: string): void;
  /**
   * Calls `then` once everything given for room `code` so far is written (at once when nothing
   * waits; a write that failed counts, said as failures are): what the room's clients are shown
   * is kept first, so a server killed loses no move a person saw. A store that writes as it is
   * given (a test's map) has none.
   */
  written?(code: string, then: () => void): void;
  /** Forgets room `code` (deleted: its match over, or unused for long). */
  remove?(code: string): void;
}

/** A launcher board on the server's machine: one room at a time plays with it. */
export interface RoomBoard {
  /** Its name in messages (`serial:/dev/ttyACM0`). */
  name: string;
  /** Makes a round's launcher on the board (the board outlives it, for the next round and room). */
  makeLauncher: LauncherFactory;
  /** Hears what the board says about itself (noise on its line, a link lost): the room playing with it is told. */
  onNotice?: (listener: NoticeListener) => () => void;
}

export interface RoomHubOptions {
  /** Makes the simulated launcher of a round. */
  makeLauncher: LauncherFactory;
  /** The launcher board on this machine, if any (`web --device`). */
  board?: RoomBoard;
  store: RoomStore;
  clock?: Clock;
  /** How long a person whose connection is gone is waited for before a bot plays for them. */
  waitMs?: number;
  /** Each new game's seed (default: a random one, kept in the save like every other). */
  seed?: () => number;
  /** Sees every view as it is sent, with the room it is of (a log; tests check what each holds). */
  sending?: (room: Room, message: ServerMessage) => void;
  /** A session that failed (its launcher, its store): said, and the room stays as it is. */
  failed?: (code: string, error: Error) => void;
  /**
   * Opens a way to a worker for a table's search bots (cli/search-pool.ts): without it they
   * think on the thread that runs the rooms, holding up every other room while they do.
   */
  search?: () => SearchPort;
}

/** Rooms open at once that were opened from one address (a family's laptop opens one or two). */
export const ROOMS_PER_ADDRESS = 10;
/** A room nobody is in is deleted this long after its last message when its match is over, or it never started. */
export const DONE_ROOM_MS = 60 * 60_000;
/** Any room nobody is in is deleted this long after its last message. */
export const IDLE_ROOM_MS = 7 * 24 * 60 * 60_000;
/** How often the rooms are looked over for those to delete. */
const SWEEP_EVERY_MS = 10 * 60_000;

/** How long a person (and a table screen) whose connection is gone is waited for, unless told (`web --away`). */
export const DEFAULT_WAIT_MS = 30_000;

/** What a connection is in a room: its table screen (the host), or a person at a seat. */
type Binding = { room: Room; role: 'host' } | { room: Room; role: 'seat'; person: Person };

/** The rooms of one server, and which room and seat each connection is in. */
export class RoomHub {
  readonly rooms = new Map<string, Room>();
  /** Codes no new room gets ({@link withhold}). */
  private readonly withheld = new Set<string>();
  private readonly bindings = new Map<RoomClient, Binding>();
  readonly clock: Clock;
  readonly waitMs: number;
  /** The room playing with the board, from its opening to the end of its match. */
  private boardRoom: Room | null = null;
  private sweeping: unknown = null;

  constructor(readonly o: RoomHubOptions) {
    this.clock = o.clock ?? wallClock;
    this.waitMs = o.waitMs ?? DEFAULT_WAIT_MS;
    this.sweepLater();
    // Sent as a phrase: each phone and the table screen read it in their own language.
    o.board?.onNotice?.((_english, n) => this.boardRoom?.session?.note(noticeWords(n)));
  }

  /**
   * `settings` with the launcher it gets: the board when asked (or not said, and there is one),
   * claimed for `code`; refused when this server has none or another room has it.
   */
  private launcherFor(settings: RoomSettings, code: string): RoomSettings {
    const board = this.o.board;
    const usesLauncher = RULE_SETS[settings.rules].options.launcher;
    const launcher = settings.launcher ?? (board && usesLauncher ? 'board' : 'simulated');
    if (launcher === 'board') {
      if (!board) throw no('room.no.noBoard');
      if (!usesLauncher) throw no('room.no.pileRules', { rules: settings.rules });
      const holder = this.boardRoom;
      if (holder) throw no('room.no.boardTaken', { board: board.name, code: holder.code });
    }
    return { ...settings, launcher };
  }

  /** Gives `room` the board for a new match, if it is not another room's; says whether it has it. */
  claimBoard(room: Room): boolean {
    if (this.boardRoom !== null && this.boardRoom !== room) return false;
    this.boardRoom = room;
    return true;
  }

  /** `room` is done with the board (its match is over, or it closed). */
  releaseBoard(room: Room): void {
    if (this.boardRoom === room) this.boardRoom = null;
  }

  /** Does what `message` from `client` asks, or refuses it to `client` alone with the reason (rooms/messages.ts); says whether it was done. */
  handle(client: RoomClient, message: ClientMessage): boolean {
    return dispatch(this, client, message);
  }

  /** Where `client` is: in no room, at a room's table screen, or at a seat. */
  where(client: RoomClient): Where {
    const b = this.bindings.get(client);
    if (!b) return null;
    b.room.touch();
    return b.role === 'host' ? { room: b.room, role: 'host', code: b.room.code } : { room: b.room, role: 'seat', code: b.room.code, seat: b.room.seatOf(b.person) };
  }

  /** Opens a room with `settings` (unchecked): `client` is its host and its table screen. */
  create(client: RoomClient, settings: unknown): void {
    const from = client.address;
    if (from !== undefined && [...this.rooms.values()].filter((r) => r.from === from).length >= ROOMS_PER_ADDRESS)
      throw no('room.no.tooManyRooms', { n: ROOMS_PER_ADDRESS });
    const code = newCode((c) => this.rooms.has(c) || this.withheld.has(c));
    const room = new Room(this, code, this.launcherFor(checkSettings(settings as RoomSettings), code), newToken(), from);
    // launcherFor refused a board another room holds: this claim is granted.
    if (room.settings.launcher === 'board') this.claimBoard(room);
    this.rooms.set(room.code, room);
    this.bind(client, { room, role: 'host' });
    client.send({ type: 'created', code: room.code, token: room.hostToken });
    room.sendTo(client);
  }

  /**
   * `client` is room `code`'s table screen, by the token its host was given: the same screen again
   * (a reload, the tab opened again), or another device the table screen moves to. One table
   * screen at a time: the screen it had is told it moved and is in no room from then on. Two
   * would both start, deal and remove seats, and a screen left behind in another room of the
   * house would go on showing the table to whoever passes by.
   */
  table(client: RoomClient, code: string, token: string): void {
    const room = this.room(code);
    if (!sameToken(token, room.hostToken)) throw notHere(code);
    for (const [c, b] of [...this.bindings]) {
      if (b.room !== room || b.role !== 'host') continue;
      this.unbind(c);
      c.send({ type: 'removed', why: said('room.tableMoved') });
    }
    this.bind(client, { room, role: 'host' });
    room.tableGoneAt = null;
    room.touch();
    room.sendTo(client);
  }

  /**
   * Sends `client`, a person seated, its room's host token, for the table screen on their device:
   * the laptop that had it may be shut for good. Only when no table screen has been there for the
   * wait a person is waited for, so that a screen reloading or on a weak network is not taken
   * from its host; a stranger has no seat, and is refused before this.
   */
  giveTable(client: RoomClient): void {
    const { room } = this.bindings.get(client)!;
    const gone = room.tableGoneAt;
    if (gone === null || this.clock.now() - gone < this.waitMs) throw no('room.no.tableThere', { s: Math.ceil(this.waitMs / 1000) });
    client.send({ type: 'host', code: room.code, token: room.hostToken });
  }

  /** `client` takes a free seat of room `code` under `name`. */
  join(client: RoomClient, code: string, name: string): void {
    const room = this.room(code);
    this.seat(client, room, room.join(name));
  }

  /** `client` takes back the seat of room `code` that `token` was given for. */
  resume(client: RoomClient, code: string, token: string): void {
    const room = this.room(code);
    this.seat(client, room, room.personOfToken(token));
  }

  private seat(client: RoomClient, room: Room, person: Person): void {
    this.bind(client, { room, role: 'seat', person });
    room.touch();
    client.send({ type: 'seated', code: room.code, seat: room.seatOf(person), token: person.token!, settings: room.settings });
    room.arrive(person, client);
  }

  private bind(client: RoomClient, b: Binding): void {
    this.bindings.set(client, b);
    b.room.clients.add(client);
  }

  /** `client` is gone (its socket closed): its seat, if it had one, is waited for. */
  leave(client: RoomClient): void {
    const b = this.bindings.get(client);
    if (!b) return;
    this.bindings.delete(client);
    b.room.clients.delete(client);
    if (b.role === 'seat') b.room.depart(b.person, client);
    else if (![...this.bindings.values()].some((o) => o.room === b.room && o.role === 'host')) b.room.tableGoneAt = this.clock.now();
  }

  /** `client` is no longer in its room (its seat was taken or left, its table screen moved). */
  unbind(client: RoomClient): void {
    const b = this.bindings.get(client);
    if (b) b.room.clients.delete(client);
    this.bindings.delete(client);
  }

  private room(code: unknown): Room {
    const room = typeof code === 'string' ? this.rooms.get(code.trim().toUpperCase()) : undefined;
    if (!room) throw notHere(code);
    return room;
  }

  private sweepLater(): void {
    this.sweeping = this.clock.setTimeout(() => {
      this.sweep();
      this.sweepLater();
    }, SWEEP_EVERY_MS);
    // The look-over alone never keeps a server's process running.
    (this.sweeping as { unref?: () => void } | null)?.unref?.();
  }

  /**
   * Deletes the rooms nobody is in that are done with ({@link DONE_ROOM_MS}: their match over, or
   * never started) or unused ({@link IDLE_ROOM_MS}), here and in the store: rooms are not kept
   * forever, in memory or on disk. Returns their codes.
   */
  sweep(): string[] {
    const now = this.clock.now();
    const gone: string[] = [];
    for (const room of [...this.rooms.values()]) {
      if (room.clients.size > 0) continue;
      const idle = now - room.lastActive;
      const done = !room.session || room.session.phase === 'matchOver';
      if (idle < (done ? DONE_ROOM_MS : IDLE_ROOM_MS)) continue;
      room.close();
      this.releaseBoard(room);
      this.rooms.delete(room.code);
      this.o.store.remove?.(room.code);
      gone.push(room.code);
    }
    return gone;
  }

  /**
   * Keeps `code` from every new room: the code of a kept room that could not be opened again,
   * whose file stays as it is (a new room under its code would write over it, and its people's
   * phones would join a stranger's table).
   */
  withhold(code: string): void {
    this.withheld.add(code);
  }

  /**
   * Opens a room again from its kept text (a server restarted): everyone is away until they come
   * back. `code`: the code it is kept under (its file's name), which its text must name.
   */
  restore(text: string, code?: string, savedAt?: number, journal: readonly string[] = []): Room {
    const saved = parseRoomSave(text);
    // The moves its journal kept since the save was written: the game goes on after the last of them.
    const { later, cut, launcher } = movesAfter(saved.game, journal);
    if (code !== undefined && saved.code !== code) throw new Error(`it names room ${saved.code}, not ${code}`);
    if (this.rooms.has(saved.code)) throw new Error(`room ${saved.code} is open already`);
    // A room kept with the board plays on with it when it is here and free, else with the simulated launcher.
    const wanted = saved.settings.launcher === 'board';
    const onBoard = wanted && this.o.board !== undefined && this.boardRoom === null;
    const room = new Room(this, saved.code, wanted && !onBoard ? { ...saved.settings, launcher: 'simulated' } : saved.settings, saved.hostToken);
    // Open only once its game is back: a room whose save does not replay is not left as an empty lobby.
    try {
      room.resume(launcher ? { ...saved, game: withJournal(saved.game, { launcher }, 0) } : saved, later);
    } catch (e) {
      room.close();
      throw e;
    }
    if (onBoard) this.claimBoard(room);
    if (savedAt !== undefined) room.lastActive = Math.min(savedAt, this.clock.now());
    // Its table screen is waited for as from now, as its people are.
    room.tableGoneAt = this.clock.now();
    this.rooms.set(room.code, room);
    if (cut) room.session?.note(said('room.note.cut', { move: room.session?.state.moves ?? 0, round: (room.session?.state.round ?? 0) + 1 }));
    if (wanted && !onBoard) room.session?.note(this.o.board ? said('room.note.boardIn', { board: this.o.board.name, code: this.boardRoom?.code ?? '' }) : said('room.note.noBoard'));
    return room;
  }

  /** Stops every room's session (the server is stopping: their saves stay). */
  close(): void {
    this.clock.clearTimeout(this.sweeping);
    for (const room of this.rooms.values()) room.close();
  }
}
