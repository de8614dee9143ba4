/**
 * A room's socket from the page, and what the page keeps of its rooms. The server's half is
 * rooms/ (the rooms, and their sockets at /rooms: rooms/socket.ts); what they say to each other
 * is table/roomMessages.ts. The secret tokens are kept in this browser's storage only: never in
 * a URL, never on the screen.
 */
import { ROOMS_PATH, type ClientMessage, type RoomSettings, type ServerMessage } from '../../../table/roomMessages.ts';

export { cleanCode } from './code.ts';

/** Where the page's own server takes room sockets. */
export function roomsUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${ROOMS_PATH}`;
}

/** The first wait before connecting again after a connection was lost, ms; it doubles up to {@link RETRY_MAX_MS}. */
const RETRY_MS = 400;
const RETRY_MAX_MS = 5_000;

/**
 * One socket to the room server that comes back by itself: each time it (re)opens it says
 * `hello()` (take the seat back, the table screen back), so a lost connection is a pause, not
 * the end of the game.
 */
export class RoomConnection {
  private ws: WebSocket | null = null;
  private stopped = false;
  private tries = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The socket is open (false while connecting or after a loss). */
  open = false;

  constructor(
    private readonly hello: () => ClientMessage,
    private readonly heard: (m: ServerMessage) => void,
    private readonly changed: () => void,
  ) {
    this.connect();
  }

  private connect(): void {
    const ws = new WebSocket(roomsUrl());
    this.ws = ws;
    ws.onopen = () => {
      this.tries = 0;
      this.open = true;
      ws.send(JSON.stringify(this.hello()));
      this.changed();
    };
    ws.onmessage = (e: MessageEvent) => {
      let m: ServerMessage;
      try {
        m = JSON.parse(String(e.data)) as ServerMessage;
      } catch {
        return; // the server sends JSON only: anything else is not for this page
      }
      this.heard(m);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.open = false;
      this.changed();
      if (this.stopped) return;
      this.timer = setTimeout(() => this.connect(), Math.min(RETRY_MAX_MS, RETRY_MS * 2 ** this.tries++));
    };
  }

  /** Sends `m` now; false when the socket is not open (the person is told it is reconnecting). */
  send(m: ClientMessage): boolean {
    if (!this.open || this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(m));
    return true;
  }

  /** Closes for good (no reconnecting). */
  close(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.ws?.close();
  }
}

/** The storage keys: a room's table token, and the seats this browser holds in a room (hot-seat: several). */
const TABLE_KEY = 'uno-extreme-room-table:';
const SEATS_KEY = 'uno-extreme-room-seats:';

/** The table screen's hold on its room: its token, and the settings it opened it with. */
export interface TableHold {
  token: string;
  settings: RoomSettings | null;
}

/** A seat this browser holds: whose, its token, and the room's settings once seen. */
export interface SeatHold {
  name: string;
  token: string;
  settings: RoomSettings | null;
}

function read<T>(store: Storage, key: string): T | null {
  try {
    return JSON.parse(store.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

export const tableHold = (store: Storage, code: string) => read<TableHold>(store, TABLE_KEY + code);
export const keepTable = (store: Storage, code: string, hold: TableHold) => store.setItem(TABLE_KEY + code, JSON.stringify(hold));

export const seatHolds = (store: Storage, code: string): SeatHold[] => read<SeatHold[]>(store, SEATS_KEY + code) ?? [];

/** Keeps (or replaces: the same token) a seat this browser holds in room `code`. */
export function keepSeat(store: Storage, code: string, hold: SeatHold): void {
  const holds = seatHolds(store, code).filter((h) => h.token !== hold.token);
  store.setItem(SEATS_KEY + code, JSON.stringify([...holds, hold]));
}

/** Forgets a seat (the host took it, or the server no longer knows its token). */
export function dropSeat(store: Storage, code: string, token: string): void {
  const holds = seatHolds(store, code).filter((h) => h.token !== token);
  if (holds.length) store.setItem(SEATS_KEY + code, JSON.stringify(holds));
  else store.removeItem(SEATS_KEY + code);
}

