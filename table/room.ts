/**
 * Rooms: friends around one table, each on their own device. A room holds one match session; the
 * host opens it and gets a short code, people join under a name and get a seat and a secret token
 * that takes the seat back on a new connection. Each client is sent only its own view (the table
 * screen: no hand at all); what a client asks that cannot be done is refused to it alone and
 * changes nothing. A seat whose person is gone is waited for, then played by a bot until they come
 * back. The room is kept with its session's save, seats and tokens, and opens again from it.
 *
 * Nothing here knows the transport: a client is anything with `send` (a WebSocket in cli/web.ts,
 * an array in a test).
 */
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { BUILTIN_PROFILES, resolveProfile } from '../emulator/profiles.ts';
import { BOT_KIND_NAMES, createMatch, HOUSE_OPTIONS, parsePlaySave, savedLauncher, type LaterMove, type SavedLauncher, positionalBot, resolveRules, resumedMeta, RULE_SETS, type Bot, type BotKind, type MatchState, type Move, type PlayMeta } from '../game/index.ts';
import type { MachineLauncher } from '../emulator/launcher.ts';
import type { LauncherFactory } from './launcher.ts';
import { LauncherOnTableWatch } from './launcherOnTable.ts';
import { NAME_UNITS, personName } from '../lib/names.ts';
import { unknownKey } from '../lib/untrusted.ts';
import { wallClock, type Clock } from '../lib/wall-clock.ts';
import type { ClientMessage, RoomSeat, RoomSettings, SeatStatus, ServerMessage, TableView } from './roomMessages.ts';
import { MatchSession, type Question, type TableEvent } from './session.ts';
import { searches, SearchSeats, type SearchPort } from './search.ts';

/** Where a client's messages go: a WebSocket, a test's list. */
export interface RoomClient {
  send(message: ServerMessage): void;
  /** Where it connects from (an IP address): rooms are counted per address. */
  readonly address?: string;
}

/**
 * Where rooms are kept (a folder of files, a test's map). Throws when it cannot keep one; a store
 * that writes later (the folder of files) says so itself when it could not.
 */
export interface RoomStore {
  /**
   * Keeps room `code`: its save's text, or how to build it when the store writes it (the room as
   * it is then). `now`: on disk before this returns (a seat removed, whose token must not come
   * back with a crash).
   */
  save(code: string, text: string | (() => string), now?: boolean): void;
  /**
   * Keeps a move of room `code`'s game as it is made, between two saves ({@link journalLine}): a
   * store that has it need write the whole save only seldom, and loses no move to a crash.
   */
  append?(code: string, line: string): void;
  /** Forgets room `code` (deleted: its match over, or unused for long). */
  remove?(code: string): void;
}

/**
 * A move as a room's journal keeps it: its round (0-based), its number in the round (from 1), the
 * move; and the launcher's state and aim after it (a few numbers), where there is a launcher: the
 * game replays from its moves, the launcher goes on from its own state.
 */
interface JournalEntry {
  r: number;
  n: number;
  m: Move;
  l?: SavedLauncher;
  a?: number;
}

/** The journal line of `move`, the `n`th of round `r`, with the launcher as it is after it. */
export function journalLine(r: number, n: number, move: Move, launcher?: { core: SavedLauncher; aim: number }): string {
  return JSON.stringify({ r, n, m: move, ...(launcher ? { l: launcher.core, a: launcher.aim } : {}) } satisfies JournalEntry);
}

/**
 * The moves of `lines` (a journal, oldest first) made after the save `game` (a play save's text)
 * was written: those it holds already are passed over, the rest must follow it one by one. A line
 * that does not read, or a move that does not follow, ends them there (`cut`: said to the room).
 */
export function movesAfter(game: string, lines: readonly string[]): { later: LaterMove[]; cut: boolean; launcher?: { core: SavedLauncher; aim: number } } {
  const rounds = (JSON.parse(game) as { rounds?: unknown[][] }).rounds ?? [];
  let r = rounds.length - 1;
  let n = rounds[r]?.length ?? 0;
  const later: LaterMove[] = [];
  let launcher: { core: SavedLauncher; aim: number } | undefined;
  const done = (cut: boolean) => ({ later, cut, ...(launcher ? { launcher } : {}) });
  for (const line of lines) {
    let e: JournalEntry;
    try {
      e = JSON.parse(line) as JournalEntry;
    } catch {
      return done(true);
    }
    if (!Number.isInteger(e?.r) || !Number.isInteger(e?.n) || typeof e.m !== 'object' || e.m === null) return done(true);
    if (e.r < r || (e.r === r && e.n <= n)) continue;
    if (e.r === r && e.n === n + 1) n++;
    else if (e.r === r + 1 && e.n === 1) [r, n] = [r + 1, 1];
    else return done(true);
    later.push({ round: e.r, move: e.m });
    // Checked as a save's is when the room resumes (checkPlayMeta).
    if (e.l !== undefined && Number.isInteger(e.a)) launcher = { core: e.l, aim: e.a! };
  }
  return done(false);
}

