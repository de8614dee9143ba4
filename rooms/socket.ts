/**
 * The rooms of `uno-extreme web` over WebSockets (`ws`), at /rooms on the page's own server. The
 * upgrade passes the check the server hands in (cli/http.ts: the page's Host check, and its Origin
 * must be the page's own, so a page elsewhere cannot open a socket to this server in its visitor's
 * name). A message is one JSON object of
 * at most {@link MAX_MESSAGE} bytes; each connection may send {@link BUCKET} messages at once and
 * {@link REFILL_PER_S} a second after, so that one client flooding costs only itself.
 */
import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { ServerMessage } from '../table/roomMessages.ts';
import { said } from '../table/words.ts';
import type { RoomHub } from './hub.ts';
import { enters, parseClientMessage, type RoomClient } from './messages.ts';
import { Refused } from './refused.ts';

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
 * The sockets are pinged a slice at a time, each slice every {@link PING_EVERY_MS}: a ping is a
 * write and its pong a read, and thousands of them in one turn of the event loop held every
 * room's moves behind them.
 */
const PING_SLICES = 16;

/**
 * Bytes a socket may have waiting to be sent before it is closed (its seat kept for its token): a
 * client that does not read (a stalled network, a frozen page) would otherwise hold every view
 * sent to it in the server's memory. A view is some 2 KB; a phone on a slow network lags a few.
 */
export const MAX_BUFFERED = 256 * 1024;

/**
 * Refused tries to enter a room (open, join, take a seat or the table back) one address may make
 * at once, and then one every {@link ENTER_REFILL_MS}, over all its sockets: someone guessing codes
 * is refused at nearly every guess and tries at most 1,200 an hour. A try that enters costs
 * nothing: a family's phones joining, reloading and playing match after match from one address
 * (a laptop with several tabs, a household behind one router) are never told to wait.
 */
export const ENTER_BUCKET = 20;
export const ENTER_REFILL_MS = 3_000;

/** WebSocket close codes (RFC 6455 §7.4.1). */
const POLICY = 1008;

/**
 * An answer to an HTTP request: a status, its headers, and a body (a line of text for the
 * refusals). What the page's server sends (cli/http.ts), and what an upgrade refused here gets.
 */
export interface HttpAnswer {
  status: number;
  headers: Record<string, string | number>;
  body?: Buffer | string;
}

export interface AttachOptions {
  hub: RoomHub;
  /**
   * Whether an upgrade may open a socket (the page's Host check, its Origin: cli/http.ts,
   * upgradeRefusal): the refusal, or null. It may throw on a request it cannot read.
   */
  refusal: (req: IncomingMessage) => HttpAnswer | null;
  /** The clock the buckets refill on, in ms (default: performance.now). */
  now?: () => number;
  /** How often sockets are pinged, ms (default {@link PING_EVERY_MS}). */
  pingEveryMs?: number;
  /** Bytes a socket may have waiting to be sent (default {@link MAX_BUFFERED}). */
  maxBuffered?: number;
}

/** Writes `a` as the HTTP answer to an upgrade refused, and closes the connection. */
function refuseUpgrade(socket: Duplex, a: HttpAnswer): void {
  const body = String(a.body ?? '');
  const head = [`HTTP/1.1 ${a.status} ${STATUS_CODES[a.status] ?? ''}`,
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
  /** The open connections, each in the slice it is pinged with: a new one joins the smallest. */
  const slices = Array.from({ length: PING_SLICES }, () => new Set<Connection>());
  let pinged = 0;
  /** Each address's refused tries to enter a room: tokens left, and when they were last counted. */
  const entering = new Map<string, { tokens: number; last: number }>();
  const triesLeft = (address: string): { tokens: number; last: number } => {
    const t = now();
    const b = entering.get(address) ?? { tokens: ENTER_BUCKET, last: t };
    b.tokens = Math.min(ENTER_BUCKET, b.tokens + (t - b.last) / ENTER_REFILL_MS);
    b.last = t;
    return b;
  };
  const refusedTry = (address: string, b: { tokens: number; last: number }): void => {
    b.tokens -= 1;
    // The map holds addresses refused lately: one whose bucket has filled again is forgotten.
    if (entering.size > 10_000) for (const [a, x] of entering) if (x.tokens + (b.last - x.last) / ENTER_REFILL_MS >= ENTER_BUCKET) entering.delete(a);
    entering.set(address, b);
  };
  const pinging = setInterval(() => {
    for (const c of slices[pinged++ % PING_SLICES]) c.ping();
  }, (o.pingEveryMs ?? PING_EVERY_MS) / PING_SLICES);
  pinging.unref();
  wss.on('close', () => clearInterval(pinging));
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    let refusal: HttpAnswer | null;
    try {
      refusal = o.refusal(req);
    } catch {
      refusal = { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: 'malformed upgrade request\n' };
    }
    if (refusal) return refuseUpgrade(socket, refusal);
    wss.handleUpgrade(req, socket, head, (ws) => {
      const c = new Connection(ws, now, o.maxBuffered ?? MAX_BUFFERED, req.socket.remoteAddress ?? '');
      const slice = slices.reduce((a, b) => (b.size < a.size ? b : a));
      slice.add(c);
      ws.on('pong', () => (c.missed = 0));
      // A message too long is closed on by ws itself (1009, Message Too Big): its frame cannot
      // be skipped to read the next one. ws closes the socket on any error it reports here.
      ws.on('error', () => undefined);
      ws.on('message', (data: RawData, binary: boolean) => {
        if (!c.take()) return;
        try {
          if (binary) throw new Refused(said('room.no.binary'));
          const m = parseClientMessage(data.toString());
          if (!enters(m)) return void o.hub.handle(c, m);
          const tries = triesLeft(c.address);
          if (tries.tokens < 1) throw new Refused(said('room.no.tooManyTries', { s: Math.ceil(ENTER_REFILL_MS / 1000) }));
          if (!o.hub.handle(c, m)) refusedTry(c.address, tries);
        } catch (e) {
          // Whatever went wrong is said to this client alone, and the server goes on serving.
          c.send({ type: 'refused', why: e instanceof Refused ? e.why : said('room.no.failed', { error: (e as Error).message }) });
        }
      });
      ws.on('close', () => {
        slice.delete(c);
        o.hub.leave(c);
      });
    });
  });
  return wss;
}

