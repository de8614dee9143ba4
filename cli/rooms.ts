/**
 * The rooms of `uno-extreme web` over WebSockets (`ws`), at /rooms on the page's own server. The
 * upgrade passes the page's Host check, and its Origin must be the page's own (a page elsewhere
 * cannot open a socket to this server in its visitor's name). A message is one JSON object of
 * at most {@link MAX_MESSAGE} bytes; each connection may send {@link BUCKET} messages at once and
 * {@link REFILL_PER_S} a second after, so that one client flooding costs only itself.
 */
import { appendFileSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, truncateSync, writeFileSync, type Stats } from 'node:fs';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { parseClientMessage, Refused, type RoomClient, type RoomHub, type RoomStore } from '../table/room.ts';
import { ROOMS_PATH, type ServerMessage } from '../table/roomMessages.ts';
import { said } from '../table/words.ts';
import { checkTarget, normalHost, refuse, type Answer } from './http.ts';
import { UserError } from './args.ts';

/** The largest message a client may send (a move is some 50 bytes, a room's settings some 120). */
export const MAX_MESSAGE = 4096;
/** Messages a connection may send at once. */
export const BUCKET = 20;
/** Messages a connection may send a second, on average. */
export const REFILL_PER_S = 10;
/** Messages dropped in a row (the bucket empty) before the connection is closed. */
export const FLOOD_CLOSE = 200;

/**
 * How often each socket is pinged, ms. A socket that has answered none of the last
 * {@link PINGS_MISSED} pings is gone: a phone whose Wi-Fi dropped or whose battery died sends
 * nothing to say so (no FIN, no RST), and its seat would stay "here" with the table waiting on
 * it. Gone, its seat is away, and a bot plays it after the room's wait until its person comes
 * back with its token. One late pong (a slow network, a busy phone) is not enough to drop it.
 */
export const PING_EVERY_MS = 4_000;
export const PINGS_MISSED = 2;

/**
 * Bytes a socket may have waiting to be sent before it is closed (its seat kept for its token): a
 * client that does not read (a stalled network, a frozen page) would otherwise hold every view
 * sent to it in the server's memory. A view is some 2 KB; a phone on a slow network lags a few.
 */
export const MAX_BUFFERED = 256 * 1024;

/**
 * Tries to enter a room (open, join, take a seat or the table back) one address may make at once,
 * and then one every {@link ENTER_REFILL_MS}, over all its sockets: a family's phones each join
 * once, a reload takes its seat back once, and someone guessing codes tries at most 1,200 an hour.
 */
export const ENTER_BUCKET = 20;
export const ENTER_REFILL_MS = 3_000;

/** WebSocket close codes (RFC 6455 §7.4.1). */
const POLICY = 1008;

export interface AttachOptions {
  hub: RoomHub;
  /** The names the server answers to now ({@link ownHosts}). */
  hosts: () => ReadonlySet<string>;
  /** The clock the buckets refill on, in ms (default: performance.now). */
  now?: () => number;
  /** How often sockets are pinged, ms (default {@link PING_EVERY_MS}). */
  pingEveryMs?: number;
  /** Bytes a socket may have waiting to be sent (default {@link MAX_BUFFERED}). */
  maxBuffered?: number;
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
  /** Pings sent since its last answer (0: it has just opened or answered). */
  missed = 0;

  constructor(private readonly ws: WebSocket, private readonly now: () => number, private readonly maxBuffered: number, readonly address: string) {
    this.last = now();
  }

  send(message: ServerMessage): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    // A client that does not read: closed rather than held in memory; its seat waits for its token.
    if (this.ws.bufferedAmount > this.maxBuffered) return void this.ws.terminate();
    this.ws.send(JSON.stringify(message));
  }

  /** Pings it; one that answered none of the last {@link PINGS_MISSED} is gone, and is closed. */
  ping(): void {
    if (this.missed >= PINGS_MISSED) return void this.ws.terminate();
    this.missed++;
    this.ws.ping();
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
    if (this.dropped++ === 0) this.send({ type: 'refused', why: said('room.no.flood', { n: REFILL_PER_S }) });
    if (this.dropped >= FLOOD_CLOSE) this.ws.close(POLICY, 'too many messages');
    return false;
  }
}