/** A launcher board on the server's machine: one room at a time plays with it. */
export interface RoomBoard {
  /** Its name in messages (`serial:/dev/ttyACM0`). */
  name: string;
  /** Makes a round's launcher on the board (the board outlives it, for the next round and room). */
  makeLauncher: LauncherFactory;
  /** Hears what the board says about itself (noise on its line, a link lost): the room playing with it is told. */
  onNotice?: (listener: (message: string) => void) => () => void;
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

/** Letters for room codes: no 0/O, 1/I/L to misread on a phone. */
const CODE_LETTERS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/**
 * A room's code is all a phone needs to join its lobby, so it is long enough not to be guessed:
 * 31^8 (8.5 × 10^11) codes, tried at most 1,200 an hour from one address (cli/rooms.ts), against
 * a handful of lobbies open at a time. Rooms kept with the 5 letters of earlier versions open
 * again under them.
 */
const CODE_LENGTH = 8;
const OLD_CODE_LENGTH = 5;
/** Rooms open at once that were opened from one address (a family's laptop opens one or two). */
export const ROOMS_PER_ADDRESS = 10;
/** A room nobody is in is deleted this long after its last message when its match is over, or it never started. */
export const DONE_ROOM_MS = 60 * 60_000;
/** Any room nobody is in is deleted this long after its last message. */
export const IDLE_ROOM_MS = 7 * 24 * 60 * 60_000;
/** How often the rooms are looked over for those to delete. */
const SWEEP_EVERY_MS = 10 * 60_000;
/** 128 bits. */
const TOKEN_BYTES = 16;

const DEFAULT_WAIT_MS = 30_000;
/** The pause after a bot's move or a press when the room's settings give none: a move a person can follow. */
export const DEFAULT_PACE_MS = 800;
const MAX_PACE_MS = 5000;

const newToken = () => randomBytes(TOKEN_BYTES).toString('base64url');

/** `a` is `b`, compared in a time that does not say how much of it matched. */
function sameToken(a: string, b: string | null): boolean {
  if (b === null) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A refusal: said to the client that asked, nothing else done. */
export class Refused extends Error {}

/** What a connection is in a room: its table screen (the host), or a person at a seat. */
type Binding = { room: Room; role: 'host' } | { room: Room; role: 'seat'; person: Person };

/** A person's seat: who sits there, their token, their connections, and how long they are waited for. */
interface Person {
  name: string;
  token: string | null;
  removed: boolean;
  clients: Set<RoomClient>;
  /** When the wait for a person whose connections are gone ends (null: here, or past the wait). */
  deadline: number | null;
  timer: unknown;
}

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
    o.board?.onNotice?.((m) => this.boardRoom?.session?.note(m));
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
      if (!board) throw new Refused('this server has no launcher board (start it with uno-extreme web --device serial:PATH): choose the simulated launcher');
      if (!usesLauncher) throw new Refused(`the ${settings.rules} rules draw from a pile: they have no launcher to put on the board`);
      const holder = this.boardRoom;
      if (holder) throw new Refused(`the launcher board ${board.name} is in room ${holder.code} until its match is over: choose the simulated launcher for this room`);
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

  /** Does what `message` from `client` asks, or refuses it to `client` alone with the reason. */
  handle(client: RoomClient, message: ClientMessage): void {
    try {
      this.dispatch(client, message);
    } catch (e) {
      if (!(e instanceof Refused)) throw e;
      client.send({ type: 'refused', reason: e.message });
    }
  }

  private dispatch(client: RoomClient, m: ClientMessage): void {
    const bound = this.bindings.get(client);
    if (m.type === 'create' || m.type === 'table' || m.type === 'join' || m.type === 'resume') {
      if (bound) throw new Refused(`this connection is already in room ${bound.room.code}`);
      if (m.type === 'create') {
        const from = client.address;
        if (from !== undefined && [...this.rooms.values()].filter((r) => r.from === from).length >= ROOMS_PER_ADDRESS)
          throw new Refused(`this device has ${ROOMS_PER_ADDRESS} rooms open here already: play in one of them (a room nobody is in closes an hour after its match)`);
        const code = this.newCode();
        const room = new Room(this, code, this.launcherFor(checkSettings(m.settings), code), newToken(), from);
        if (room.settings.launcher === 'board') this.boardRoom = room;
        this.rooms.set(room.code, room);
        this.bind(client, { room, role: 'host' });
        client.send({ type: 'created', code: room.code, token: room.hostToken });
        room.sendTo(client);
        return;
      }
      const room = this.room(m.code);
      if (m.type === 'table') {
        if (!sameToken(m.token, room.hostToken)) throw notHere(m.code);
        this.bind(client, { room, role: 'host' });
        room.touch();
        room.sendTo(client);
        return;
      }
      const person = m.type === 'join' ? room.join(m.name) : room.personOfToken(m.token);
      this.bind(client, { room, role: 'seat', person });
      room.touch();
      client.send({ type: 'seated', code: room.code, seat: room.seatOf(person), token: person.token!, settings: room.settings });
      room.arrive(person, client);
      return;
    }
    if (!bound) throw new Refused('join a room first (its code and your name)');
    const { room } = bound;
    room.touch();
    switch (m.type) {
      case 'start':
        if (bound.role !== 'host') throw new Refused('only the host starts the game');
        return room.start();
      case 'remove':
        if (bound.role !== 'host') throw new Refused('only the host removes a seat');
        return room.remove(m.seat);
      case 'next':
        return room.next();
      case 'again':
        return room.again();
      case 'move':
      case 'uno':
        if (bound.role !== 'seat') throw new Refused('the table screen has no seat to play');
        const seat = room.seatOf(bound.person);
        return m.type === 'move' ? room.move(seat, m.question, m.choice) : room.uno(seat, m.armed);
    }
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
  }

  /** `client` no longer has a seat (the host removed it). */
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

  private newCode(): string {
    for (;;) {
      const code = Array.from({ length: CODE_LENGTH }, () => CODE_LETTERS[randomInt(CODE_LETTERS.length)]).join('');
      if (!this.rooms.has(code) && !this.withheld.has(code)) return code;
    }
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
      room.resume(launcher ? { ...saved, game: withLauncher(saved.game, launcher) } : saved, later);
    } catch (e) {
      room.close();
      throw e;
    }
    if (onBoard) this.boardRoom = room;
    if (savedAt !== undefined) room.lastActive = Math.min(savedAt, this.clock.now());
    this.rooms.set(room.code, room);
    if (cut) room.session?.note(`This game's last moves were not kept whole: it goes on from move ${room.session?.state.moves ?? 0} of round ${(room.session?.state.round ?? 0) + 1}`);
    if (wanted && !onBoard) room.session?.note(`The launcher board ${this.o.board ? `${this.o.board.name} is in room ${this.boardRoom?.code}` : 'is not on this server now'}: this room plays on with the simulated launcher`);
    return room;
  }

