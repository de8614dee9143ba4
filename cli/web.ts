/**
 * `uno-extreme web`: the browser game. Serves the page Vite builds from web/ (with the engine and
 * the launcher machine in it) from this machine, with no network: nothing comes from a CDN and
 * the page fetches nothing once loaded. The page is built on first use and again whenever its
 * sources are newer than the build, so a fresh clone runs with `npm install && npm start`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { homedir, hostname, networkInterfaces } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MachineLauncher } from '../emulator/launcher.ts';
import type { LauncherHardware } from '../emulator/hardware.ts';
import { onDevice } from '../table/launcher.ts';
import { RoomHub, type RoomBoard } from '../table/room.ts';
import { openDeviceSpec } from './device.ts';
import { intOption, UserError, type Command, type ParsedArgs } from './args.ts';
import { ROOMS_PATH } from '../table/roomMessages.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Where the built page goes (git-ignored). */
export const WEB_DIST = path.join(ROOT, 'web', 'dist');
/**
 * What the page is built from: a change in any of these rebuilds it. Of firmware-bridge, the
 * modules the page bundles and the firmware (its sketch and shipped hex), not the build folders
 * that tests make and remove beside them.
 */
const SOURCES = [
  'web/src', 'web/index.html', 'web/vite.config.ts', 'web/firmware.ts', 'game', 'emulator', 'lib', 'table', 'words', 'cli/play',
  ...readdirSync(path.join(ROOT, 'firmware-bridge')).filter((f) => f.endsWith('.ts')).map((f) => `firmware-bridge/${f}`),
  'firmware-bridge/serial', 'firmware-bridge/avr', 'firmware-bridge/firmware/uno_extreme_launcher', 'firmware-bridge/firmware/uno_extreme_launcher.hex',
].map((p) => path.join(ROOT, p));

function newest(p: string): number {
  const st = statSync(p, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  let t = st.mtimeMs;
  for (const e of readdirSync(p)) t = Math.max(t, newest(path.join(p, e)));
  return t;
}

/** The build is there and no source is newer than it. */
export function pageIsFresh(): boolean {
  const built = statSync(path.join(WEB_DIST, 'index.html'), { throwIfNoEntry: false });
  return !!built && SOURCES.every((s) => newest(s) <= built.mtimeMs);
}

/**
 * Builds the page when it is missing or older than its sources; says so in one line. The build
 * goes to a fresh folder that then takes the place of the old one, so a server reading the old
 * build (another `web` started at the same time) never sees half of one.
 */
export async function ensurePageBuilt(say: (line: string) => void): Promise<void> {
  if (pageIsFresh()) return;
  say('Building the page (web/dist) from its sources…');
  const { build } = await import('vite');
  const tmp = mkdtempSync(path.join(ROOT, 'web', '.dist-'));
  try {
    await build({ configFile: path.join(ROOT, 'web', 'vite.config.ts'), logLevel: 'error', build: { outDir: tmp, emptyOutDir: true } });
    rmSync(WEB_DIST, { recursive: true, force: true });
    renameSync(tmp, WEB_DIST);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon',
};

/** What the server serves at a path: a file's bytes, or bytes made at each request (what changes while it runs). */
export type Served = Buffer | (() => Buffer);

/**
 * Where the page reads the addresses phones on the LAN reach this server at (`{"addresses":
 * ["http://192.168.1.20:8080/"]}`; none without --host, when it listens on loopback only): the
 * table screen of a room shows them, and a page learns them no other way.
 */
export const LAN_PATH = '/lan.json';

/** The page's files, read once: the server answers from memory, whatever happens to web/dist later. */
function readPage(dir: string): Map<string, Served> {
  const files = new Map<string, Served>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else files.set(`/${path.relative(dir, p).split(path.sep).join('/')}`, readFileSync(p));
    }
  };
  walk(dir);
  return files;
}

/** What the page may load: only itself (no CDN, nothing from elsewhere), and the files it makes (blob:). */
const CSP = "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; media-src 'self' blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** An answer to a request: a status, its headers, and a body (a line of text for the refusals). */
export interface Answer {
  status: number;
  headers: Record<string, string | number>;
  body?: Buffer | string;
}

