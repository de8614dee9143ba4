/**
 * The rooms of `uno-extreme web` over WebSockets (`ws`), at /rooms on the page's own server. The
 * upgrade passes the page's Host check, and its Origin must be the page's own (a page elsewhere
 * cannot open a socket to this server in its visitor's name). A message is one JSON object of
 * at most {@link MAX_MESSAGE} bytes; each connection may send {@link BUCKET} messages at once and
 * {@link REFILL_PER_S} a second after, so that one client flooding costs only itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { parseClientMessage, realClock, Refused, type RoomClient, type RoomClock, type RoomHub, type RoomStore } from '../table/room.ts';
import { ROOMS_PATH, type ServerMessage } from '../table/roomMessages.ts';
import { checkTarget, normalHost, refuse, type Answer } from './web.ts';

/** The largest message a client may send (a move is some 50 bytes, a room's settings some 120). */
export const MAX_MESSAGE = 4096;
/** Messages a connection may send at once. */
export const BUCKET = 20;
/** Messages a connection may send a second, on average. */
export const REFILL_PER_S = 10;
/** Messages dropped in a row (the bucket empty) before the connection is closed. */
export const FLOOD_CLOSE = 200;

/** WebSocket close codes (RFC 6455 §7.4.1). */
const POLICY = 1008;

export interface AttachOptions {
  hub: RoomHub;
  /** The names the server answers to now ({@link ownHosts}). */
  hosts: () => ReadonlySet<string>;
  /** The clock the buckets refill on, in ms (default: performance.now). */
  now?: () => number;
}

/**
 * Whether the upgrade `req` may open a socket: the page's Host check, then its Origin must be
 * http://(the same host). Returns the refusal, or null.
 */
export function upgradeRefusal(req: IncomingMessage, hosts: ReadonlySet<string>): Answer | null {
  const checked = checkTarget(req, hosts);
  if ('status' in checked) return checked;
  if (checked.target.name !== ROOMS_PATH) return refuse(404, `${checked.target.name}: no sockets here (they are at ${ROOMS_PATH})`);
  const origin = req.headers.origin;
  let from: string | null = null;
  try {
    const u = origin ? new URL(origin) : null;
    from = u && u.protocol === 'http:' ? normalHost(u.host) : null;
  } catch {
    from = null;
  }
  if (from !== checked.host) return refuse(403, 'sockets open only from this server\'s own page (its Origin)');
  return null;
}

/** Writes `a` as the HTTP answer to an upgrade refused, and closes the connection. */
function refuseUpgrade(socket: Duplex, a: Answer): void {
  const body = String(a.body ?? '');
  const head = [`HTTP/1.1 ${a.status} ${a.status === 421 ? 'Misdirected Request' : a.status === 403 ? 'Forbidden' : a.status === 404 ? 'Not Found' : 'Bad Request'}`,
    ...Object.entries(a.headers).map(([k, v]) => `${k}: ${v}`), `Content-Length: ${Buffer.byteLength(body)}`, 'Connection: close'];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}

/** A connection's messages: the bucket it sends from, and the room client it is. */
class Connection implements RoomClient {
  private tokens = BUCKET;
  private last: number;
  private dropped = 0;

  constructor(private readonly ws: WebSocket, private readonly now: () => number) {
    this.last = now();
  }

  send(message: ServerMessage): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify(message));
  }

  /** Takes a message's token from the bucket; false when it is empty (the message is dropped). */
  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(BUCKET, this.tokens + ((t - this.last) * REFILL_PER_S) / 1000);
    this.last = t;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      this.dropped = 0;
      return true;
    }
    // Told once a run of drops, so that a flood is not answered by a flood.
    if (this.dropped++ === 0) this.send({ type: 'refused', reason: `too many messages: at most ${REFILL_PER_S} a second; the last ones were dropped` });
    if (this.dropped >= FLOOD_CLOSE) this.ws.close(POLICY, 'too many messages');
    return false;
  }
}