/** Serves the rooms of `hub` on `server`'s upgrades to /rooms; returns the socket server (to close). */
export function attachRooms(server: Server, o: AttachOptions): WebSocketServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE });
  const now = o.now ?? (() => performance.now());
  const connections = new Set<Connection>();
  /** Each address's tries to enter a room: tokens left, and when it was last counted. */
  const entering = new Map<string, { tokens: number; last: number }>();
  const mayEnter = (address: string): boolean => {
    const t = now();
    const b = entering.get(address) ?? { tokens: ENTER_BUCKET, last: t };
    b.tokens = Math.min(ENTER_BUCKET, b.tokens + (t - b.last) / ENTER_REFILL_MS);
    b.last = t;
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    // The map holds addresses that tried lately: one whose bucket has filled again is forgotten.
    if (entering.size > 10_000) for (const [a, x] of entering) if (x.tokens + (t - x.last) / ENTER_REFILL_MS >= ENTER_BUCKET) entering.delete(a);
    entering.set(address, b);
    return true;
  };
  const pinging = setInterval(() => {
    for (const c of connections) c.ping();
  }, o.pingEveryMs ?? PING_EVERY_MS);
  pinging.unref();
  wss.on('close', () => clearInterval(pinging));
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    let refusal: Answer | null;
    try {
      refusal = upgradeRefusal(req, o.hosts());
    } catch {
      refusal = refuse(400, 'malformed upgrade request');
    }
    if (refusal) return refuseUpgrade(socket, refusal);
    wss.handleUpgrade(req, socket, head, (ws) => {
      const c = new Connection(ws, now, o.maxBuffered ?? MAX_BUFFERED, req.socket.remoteAddress ?? '');
      connections.add(c);
      ws.on('pong', () => (c.missed = 0));
      // A message too long is closed on by ws itself (1009, Message Too Big): its frame cannot
      // be skipped to read the next one. ws closes the socket on any error it reports here.
      ws.on('error', () => undefined);
      ws.on('message', (data: RawData, binary: boolean) => {
        if (!c.take()) return;
        try {
          if (binary) throw new Refused(said('room.no.binary'));
          const m = parseClientMessage(data.toString());
          if ((m.type === 'create' || m.type === 'join' || m.type === 'resume' || m.type === 'table') && !mayEnter(c.address))
            throw new Refused(said('room.no.tooManyTries', { s: Math.ceil(ENTER_REFILL_MS / 1000) }));
          o.hub.handle(c, m);
        } catch (e) {
          // Whatever went wrong is said to this client alone, and the server goes on serving.
          c.send({ type: 'refused', why: e instanceof Refused ? e.why : said('room.no.failed', { error: (e as Error).message }) });
        }
      });
      ws.on('close', () => {
        connections.delete(c);
        o.hub.leave(c);
      });
    });
  });
  return wss;
}

/** A journal is at least this long (characters) before its room's whole save is written again. */
const JOURNAL_MIN_CHARS = 16 * 1024;

/** A kept room's file larger than this is not a room this program wrote: it is skipped, not read. */
const KEPT_MAX_BYTES = 64 << 20;

/** Rooms kept as files: {@link fileRoomStore}. */
export interface FileRoomStore extends RoomStore {
  /**
   * The rooms kept in the folder: each one's code (its files' name), its whole save, the moves its
   * journal kept since (lines, oldest first), and when it was last written (ms).
   */
  kept(): { code: string; text: string; journal: string[]; savedAt: number }[];
  /** Writes every room's newest save whole (a server stopping). */
  flush(): Promise<void>;
}

export interface FileRoomStoreOptions {
  /**
   * A room's save could not be written (the folder gone or read-only, the disk full): said once
   * until a save of that room is written again, the earlier file kept.
   */
  failed?: (code: string, error: Error) => void;
  /** An entry of the folder that is not a kept room's file (a folder, a FIFO, too large): left as it is. */
  skipped?: (name: string, why: string) => void;
}