export const refuse = (status: number, line: string, headers: Record<string, string> = {}): Answer =>
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
export function checkTarget(req: { url?: string; rawHeaders: string[] }, hosts: ReadonlySet<string>): Answer | { target: { name: string }; host: string } {
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
export function answer(req: { method?: string; url?: string; rawHeaders: string[] }, files: ReadonlyMap<string, Served>, hosts: ReadonlySet<string>): Answer {
  const checked = checkTarget(req, hosts);
  if ('status' in checked) return checked;
  const { target } = checked;
  if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(405, `${req.method} is not served: only GET and HEAD`, { Allow: 'GET, HEAD' });
  const served = files.get(target.name);
  if (!served) return refuse(404, `${target.name}: not part of the game`);
  const body = typeof served === 'function' ? served() : served;
  return {
    status: 200,
    headers: {
      'Content-Type': TYPES[path.extname(target.name)] ?? 'application/octet-stream',
      'Content-Length': body.length,
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
    let a: Answer;
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

/** Where rooms are kept when --rooms does not say: the user's state folder (XDG). */
function defaultRoomsDir(): string {
  return path.join(process.env.XDG_STATE_HOME || path.join(homedir(), '.local', 'state'), 'uno-extreme', 'rooms');
}

/** The program that opens a URL in the default browser here, or null when there is none. */
function browserOpener(): { cmd: string; args: string[] } | null {
  if (process.platform === 'darwin') return { cmd: 'open', args: [] };
  if (process.platform === 'win32') return { cmd: 'cmd', args: ['/c', 'start', '""'] };
  const onPath = (p: string) => (process.env.PATH ?? '').split(path.delimiter).some((d) => d && existsSync(path.join(d, p)));
  if (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return null;
  return onPath('xdg-open') ? { cmd: 'xdg-open', args: [] } : null;
}

function lanAddresses(): string[] {
  return Object.values(networkInterfaces()).flat().filter((i) => i && i.family === 'IPv4' && !i.internal).map((i) => i!.address);
}

/** The `web` command. */
export const webCommand: Command = {
  name: 'web',
  summary: 'play UNO Extreme in the browser: serves the game on this machine (no network needed)',
  options: {
    port: { type: 'string', value: 'N', help: 'port to serve on (default: a free one, printed)' },
    host: { type: 'boolean', help: 'let other devices on the LAN join (default: this machine only, 127.0.0.1)' },
    open: { type: 'boolean', help: 'open the game in the default browser (where there is one)' },
    json: { type: 'boolean', help: 'print where the game is as one JSON line ({"url", "port", "host"})' },
    rooms: { type: 'string', value: 'DIR', help: `where rooms (games of several devices, sockets at ${ROOMS_PATH}) are kept and opened again after a restart (default: ${defaultRoomsDir()})` },
    device: { type: 'string', value: 'KIND:PATH', help: 'a launcher board on this machine is the launcher of a room (one room at a time, until its match is over; the others play with the simulated one): serial:PATH (this project\'s firmware) or firmata:PATH (StandardFirmata)' },
  },
  examples: [
    'uno-extreme web', 'uno-extreme web --open', 'uno-extreme web --port 8080 --host',
    'uno-extreme web --host --device serial:/dev/ttyACM0   # friends\' phones around the launcher on this laptop',
    'uno-extreme web --host --device firmata:/dev/ttyACM0',
  ],
  async run(args: ParsedArgs): Promise<number> {
    // Every flag is checked before the board is opened; the board before anything is built,
    // served or opened again: a device that cannot be opened leaves every kept room as it was.
    intOption(args, 'port', 0, 0, 65535);
    const json = !!args.values.json;
    const say = (line: string) => (json ? process.stderr : process.stdout).write(`${line}\n`);
    const hw = typeof args.values.device === 'string' ? await openDeviceSpec(args.values.device, { signals: false }) : undefined;
    let closing: Promise<void> | undefined;
    // The motor stopped and the port released: at Ctrl-C or SIGTERM first of all, and whatever else ends the server.
    const closeBoard = () => (closing ??= hw ? hw.close().catch(() => undefined) : Promise.resolve());
    try {
      return await serve(args, say, hw, closeBoard);
    } finally {
      await closeBoard();
    }
  },
};

/** Serves the page and the rooms until Ctrl-C or SIGTERM, then closes the board (`closeBoard`) and writes the rooms' saves. */
async function serve(args: ParsedArgs, say: (line: string) => void, hw: LauncherHardware | undefined, closeBoard: () => Promise<void>): Promise<number> {
  const port = intOption(args, 'port', 0, 0, 65535);
  const host = args.values.host ? '0.0.0.0' : '127.0.0.1';
  const json = !!args.values.json;
  await ensurePageBuilt(say);
  const lan = !!args.values.host;
  let bound = 0;
  const files = readPage(WEB_DIST);
  files.set(LAN_PATH, () => Buffer.from(JSON.stringify({ addresses: lan ? lanAddresses().map((a) => `http://${a}:${bound}/`) : [] })));
  const server = createServer(handler(files, () => ownHosts(bound, lan)));
  // The sockets (and the ws package) are loaded by the command that serves them, not at every start.
  const { attachRooms, fileRoomStore } = await import('./rooms.ts');
  const store = fileRoomStore(typeof args.values.rooms === 'string' ? args.values.rooms : defaultRoomsDir(), {
    failed: (code, e) => {
      say(`Room ${code} cannot be kept (${e.message})`);
      hub.rooms.get(code)?.session?.note(`This game cannot be kept (${e.message})`);
    },
  });
  const hub = new RoomHub({
    store,
    makeLauncher: (start) => {
      // Presses come from the players' moves: the launcher's own button would give cards outside the game.
      const launcher = new MachineLauncher({ ...start, clock: 'simulated', ignoreButton: true });
      return { launcher, dispose: () => launcher.detach() };
    },
    ...(hw ? { board: boardOf(hw) } : {}),
    failed: (code, e) => say(`Room ${code} stopped: ${e.message}`),
  });
  for (const text of store.kept()) {
    try {
      hub.restore(text);
    } catch (e) {
      say(`A kept room could not be opened again: ${(e as Error).message}`);
    }
  }
  const sockets = attachRooms(server, { hub, hosts: () => ownHosts(bound, lan) });
  await new Promise<void>((ok, fail) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      fail(e.code === 'EADDRINUSE' ? new UserError(`port ${port} is in use: choose another with --port N, or leave --port out for a free one`)
        : e.code === 'EACCES' ? new UserError(`port ${port} needs more rights than this user has: choose one above 1023`) : e));
    server.listen(port, host, ok);
  });
  // Listening for Ctrl-C and SIGTERM before saying where the game is: a script that stops the
  // server as soon as it reads the address stops it cleanly.
  const stopped = new Promise<void>((done) => {
    const stop = () => {
      hub.close();
      for (const ws of sockets.clients) ws.terminate();
      sockets.close();
      // The rooms' last saves are written before the server says it has stopped.
      const closed = new Promise<void>((ok) => server.close(() => ok()));
      server.closeAllConnections();
      void Promise.all([closeBoard(), closed, store.flush()]).then(() => done());
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  bound = (server.address() as { port: number }).port;
  const url = `http://${args.values.host ? 'localhost' : '127.0.0.1'}:${bound}/`;
  if (json) process.stdout.write(`${JSON.stringify({ url, port: bound, host })}\n`);
  else {
    say(`UNO Extreme is at ${url} (Ctrl-C to stop)`);
    if (args.values.host) for (const a of lanAddresses()) say(`  on the LAN: http://${a}:${bound}/`);
  }
  if (args.values.open) {
    const opener = browserOpener();
    if (!opener) say(`No browser to open here (no display, or no xdg-open): open ${url} yourself`);
    else {
      const child = spawn(opener.cmd, [...opener.args, url], { detached: true, stdio: 'ignore' });
      child.on('error', () => say(`Could not start ${opener.cmd}: open ${url} yourself`));
      child.unref();
    }
  }
  await stopped;
  return 0;
}

/** The board as the rooms' launcher: each round's machine drives it on the real clock, its own button left to the game. */
function boardOf(hw: LauncherHardware): RoomBoard {
  return {
    name: hw.name,
    makeLauncher: (start) => {
      const launcher = new MachineLauncher({ ...onDevice(start), clock: 'real', hardware: hw, ignoreButton: true });
      // The board outlives the round's machine: the next round, the next room drive it.
      return { launcher, dispose: () => launcher.detach() };
    },
    ...(hw.onNotice ? { onNotice: (l: (m: string) => void) => hw.onNotice!(l) } : {}),
  };
}