  /** Stops every room's session (the server is stopping: their saves stay). */
  close(): void {
    this.clock.clearTimeout(this.sweeping);
    for (const room of this.rooms.values()) room.close();
  }
}

/** The play save `game` with the launcher's state and aim a journal kept after it (checked with the rest when it is read). */
function withLauncher(game: string, launcher: { core: SavedLauncher; aim: number }): string {
  const file = JSON.parse(game) as { play?: Record<string, unknown> };
  if (file.play) file.play = { ...file.play, launcher: launcher.core, aim: launcher.aim };
  return JSON.stringify(file);
}

/** What a room keeps: its settings, its seats with their tokens, and its session's save. */
interface RoomSave {
  room: 1;
  code: string;
  settings: RoomSettings;
  hostToken: string;
  seats: { name: string; token: string | null; removed: boolean }[];
  game: string;
}

const CODE_FORMAT = new RegExp(`^([${CODE_LETTERS}]{${CODE_LENGTH}}|[${CODE_LETTERS}]{${OLD_CODE_LENGTH}})$`);

/**
 * One refusal for a code that names no room, a room that has started (to one who holds no seat
 * in it) and a token that is not the room's: which of these it was would tell a stranger that a
 * code is a room's.
 */
function notHere(code: unknown): Refused {
  const shown = typeof code === 'string' ? code.trim().toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 16) : '';
  return new Refused(`no room ${shown} is open to you here: check the code on the table screen`);
}
const TOKEN_FORMAT = new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((TOKEN_BYTES * 4) / 3)}}$`);

/** A kept room's text read, every field checked: what another program or a damaged disk wrote is refused, not opened. */
function parseRoomSave(text: string): RoomSave {
  const s = JSON.parse(text) as RoomSave;
  if (s?.room !== 1 || !Array.isArray(s.seats) || typeof s.game !== 'string') throw new Error('this is not a kept room');
  if (typeof s.code !== 'string' || !CODE_FORMAT.test(s.code)) throw new Error('its code is not a room code');
  if (typeof s.hostToken !== 'string' || !TOKEN_FORMAT.test(s.hostToken)) throw new Error('its table token is not one this server makes');
  const seats = s.seats.map((p, i) => {
    if (typeof p !== 'object' || p === null || (p.token !== null && (typeof p.token !== 'string' || !TOKEN_FORMAT.test(p.token))) || typeof p.removed !== 'boolean') throw new Error(`its seat ${i} is not a kept seat`);
    return { name: keptName(p.name), token: p.token, removed: p.removed };
  });
  return { room: 1, code: s.code, hostToken: s.hostToken, seats, game: s.game, settings: checkSettings(s.settings) };
}

function checkSettings(s: RoomSettings): RoomSettings {
  if (typeof s !== 'object' || s === null) throw new Refused('the room needs its settings: rules, profile, players, bots');
  if (typeof s.rules !== 'string' || !Object.hasOwn(RULE_SETS, s.rules)) throw new Refused(`unknown rule set "${String(s.rules)}": use one of ${Object.keys(RULE_SETS).join(', ')}`);
  if (typeof s.profile !== 'string' || !Object.hasOwn(BUILTIN_PROFILES, s.profile)) throw new Refused(`unknown launcher profile "${String(s.profile)}": use one of ${Object.keys(BUILTIN_PROFILES).join(', ')}`);
  if (!Number.isInteger(s.players) || s.players < 2 || s.players > 10) throw new Refused('players must be a whole number from 2 to 10');
  if (!BOT_KIND_NAMES.includes(s.bots)) throw new Refused(`unknown bot "${String(s.bots)}": use one of ${BOT_KIND_NAMES.join(', ')}`);
  if (s.target !== undefined && (!Number.isInteger(s.target) || s.target < 1 || s.target > 100_000)) throw new Refused('the target must be a whole number from 1 to 100000');
  if (s.launcher !== undefined && s.launcher !== 'board' && s.launcher !== 'simulated') throw new Refused(`unknown launcher "${String(s.launcher)}": use board or simulated`);
  if (s.paceMs !== undefined && (!Number.isInteger(s.paceMs) || s.paceMs < 0 || s.paceMs > MAX_PACE_MS)) throw new Refused(`the pace must be a whole number of ms from 0 to ${MAX_PACE_MS}`);
  const options = s.options === undefined ? undefined : houseOptions(s.rules, s.options);
  return {
    rules: s.rules, profile: s.profile, players: s.players, bots: s.bots,
    ...(s.target !== undefined ? { target: s.target } : {}), ...(s.launcher !== undefined ? { launcher: s.launcher } : {}),
    ...(s.paceMs !== undefined ? { paceMs: s.paceMs } : {}), ...(options !== undefined ? { options } : {}),
  };
}

/** A room's house rules (HOUSE_OPTIONS only), checked against its rule set as a game's options are: the ones that are on. */
function houseOptions(rules: string, o: unknown): NonNullable<RoomSettings['options']> {
  if (typeof o !== 'object' || o === null || Array.isArray(o)) throw new Refused('the house rules must be an object of options, e.g. {"stacking": true}');
  const unknown = unknownKey(o, HOUSE_OPTIONS, 'house rule');
  if (unknown) throw new Refused(unknown.message);
  try {
    const resolved = resolveRules(rules, o).options;
    return Object.fromEntries(HOUSE_OPTIONS.filter((k) => k in o && k in resolved).map((k) => [k, resolved[k]]));
  } catch (e) {
    throw new Refused((e as Error).message);
  }
}

/** A name a person joins under ({@link personName}'s rule), or the refusal saying why not. */
function checkName(name: unknown): string {
  const r = personName(name);
  if ('why' in r) throw new Refused(r.why);
  return r.name;
}

/**
 * A kept seat's name: printable and short, as every version's rule was, so that a room kept
 * before the rule changed opens again (its people are already seated under those names).
 */
function keptName(name: unknown): string {
  const n = typeof name === 'string' ? name.trim() : '';
  if (!n || n.length > NAME_UNITS || /\p{Cc}/u.test(n)) throw new Error('a kept seat\'s name is not printable');
  return n;
}

/** One table: the lobby, then its match session. */
export class Room {
  readonly clients = new Set<RoomClient>();
  /** The people's seats, in seat order (the seats after them are bots'). */
  private people: Person[] = [];
  session: MatchSession | null = null;
  /** The bots that play for the people away past the wait, or removed: null, one that thinks in the search pool. */
  private standIns = new Map<number, Bot | null>();
  /** The search bots of the session (its bots' seats, and stand-ins that search). */
  private search: SearchSeats | null = null;
  private flushing = false;
  private closed = false;
  /** The pause after a move under way ({@link pace}): ended at once when the room closes. */
  private pacing: { timer: unknown; end: () => void } | null = null;
  /** The launcher as the table screen and the phones draw it; the presser is whoever the game asks to press. */
  private readonly launcher = new LauncherOnTableWatch(() => {
    const p = this.session?.state.pending;
    return p?.kind === 'press' ? p.seat : undefined;
  }, () => this.changed());

  /**
   * When a person or the table screen last sent something (the hub's clock): a room nobody uses is
   * deleted after a while, though bots may still be playing the seats of people who left.
   */
  lastActive: number;

  constructor(private readonly hub: RoomHub, readonly code: string, readonly settings: RoomSettings, readonly hostToken: string, readonly from?: string) {
    this.lastActive = hub.clock.now();
  }

  /** A message came now. */
  touch(): void {
    this.lastActive = this.hub.clock.now();
  }

  person(seat: number): Person {
    const p = this.people[seat];
    if (!p) throw new Refused(`seat ${seat} is not a person's`);
    return p;
  }

  seatOf(person: Person): number {
    return this.people.indexOf(person);
  }

  join(name: unknown): Person {
    // A started room first: a name refused there would tell a stranger the code is a room's.
    if (this.session) throw notHere(this.code);
    const n = checkName(name);
    if (this.people.length >= this.settings.players) throw new Refused(`room ${this.code} is full (${this.settings.players} seats)`);
    if (this.people.some((p) => p.name.toLowerCase() === n.toLowerCase())) throw new Refused(`someone here is already called ${n}: pick another name`);
    const person: Person = { name: n, token: newToken(), removed: false, clients: new Set(), deadline: null, timer: null };
    this.people.push(person);
    return person;
  }

  personOfToken(token: unknown): Person {
    const p = typeof token === 'string' ? this.people.find((q) => sameToken(token, q.token)) : undefined;
    if (!p) throw notHere(this.code);
    return p;
  }

  /** A connection of `p` came: they are here again, and play their own seat. */
  arrive(p: Person, client: RoomClient): void {
    p.clients.add(client);
    this.hub.clock.clearTimeout(p.timer);
    p.timer = null;
    p.deadline = null;
    this.standIns.delete(this.seatOf(p));
    this.changed();
  }

  /**
   * A connection of `p` went: with none left in a game, they are waited for, then stood in for.
   * In the lobby their seat stays theirs (their token takes it back) until the host removes it.
   */
  depart(p: Person, client: RoomClient): void {
    // A room closed (the server stopping) closes its sockets after: it waits for nobody then.
    if (!p.clients.delete(client) || p.clients.size > 0 || p.removed || this.closed) return;
    if (this.session) this.wait(this.seatOf(p));
    this.changed();
  }

  private wait(seat: number): void {
    const p = this.people[seat];
    p.deadline = this.hub.clock.now() + this.hub.waitMs;
    p.timer = this.hub.clock.setTimeout(() => {
      p.timer = null;
      p.deadline = null;
      this.standIn(seat);
    }, this.hub.waitMs);
  }

  /** A bot plays `seat` from now (until its person comes back, unless removed). */
  private standIn(seat: number): void {
    this.standIns.set(seat, this.standInBot(seat));
    this.changed();
    const q = this.session?.question;
    if (q && q.seat === seat) this.botAnswers(q);
  }

  /** The stand-in of `seat`, seeded as every stand-in is; null when it is made in the search pool, where it thinks. */
  private standInBot(seat: number): Bot | null {
    const seed = `${this.session!.match.setup.seed}/stand-in`;
    if (this.search && searches(this.settings.bots) && this.search.standIn(seat, this.settings.bots, seed)) return null;
    return positionalBot(this.settings.bots, seed, seat);
  }

  private botAnswers(q: Question): void {
    // Answered after the question's own event has reached everyone (never inside it).
    queueMicrotask(() => {
      const s = this.session;
      const bot = this.standIns.get(q.seat);
      if (!s || bot === undefined || s.question !== q) return;
      if (bot === null) {
        // Answered only if the seat is still the stand-in's (its person may have come back meanwhile).
        this.search!.decide(s.state, q.seat, q.moves, q.mode).then(
          (move) => s.question === q && this.standIns.get(q.seat) === null && s.answer(q.seat, move),
          (e: Error) => this.hub.o.failed?.(this.code, e),
        );
        return;
      }
      const move: Move | null = q.mode === 'react' ? bot.react(s.state, q.seat, q.moves) : bot.choose(s.state, q.seat, q.moves);
      s.answer(q.seat, move);
    });
  }

  start(): void {
    if (this.session) throw new Refused('the game has started already');
    if (this.people.length === 0) throw new Refused('nobody has joined yet: share the code first');
    this.newMatch();
  }

  /**
   * A new match in this room once one is over: the same people in the same seats with the same
   * tokens (a phone follows without a scan or a reload), the same settings, a new deal.
   */
  again(): void {
    const s = this.playing();
    if (s.phase !== 'matchOver') throw new Refused('the match is still being played: play again once it is over');
    if (this.settings.launcher === 'board' && !this.hub.claimBoard(this)) throw new Refused('the launcher board is in another room until its match is over: open a new room with the simulated launcher');
    s.stop();
    this.newMatch();
    // Stand-ins for the people still away, seeded from the new match as every stand-in is.
    for (const seat of [...this.standIns.keys()]) this.standIns.set(seat, this.standInBot(seat));
    this.keep(() => this.session!.saveText(), true);
  }

  /** Deals a new match (a new seed) to the people seated, bots in the seats left. */
  private newMatch(): void {
    const { players, bots } = this.settings;
    const names = [...this.people.map((p) => p.name), ...Array.from({ length: players - this.people.length }, (_, i) => `Bot ${this.people.length + i}`)];
    const seed = this.hub.o.seed?.() ?? randomInt(2 ** 31);
    const { target, options } = this.settings;
    const match = createMatch({ rules: resolveRules(this.settings.rules, { ...options, ...(target !== undefined ? { target } : {}) }), players, seed, log: true });
    const meta: PlayMeta = { names, me: 0, people: this.people.map((_, i) => i), bots: [bots], profile: this.settings.profile, launcher: null };
    this.begin(match, meta);
  }

  /** Goes on from a kept room: its seats and tokens as they were, every person away. */
  resume(saved: RoomSave, later: readonly LaterMove[] = []): void {
    this.people = saved.seats.map((s) => ({ name: s.name, token: s.token, removed: s.removed, clients: new Set<RoomClient>(), deadline: null, timer: null }));
    const { match, meta } = parsePlaySave(saved.game, `room ${saved.code}`, later);
    this.begin(match, resumedMeta(match, meta));
    // Written whole at once, its journal's moves in it: the journal (a line of it maybe cut short) is emptied before a move is added.
    this.keep(() => this.session!.saveText(), true);
    for (const [seat, p] of this.people.entries()) {
      if (p.removed) this.standIns.set(seat, this.standInBot(seat));
      else this.wait(seat);
    }
  }

  private begin(match: MatchState, meta: PlayMeta): void {
    const board = this.settings.launcher === 'board' ? this.hub.o.board : undefined;
    const open = this.hub.o.search;
    // Made with the options the session's own bots would have (tableBots'), so a game is the same wherever its bots think.
    this.search = open ? new SearchSeats(meta, match.setup.seed, open, meta.budget ? { budget: meta.budget } : {}) : null;
    const session = new MatchSession({
      match, meta, profile: resolveProfile(this.settings.profile), makeLauncher: board?.makeLauncher ?? this.hub.o.makeLauncher, autosave: true,
      ...(this.search ? { remote: this.search } : {}),
      // Each move goes to the store's journal as it is made (heard), the whole save when the store writes it.
      store: { save: (game) => this.keep(() => game), later: (build) => this.keep(build) },
      afterMove: (move) => this.pace(move),
    });
    this.session = session;
    session.subscribe((e) => this.heard(e));
    session.run().catch((e: Error) => {
      this.hub.releaseBoard(this);
      this.hub.o.failed?.(this.code, e);
    });
    this.changed();
  }

  /**
   * Waits, after a move, for the people to follow it: after a bot's move (a stand-in's too) and
   * after each press of the launcher, not after a person's own move. A burst of the simulated
   * launcher took no time here: the table screen plays it over its length, and the next move
   * waits that long too. Only when moves are sent changes: the moves are the same at any pace.
   */
  private pace(move: Move): Promise<void> {
    const paceMs = this.settings.paceMs ?? DEFAULT_PACE_MS;
    const byPerson = move.type !== 'launcher' && this.people[move.seat] !== undefined && !this.standIns.has(move.seat);
    if (paceMs === 0 || byPerson) return Promise.resolve();
    const simulated = move.type === 'launcher' && this.session?.launcher?.clock ? (this.launcher.snapshot()?.press?.ms ?? 0) : 0;
    return new Promise((done) => {
      const end = () => {
        this.pacing = null;
        done();
      };
      this.pacing = { timer: this.hub.clock.setTimeout(end, paceMs + simulated), end };
    });
  }

  /** Keeps the room, its game as `game()` gives it when the store writes it (at once with `now`). */
  private keep(game: () => string, now = false): void {
    const text = () => JSON.stringify({
      room: 1, code: this.code, settings: this.settings, hostToken: this.hostToken,
      seats: this.people.map((p) => ({ name: p.name, token: p.token, removed: p.removed })), game: game(),
    } satisfies RoomSave);
    this.hub.o.store.save(this.code, text, now);
  }

  private heard(e: TableEvent): void {
    const s = this.session;
    const l = s?.launcher;
    if (e.type === 'moved' && s) this.hub.o.store.append?.(this.code, journalLine(s.state.round, s.state.moves, e.move, l ? { core: savedLauncher(l.core), aim: l.context.aimSeat } : undefined));
    if (e.type === 'launcher') this.follow(e.launcher);
    if (e.type === 'phase' && e.phase === 'matchOver') this.hub.releaseBoard(this);
    if (e.type === 'question' && this.standIns.has(e.question.seat)) this.botAnswers(e.question);
    this.changed();
  }

  /** The round's launcher: drawn for the clients; what a board asks of the people (a reload, a jam) said in the events. */
  private follow(l: MachineLauncher): void {
    this.launcher.follow(l);
    const note = (line: string) => this.session?.note(line);
    l.onAttention(note);
    l.on('offline', () => l.lostForGood === null && note('The launcher went offline: waiting for it to come back'));
    l.on('online', () => note('The launcher is back online'));
  }

  move(seat: number, id: unknown, choice: unknown): void {
    const s = this.playing();
    const q = s.question;
    if (!Number.isInteger(id)) throw new Refused('a move names the question it answers (its number)');
    if (!q || q.id !== id) {
      throw new Refused(q && q.seat === seat ? `that move answers question ${String(id)}, but the game has moved on to question ${q.id}` : 'the game has moved on: that question is no longer asked');
    }
    if (q.seat !== seat) throw new Refused(`it is not your turn: ${s.names[q.seat]} is being asked`);
    if (this.standIns.has(seat)) throw new Refused('a bot is playing this seat');
    if (choice === null) {
      if (q.mode !== 'react') throw new Refused('you must choose one of your moves now');
    } else if (!Number.isInteger(choice) || (choice as number) < 0 || (choice as number) >= q.moves.length) {
      throw new Refused(`choice ${String(choice)} is not one of your ${q.moves.length} moves`);
    }
    if (!s.answer(seat, choice === null ? null : q.moves[choice as number])) throw new Refused('that move was not taken');
  }

  uno(seat: number, armed: unknown): void {
    const s = this.playing();
    if (typeof armed !== 'boolean') throw new Refused('uno takes armed: true or false');
    if (s.phase !== 'playing') throw new Refused('there is no round being played');
    s.armUno(seat, armed);
  }

  next(): void {
    const s = this.playing();
    if (s.phase !== 'roundOver') throw new Refused(s.phase === 'matchOver' ? 'the match is over' : 'the round is still being played');
    s.nextRound();
  }

  remove(seat: unknown): void {
    if (!Number.isInteger(seat)) throw new Refused('remove names a seat number');
    const p = this.person(seat as number);
    if (p.removed) throw new Refused(`${p.name} was removed already`);
    const clients = [...p.clients];
    p.clients.clear();
    if (!this.session) this.people.splice(seat as number, 1);
    else {
      p.removed = true;
      p.token = null;
      this.hub.clock.clearTimeout(p.timer);
      p.deadline = null;
      this.standIn(seat as number);
      this.keep(() => this.session!.saveText(), true);
    }
    for (const c of clients) {
      this.hub.unbind(c);
      c.send({ type: 'removed', reason: `the host took ${p.name}'s seat${this.session ? ': a bot plays it now' : ''}` });
    }
    this.changed();
  }

  private playing(): MatchSession {
    if (!this.session) throw new Refused('the game has not started yet');
    return this.session;
  }

  private status(seat: number): SeatStatus {
    const p = this.people[seat];
    if (!p) return this.session ? { kind: 'bot' } : { kind: 'free' };
    if (p.removed) return { kind: 'removed' };
    if (p.clients.size > 0) return { kind: 'here' };
    if (p.deadline !== null) return { kind: 'away', msLeft: Math.max(0, p.deadline - this.hub.clock.now()) };
    return { kind: 'standIn' };
  }

  seats(): RoomSeat[] {
    const names = this.session?.names ?? Array.from({ length: this.settings.players }, (_, i) => this.people[i]?.name ?? '');
    return names.map((name, seat) => ({ name, status: this.status(seat) }));
  }

  /**
   * Something changed: every client is sent its view once this turn of the event loop is over, so
   * that what one message sets going (a move, the launcher's answer, the next question) goes out
   * as one view, not one per step.
   */
  private changed(): void {
    if (this.flushing) return;
    this.flushing = true;
    setImmediate(() => {
      this.flushing = false;
      const seats = this.seats();
      for (const c of this.clients) this.sendTo(c, seats);
    });
  }

  /** Sends `client` what it may see now. */
  sendTo(client: RoomClient, seats = this.seats()): void {
    const s = this.session;
    const seat = [...this.people.entries()].find(([, p]) => p.clients.has(client))?.[0];
    const m: ServerMessage = !s ? { type: 'lobby', code: this.code, settings: this.settings, seats }
      : seat === undefined ? { type: 'table', code: this.code, seats, view: tableView(s), launcher: this.launcher.snapshot(), settings: this.settings }
      : { type: 'view', code: this.code, seats, view: s.viewOf(seat), launcher: this.launcher.snapshot() };
    this.hub.o.sending?.(this, m);
    client.send(m);
  }

  close(): void {
    this.closed = true;
    this.search?.dispose(new Error('the room closed'));
    for (const p of this.people) this.hub.clock.clearTimeout(p.timer);
    this.session?.stop();
    this.launcher.stop();
    this.hub.releaseBoard(this);
    // The round loop waiting out a pause goes on to find its session stopped, and ends.
    if (this.pacing) {
      this.hub.clock.clearTimeout(this.pacing.timer);
      this.pacing.end();
    }
  }
}

