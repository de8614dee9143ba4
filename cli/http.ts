/**
 * The HTTP side of `uno-extreme web`: what the server answers to a request, from its method, its
 * target and its headers alone (the page's files, compressed as the browser takes them, under a
 * policy that lets the page load nothing from elsewhere), and the names it answers to (a request
 * naming another host is refused: DNS rebinding). The rooms' socket upgrades pass the same check
 * ({@link upgradeRefusal}, handed to rooms/socket.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ROOMS_PATH } from '../table/roomMessages.ts';
import type { HttpAnswer } from '../rooms/socket.ts';
import { hostname, networkInterfaces } from 'node:os';
import path from 'node:path';

/** The content type of each kind of file the page is made of. */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.webmanifest': 'application/manifest+json', '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon',
};

/**
 * What the server serves at a path: a file's bytes (with its compressed forms, made at the build),
 * or bytes made at each request (what changes while it runs).
 */
export type Served = Buffer | { body: Buffer; gzip: Buffer; br: Buffer } | (() => Buffer);

/**
 * Where the page reads the addresses phones on the LAN reach this server at (`{"addresses":
 * ["http://192.168.1.20:8080/"]}`; none without --host, when it listens on loopback only): the
 * table screen of a room shows them, and a page learns them no other way.
 */
export const LAN_PATH = '/lan.json';

/**
 * The encoding to send a file in, of those a request's Accept-Encoding takes (q above 0, RFC
 * 9110 §12.5.3): the one it weighs higher, Brotli at a tie, else none. `*` weighs any not named;
 * `x-gzip` is gzip.
 */
export function encodingFor(rawHeaders: string[]): 'br' | 'gzip' | null {
  const q = new Map<string, number>();
  rawHeaders.forEach((h, i) => {
    if (i % 2 !== 0 || h.toLowerCase() !== 'accept-encoding') return;
    for (const part of rawHeaders[i + 1].split(',')) {
      const [coding, ...params] = part.split(';').map((x) => x.trim().toLowerCase());
      const qv = params.map((x) => /^q\s*=\s*([\d.]+)$/.exec(x)?.[1]).find((x) => x !== undefined);
      if (coding) q.set(coding === 'x-gzip' ? 'gzip' : coding, qv === undefined ? 1 : Number(qv) || 0);
    }
  });
  const weight = (name: string) => (q.has(name) ? q.get(name)! : (q.get('*') ?? 0));
  const [br, gzip] = [weight('br'), weight('gzip')];
  // The coding the browser prefers (Brotli at a tie: the smaller), none when it takes neither.
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : null;
}

/** What the page may load: only itself (no CDN, nothing from elsewhere), and the files it makes (blob:). */
const CSP = "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; media-src 'self' blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

export const refuse = (status: number, line: string, headers: Record<string, string> = {}): HttpAnswer =>
  ({ status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers }, body: `${line}\n` });

/**
 * The path a request target names, or null when it is not one: an origin-form target ("/x?y")
 * or an absolute-form one ("http://host/x", which HTTP/1.1 servers must take, its authority then
 * counting as the Host). Percent escapes are decoded; one that is not UTF-8 makes it malformed.
 */
function targetPath(target: string): { name: string; authority?: string } | null {
  const originForm = target.startsWith('/');
  if (!originForm && !/^https?:\/\//i.test(target)) return null;
  try {
    // Origin-form is read against a fixed base, so "//elsewhere/x" stays a path, not a host.
    const url = new URL(originForm ? `http://x${target}` : target);
    const name = url.pathname === '/' ? '/index.html' : decodeURIComponent(url.pathname);
    return originForm ? { name } : { name, authority: url.host };
  } catch {
    return null;
  }
}

/** "host:port" as a Host header names it, lower case, the port always given (80 when left out). */
export function normalHost(value: string): string | null {
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+?)\.?(?::(\d{1,5}))?$/i.exec(value.trim());
  return m ? `${m[1].toLowerCase()}:${Number(m[2] ?? 80)}` : null;
}

/**
 * The request's target and the host it names ("name:port"), or the refusal when the target is
 * malformed or the Host is not one of `hosts` ("name:port"): a page elsewhere whose name an
 * attacker points at 127.0.0.1 (DNS rebinding) sends its own name, and is refused. Every request
 * passes it, pages and WebSocket upgrades alike.
 */