/**
 * Rooms kept as files in `dir`: each room's whole save (CODE.json, written whole then renamed into
 * place) and its journal (CODE.journal, a line a move made since: {@link journalLine}). A move
 * costs an append, the same at the match's first move and its thousandth; the whole save, built
 * only then, is written again once the journal has grown past a quarter of it (and at least
 * {@link JOURNAL_MIN_CHARS}): its cost spread over the moves since stays the same per move. A
 * server killed or crashed loses at most the move being made; one stopping writes every save
 * whole.
 */
export function fileRoomStore(dir: string, o: FileRoomStoreOptions = {}): FileRoomStore {
  /** Each room's newest save not yet written whole: its text, or how to build it. */
  const waiting = new Map<string, string | (() => string)>();
  /** Characters in each room's journal since its whole save was last written. */
  const appended = new Map<string, number>();
  /** The length of each room's last whole save, written by this store. */
  const whole = new Map<string, number>();
  /** Rooms whose last write failed (said once until one succeeds). */
  const failing = new Set<string>();
  const journalOf = (code: string) => path.join(dir, `${code}.journal`);
  const fail = (code: string, e: Error) => {
    if (!failing.has(code)) o.failed?.(code, e);
    failing.add(code);
  };
  let made = false;
  const folder = () => {
    if (!made) mkdirSync(dir, { recursive: true, mode: 0o700 });
    made = true;
  };
  /** Writes room `code`'s newest save whole, and empties its journal, whose moves it holds. */
  const writeWhole = (code: string) => {
    const t = waiting.get(code);
    if (t === undefined) return;
    const file = path.join(dir, `${code}.json`);
    try {
      const text = typeof t === 'function' ? t() : t;
      folder();
      // The rooms' tokens are in it: for this user alone.
      writeFileSync(`${file}.tmp`, text, { mode: 0o600 });
      renameSync(`${file}.tmp`, file);
      waiting.delete(code);
      whole.set(code, text.length);
      try {
        truncateSync(journalOf(code), 0);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
      appended.set(code, 0);
      failing.delete(code);
    } catch (e) {
      fail(code, e as Error);
    }
  };
  const due = (code: string) => (appended.get(code) ?? 0) > Math.max(JOURNAL_MIN_CHARS, (whole.get(code) ?? 0) / 4);
  return {
    save(code, text, now = false) {
      waiting.set(code, text);
      // A room's first save is written at once: its journal's moves go after it.
      if (now || !whole.has(code) || due(code)) writeWhole(code);
    },
    append(code, line) {
      try {
        folder();
        appendFileSync(journalOf(code), `${line}\n`, { mode: 0o600 });
        appended.set(code, (appended.get(code) ?? 0) + line.length + 1);
        failing.delete(code);
      } catch (e) {
        fail(code, e as Error);
      }
      if (due(code)) writeWhole(code);
    },
    async flush() {
      for (const code of [...waiting.keys()]) writeWhole(code);
    },
    remove(code) {
      waiting.delete(code);
      appended.delete(code);
      whole.delete(code);
      failing.delete(code);
      try {
        for (const f of [`${code}.json`, `${code}.journal`]) rmSync(path.join(dir, f), { force: true });
      } catch (e) {
        // A folder made read-only, say: the files stay, and the server goes on.
        fail(code, e as Error);
      }
    },
    kept() {
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch {
        return [];
      }
      // Each file's lstat, taken once: it says what may be read and when the room last moved.
      const files = new Map<string, Stats>();
      for (const name of names) {
        if (!/^[A-Z2-9]+\.(json|journal)$/.test(name)) continue;
        const st = lstatSync(path.join(dir, name), { throwIfNoEntry: false });
        // Read only what this program writes: a FIFO would hang the start, a folder throw.
        if (!st?.isFile()) o.skipped?.(name, 'not a file');
        else if (st.size > KEPT_MAX_BYTES) o.skipped?.(name, `larger than ${KEPT_MAX_BYTES >> 20} MiB`);
        else files.set(name, st);
      }
      const codes = new Set([...files.keys()].map((name) => name.slice(0, name.indexOf('.'))));
      const kept: { code: string; text: string; journal: string[]; savedAt: number }[] = [];
      for (const code of [...codes].sort()) {
        const text = readOr(`${code}.json`);
        if (text === null) {
          o.skipped?.(`${code}.journal`, `no ${code}.json to go after`);
          continue;
        }
        const journal = wholeLines(readOr(`${code}.journal`) ?? '');
        // Both were read, so both are in `files`.
        const newest = files.get(`${code}.${journal.length ? 'journal' : 'json'}`)!;
        kept.push({ code, text, journal, savedAt: newest.mtimeMs });
        whole.set(code, text.length);
      }
      return kept;

      function readOr(name: string): string | null {
        if (!files.has(name)) return null;
        try {
          return readFileSync(path.join(dir, name), 'utf8');
        } catch (e) {
          o.skipped?.(name, (e as Error).message);
          return null;
        }
      }
    },
  };
}

/** A journal's lines written whole: the text after its last line end (an append the machine's power cut short) is left out. */
function wholeLines(journal: string): string[] {
  const lines = journal.split('\n');
  lines.pop();
  return lines;
}

/** The file in a rooms folder that says which server keeps it. */
export const ROOMS_LOCK = 'server.lock';

/** A rooms folder held by this server: {@link holdRoomsFolder}. */
export interface RoomsHold {
  /** The server that held it before stopped without letting it go (killed, crashed, the machine off). */
  unclean: boolean;
  /** Says where this server is, for a second one started on the folder to tell its user. */
  serving(url: string): void;
  /** Lets it go (the server stopping cleanly). */
  release(): void;
}

/**
 * Holds the rooms folder `dir` for this server: two servers on one folder would play the same
 * rooms and write over each other's saves. Refused (a {@link UserError}) while the server that
 * holds it runs; a hold left by a server that is gone is taken over, and said (`unclean`).
 */
export function holdRoomsFolder(dir: string): RoomsHold {
  const lock = path.join(dir, ROOMS_LOCK);
  try {
    // Its files hold the rooms' secret tokens: the folder, made here, is for this user alone.
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (e) {
    throw new UserError(`cannot keep rooms in ${dir}: ${(e as Error).message}`);
  }
  let unclean = false;
  for (let tries = 0; ; tries++) {
    try {
      writeFileSync(lock, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST' || tries > 0) {
        throw new UserError(code === 'EEXIST' ? `another server took the rooms folder ${dir} at the same time: start again`
          : `cannot keep rooms in ${dir}: ${(e as Error).message}`);
      }
      const holder = lockHolder(lock);
      if (holder) {
        throw new UserError(`another server (process ${holder.pid}${holder.url ? `, at ${holder.url}` : ''}) holds the rooms in ${dir}: use that one, stop it first, or give this one its own --rooms DIR (if no server runs, remove ${lock})`);
      }
      unclean = true;
      rmSync(lock, { force: true });
    }
  }
  let held = true;
  return {
    unclean,
    serving(url) {
      // Renamed into place: a server starting meanwhile never reads half of it (and takes it for stale).
      try {
        writeFileSync(`${lock}.${process.pid}.tmp`, `${process.pid}\n${url}\n`);
        renameSync(`${lock}.${process.pid}.tmp`, lock);
      } catch {
        // The hold stands without the address: a second server is refused all the same.
      }
    },
    release() {
      // Only this server's: one that took over a hold it thought stale keeps its own.
      try {
        if (held && readFileSync(lock, 'utf8').split('\n')[0] === String(process.pid)) rmSync(lock, { force: true });
      } catch {
        // Gone already.
      }
      held = false;
    },
  };
}

/**
 * The server that holds a rooms folder by its lock file (its process id and address), when it
 * still runs. A process id from before a restart may now be another program's: on Linux its
 * command line must name this one.
 */
function lockHolder(lock: string): { pid: number; url: string | null } | null {
  let pid: number;
  let url: string | null;
  try {
    const st = lstatSync(lock);
    if (!st.isFile() || st.size > 1024) return null;
    const [first, second] = readFileSync(lock, 'utf8').split('\n');
    pid = Number(first);
    url = /^http:\/\/[\w.:[\]-]+\/$/.test(second ?? '') ? second : null;
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
  } catch (e) {
    // EPERM: it runs, as another user.
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes('uno-extreme') ? { pid, url } : null;
  } catch {
    return { pid, url }; // no /proc here: the process id alone
  }
}