/** The table as everyone may see it: no hand, no question; a card just drawn is its drawer's alone. */
export function tableView(s: MatchSession): TableView {
  const { seat: _seat, hand: _hand, question: _question, unoArmed: _armed, message: _message, ...view } = s.viewOf(0);
  const p = s.state.pending;
  return { ...view, pending: p && p.kind === 'drawn' ? { ...p, card: '' } : view.pending };
}

/**
 * A client's message from its text, or a {@link Refused} saying what is wrong with it: JSON, an
 * object, a known type with its fields of the right kinds (their values are checked where used).
 */
export function parseClientMessage(text: string): ClientMessage {
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch {
    throw new Refused('a message is one JSON object; this one is not JSON');
  }
  if (typeof m !== 'object' || m === null || Array.isArray(m)) throw new Refused('a message is one JSON object');
  const o = m as Record<string, unknown>;
  const str = (k: string) => {
    if (typeof o[k] !== 'string') throw new Refused(`a ${String(o.type)} message needs ${k} (text)`);
  };
  switch (o.type) {
    case 'create':
      if (typeof o.settings !== 'object' || o.settings === null) throw new Refused('a create message needs its settings');
      break;
    case 'table':
    case 'resume':
      str('code');
      str('token');
      break;
    case 'join':
      str('code');
      str('name');
      break;
    case 'move':
      if (typeof o.question !== 'number') throw new Refused('a move message needs question (the number of the question it answers)');
      if (o.choice !== null && typeof o.choice !== 'number') throw new Refused('a move message needs choice (a number, or null to let a chance go)');
      break;
    case 'uno':
      if (typeof o.armed !== 'boolean') throw new Refused('an uno message needs armed (true or false)');
      break;
    case 'remove':
      if (typeof o.seat !== 'number') throw new Refused('a remove message needs seat (a number)');
      break;
    case 'start':
    case 'next':
    case 'again':
      break;
    default:
      throw new Refused(`unknown message type ${JSON.stringify(o.type)}`);
  }
  return o as unknown as ClientMessage;
}

export type { BotKind };