export function checkTarget(req: { url?: string; rawHeaders: string[] }, hosts: ReadonlySet<string>): HttpAnswer | { target: { name: string }; host: string } {
  const target = targetPath(req.url ?? '');
  if (!target) return refuse(400, 'malformed request target');
  const given = req.rawHeaders.filter((_, i) => i % 2 === 0 && req.rawHeaders[i].toLowerCase() === 'host').length;
  if (given > 1) return refuse(400, 'more than one Host header');
  const host = target.authority ?? req.rawHeaders[req.rawHeaders.findIndex((h, i) => i % 2 === 0 && h.toLowerCase() === 'host') + 1];
  if (host === undefined) return refuse(400, 'no Host header');
  const named = normalHost(host);
  if (!named || !hosts.has(named)) return refuse(421, 'this server answers only to its own address (the one it printed)');
  return { target, host: named };
}

/**
 * What the server says to a request, from its method, target and headers alone. The Host must be
 * one of `hosts` ({@link checkTarget}).
 */
export function answer(req: { method?: string; url?: string; rawHeaders: string[] }, files: ReadonlyMap<string, Served>, hosts: ReadonlySet<string>): HttpAnswer {
  const checked = checkTarget(req, hosts);
  if ('status' in checked) return checked;
  const { target } = checked;
  if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(405, `${req.method} is not served: only GET and HEAD`, { Allow: 'GET, HEAD' });
  const served = files.get(target.name);
  if (!served) return refuse(404, `${target.name}: not part of the game`);
  const encoded = typeof served !== 'function' && !Buffer.isBuffer(served) ? served : null;
  const encoding = encoded ? encodingFor(req.rawHeaders) : null;
  const body = typeof served === 'function' ? served() : Buffer.isBuffer(served) ? served : encoding ? served[encoding] : served.body;
  return {
    status: 200,
    headers: {
      'Content-Type': TYPES[path.extname(target.name)] ?? 'application/octet-stream',
      'Content-Length': body.length,
      // A cache keeps each encoding apart: a browser that takes none is never given Brotli.
      ...(encoded ? { Vary: 'Accept-Encoding' } : {}),
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
      'Content-Security-Policy': CSP,
      'X-Content-Type-Options': 'nosniff',
      // The assets carry a hash of their content in their names; the page itself is always asked again.
      'Cache-Control': target.name.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    },
    body,
  };
}

/**
 * The server's request handler: {@link answer}, and a 500 when answering throws all the same, so
 * that no request, however odd, stops the server for the next one.
 */
export function handler(files: ReadonlyMap<string, Served>, hosts: () => ReadonlySet<string>) {
  return (req: IncomingMessage, res: ServerResponse) => {
    let a: HttpAnswer;
    try {
      a = answer(req, files, hosts());
    } catch {
      a = refuse(500, 'the server could not answer this request');
    }
    res.writeHead(a.status, a.headers).end(req.method === 'HEAD' ? undefined : a.body);
  };
}

/**
 * The names this server answers to ("name:port"): the loopback names and the address it is bound
 * to; when it serves the LAN, this machine's LAN addresses and its name too. Read at each request,
 * so an address the machine gets after the start is taken.
 */
export function ownHosts(port: number, lan: boolean): Set<string> {
  const names = ['localhost', '127.0.0.1', '[::1]', ...(lan ? [...lanAddresses(), hostname().toLowerCase(), `${hostname().toLowerCase()}.local`] : [])];
  return new Set(names.map((n) => `${n}:${port}`));
}

/** This machine's LAN IPv4 addresses (what phones on the network reach it at). */
export function lanAddresses(): string[] {
  return Object.values(networkInterfaces()).flat().filter((i) => i && i.family === 'IPv4' && !i.internal).map((i) => i!.address);
}

/**
 * Whether the upgrade `req` may open a socket: the page's Host check, then its Origin must be
 * http://(the same host). Returns the refusal, or null.
 */
export function upgradeRefusal(req: IncomingMessage, hosts: ReadonlySet<string>): HttpAnswer | null {
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