/** Serves the rooms of `hub` on `server`'s upgrades to /rooms; returns the socket server (to close). */
export function attachRooms(server: Server, o: AttachOptions): WebSocketServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE });
  const now = o.now ?? (() => performance.now());
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    let refusal: Answer | null;
    try {
      refusal = upgradeRefusal(req, o.hosts());
    } catch {
      refusal = refuse(400, 'malformed upgrade request');
    }
    if (refusal) return refuseUpgrade(socket, refusal);
    wss.handleUpgrade(req, socket, head, (ws) => {
      const c = new Connection(ws, now);
      // A message too long is closed on by ws itself (1009, Message Too Big): its frame cannot
      // be skipped to read the next one. ws closes the socket on any error it reports here.
      ws.on('error', () => undefined);
      ws.on('message', (data: RawData, binary: boolean) => {
        if (!c.take()) return;
        try {
          if (binary) throw new Refused('messages are text (JSON), not binary');
          o.hub.handle(c, parseClientMessage(data.toString()));
        } catch (e) {
          // Whatever went wrong is said to this client alone, and the server goes on serving.
          c.send({ type: 'refused', reason: e instanceof Refused ? e.message : `the server could not do that: ${(e as Error).message}` });
        }
      });
      ws.on('close', () => o.hub.leave(c));
    });
  });
  return wss;
}

/** How long a room's newest save waits before it is written (the saves made meanwhile replace it). */
export const SAVE_EVERY_MS = 1000;

/** Rooms kept as files: {@link fileRoomStore}. */
export interface FileRoomStore extends RoomStore {
  /** The texts of the rooms kept in the folder. */
  kept(): string[];
  /** Writes every save still waiting; resolves once they are all on disk (a server stopping). */
  flush(): Promise<void>;
}

export interface FileRoomStoreOptions {
  /** The wait before a save is written (default {@link SAVE_EVERY_MS}). */
  everyMs?: number;
  /** The timers the wait runs on (default: the real ones). */
  clock?: Pick<RoomClock, 'setTimeout' | 'clearTimeout'>;
  /** A room's save could not be written (the folder gone, the disk full): said, the earlier file kept. */
  failed?: (code: string, error: Error) => void;
}

/**
 * Rooms kept as files in `dir` (CODE.json), each written whole then moved into place. A room
 * saves after every move; writing each to disk there and then blocked every room's moves for as
 * long as the disk took, so a save waits {@link SAVE_EVERY_MS} for the next ones to replace it,
 * and is written off the event loop, one file at a time, in order. A server stopping writes what
 * waits ({@link FileRoomStore.flush}); one that crashes loses at most that last wait's moves.
 */
export function fileRoomStore(dir: string, o: FileRoomStoreOptions = {}): FileRoomStore {
  const everyMs = o.everyMs ?? SAVE_EVERY_MS;
  const clock = o.clock ?? realClock;
  /** The newest save not yet written, by room. */
  const waiting = new Map<string, string>();
  let timer: unknown = null;
  /** The writing under way (one at a time: a file is never written by two at once). */
  let writing: Promise<void> | null = null;
  const write = async (code: string, text: string) => {
    const file = path.join(dir, `${code}.json`);
    try {
      await mkdir(dir, { recursive: true });
      await writeFile(`${file}.tmp`, text);
      await rename(`${file}.tmp`, file);
    } catch (e) {
      o.failed?.(code, e as Error);
    }
  };
  /** Writes what waits now, once the writing under way (if any) is over; saves made meanwhile wait for the next time. */
  const writeWaiting = (): Promise<void> => {
    clock.clearTimeout(timer);
    timer = null;
    if (writing) return writing;
    const batch = [...waiting];
    waiting.clear();
    writing = (async () => {
      for (const [code, text] of batch) await write(code, text);
      writing = null;
      schedule();
    })();
    return writing;
  };
  // One batch at a time, the next one a wait after: a slow disk makes the saves wait longer, not pile up.
  const schedule = () => {
    if (timer === null && writing === null && waiting.size > 0) timer = clock.setTimeout(() => void writeWaiting(), everyMs);
  };
  return {
    save(code, text) {
      waiting.set(code, text);
      schedule();
    },
    async flush() {
      while (writing || waiting.size > 0) await (writing ?? writeWaiting());
    },
    kept() {
      let names: string[];
      try {
        names = readdirSync(dir).filter((f) => /^[A-Z2-9]+\.json$/.test(f));
      } catch {
        return [];
      }
      return names.map((f) => readFileSync(path.join(dir, f), 'utf8'));
    },
  };
}
