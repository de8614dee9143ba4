/**
 * `uno-extreme web`: the browser game. Serves the page Vite builds from web/ (with the engine and
 * the launcher machine in it) from this machine, with no network: nothing comes from a CDN and
 * the page fetches nothing once loaded. The page is built on first use and again whenever its
 * sources are newer than the build, so a fresh clone runs with `npm install && npm start`; what
 * the server answers to a request is cli/http.ts, its game nights' server rooms/ (the rooms, their
 * sockets and the folder they are kept in).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { MachineLauncher } from '../emulator/launcher.ts';
import type { LauncherHardware } from '../emulator/hardware.ts';
import { onDevice } from '../table/launcher.ts';
import { DEFAULT_WAIT_MS, RoomHub, type RoomBoard } from '../rooms/hub.ts';
import { openDeviceSpec } from './device.ts';
import { intOption, langOption, seedOption, UsageError, UserError, type Command, type ParsedArgs } from './args.ts';
import { Rng, seedRng } from '../lib/rng.ts';
import type { RoomsHold } from '../rooms/store.ts';
import { handler, lanAddresses, LAN_PATH, ownHosts, upgradeRefusal, type Served } from './http.ts';
import { ROOMS_PATH } from '../table/roomMessages.ts';
import { said as cliSaid } from '../words/said.ts';
import { CLI_EN_WORDS, cliWordsIn, errorIn, sayIn, type CliWords } from '../words/cli.ts';
import { loadLang } from '../words/catalogue.ts';
import { said } from '../table/words.ts';
import type { NoticeListener } from '../firmware-bridge/notices.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Where the built page goes (git-ignored). */
export const WEB_DIST = path.join(ROOT, 'web', 'dist');
/**
 * Whether this is the package npm installed rather than a clone: the page's sources are not in
 * it (package.json's `files`), its page was built at `npm pack` (scripts/prepack.ts), and the
 * package folder is never written to, for it may be read-only (a global install, an image).
 * Whether web/dist is there does not tell: a clone has one after its first `web`.
 */
const PACKED = !existsSync(path.join(ROOT, 'web', 'index.html'));
/**
 * The build (`dist`) is there, compressed, and, in a clone, none of the files it lists as its
 * sources (web/vite.config.ts writes them beside it, relative to `root`) is newer than it or gone.
 */
export function pageIsFresh(dist = WEB_DIST, root = ROOT, packed = PACKED): boolean {
  const built = statSync(path.join(dist, 'index.html'), { throwIfNoEntry: false });
  if (!built) return false;
  if (packed) return true;
  if (!existsSync(path.join(dist, 'index.html.br'))) return false;
  let sources: unknown;
  try {
    sources = JSON.parse(readFileSync(path.join(dist, '.sources.json'), 'utf8'));
  } catch {
    return false;
  }
  return Array.isArray(sources) && sources.length > 0
    && sources.every((f) => typeof f === 'string' && (statSync(path.join(root, f), { throwIfNoEntry: false })?.mtimeMs ?? Infinity) <= built.mtimeMs);
}

/** The page's files sent compressed when a browser takes it (the images are compressed already). */
const COMPRESSED = new Set(['.html', '.js', '.css', '.json', '.svg', '.webmanifest']);

/**
 * Writes the page's service worker (`sw.js`) into the build in `dir`, listing every file of it:
 * installed, it keeps them, so the page opens with the server stopped (the one-player game;
 * a game night needs its server). Online it asks the server first, so a page never runs a build
 * older than the server's. The cache is named after the files' hash: a new build replaces it.
 */
export function writeServiceWorker(dir: string): void {
  const files = readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && !e.name.startsWith('.') && !/\.(gz|br)$/.test(e.name))
    .map((e) => `./${path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/')}`)
    .sort();
  const hash = createHash('sha1');
  for (const f of files) hash.update(f).update(readFileSync(path.join(dir, f)));
  const cache = `uno-extreme-${hash.digest('hex').slice(0, 12)}`;
  writeFileSync(path.join(dir, 'sw.js'), `// The page's service worker, written by \`uno-extreme web\` at each build (cli/web.ts).
const CACHE = ${JSON.stringify(cache)};
const FILES = ${JSON.stringify(['./', ...files])};
self.addEventListener('install', (e) => e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting())));
self.addEventListener('activate', (e) => e.waitUntil(caches.keys().then((ks) => Promise.all(ks.filter((k) => k !== CACHE).map((k) => caches.delete(k)))).then(() => self.clients.claim())));
self.addEventListener('fetch', (e) => {
  const url = new URL(e.request.url);
  // The page's own files only: the rooms' sockets and the LAN addresses are the server's, live.
  if (e.request.method !== 'GET' || url.origin !== location.origin || url.pathname === '/lan.json') return;
  e.respondWith(fetch(e.request).catch(() => caches.match(e.request, { ignoreSearch: true }).then((r) => r || caches.match('./'))));
});
`);
}

/**
 * Writes beside each text file of the build in `dir` its gzip (`.gz`) and Brotli (`.br`) forms,
 * at their strongest: made once here, at the build, the server sends them as they are and never
 * compresses at a request: a phone on a living room's Wi-Fi waits on far fewer bytes.
 */
export function compressBuild(dir: string): void {
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const p = path.join(e.parentPath, e.name);
    if (!e.isFile() || e.name.startsWith('.') || !COMPRESSED.has(path.extname(e.name))) continue;
    const raw = readFileSync(p);
    writeFileSync(`${p}.gz`, gzipSync(raw, { level: 9 }));
    writeFileSync(`${p}.br`, brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
  }
}

/**
 * Makes `dir` and all it holds readable by whoever may run the program, as the umask allows
 * (0755 folders, 0644 files with the usual 022): mkdtemp makes its folder 0700, so a page built
 * by one user would otherwise be served by nobody else.
 */
export function readableByAll(dir: string): void {
  // process.umask() with no argument reads it (a documentation-only deprecation: racy only
  // against another thread setting it, which this program never does).
  const mask = process.umask();
  chmodSync(dir, 0o777 & ~mask);
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) readableByAll(p);
    else chmodSync(p, 0o666 & ~mask);
  }
}

/**
 * Builds the page when it is missing or older than its sources; says so in one line. The build
 * goes to a fresh folder that then takes the place of the old one, so a server reading the old
 * build (another `web` started at the same time) never sees half of one. In the installed package
 * the page built at `npm pack` is used as it is: nothing is built or written there.
 */
export async function ensurePageBuilt(say: (line: string) => void, w: CliWords = CLI_EN_WORDS): Promise<void> {
  if (pageIsFresh()) return;
  if (PACKED) throw new UserError(cliSaid('cli.web.noPage', { dist: WEB_DIST }));
  say(w.t('cli.web.building'));
  const { build } = await import('vite');
  let tmp: string;
  try {
    tmp = mkdtempSync(path.join(ROOT, 'web', '.dist-'));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EACCES' && code !== 'EROFS' && code !== 'EPERM') throw e;
    throw new UserError(cliSaid('cli.web.cannotBuild', { dist: WEB_DIST, dir: path.join(ROOT, 'web'), code: String(code) }));
  }
  try {
    await build({ configFile: path.join(ROOT, 'web', 'vite.config.ts'), logLevel: 'error', build: { outDir: tmp, emptyOutDir: true } });
    writeServiceWorker(tmp);
    compressBuild(tmp);
    readableByAll(tmp);
    rmSync(WEB_DIST, { recursive: true, force: true });
    renameSync(tmp, WEB_DIST);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The page's files, read once: the server answers from memory, whatever happens to web/dist later. */
export function readPage(dir: string): Map<string, Served> {
  const files = new Map<string, Served>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      // The compressed forms go with their file; the build's list of its sources is not the page's.
      else if (!/\.(gz|br)$/.test(e.name) && !e.name.startsWith('.')) {
        const body = readFileSync(p);
        const both = existsSync(`${p}.gz`) && existsSync(`${p}.br`);
        files.set(`/${path.relative(dir, p).split(path.sep).join('/')}`, both ? { body, gzip: readFileSync(`${p}.gz`), br: readFileSync(`${p}.br`) } : body);
      }
    }
  };
  walk(dir);
  return files;
}


/**
 * The port `web` serves on when --port does not say. The same at every start: the phones of a game
 * night and the one-player game kept in the browser (kept per address) find the game again after
 * a restart. Unassigned by IANA, and used by no common development server.
 */
export const DEFAULT_PORT = 8421;

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


/**
 * The seeds of the games a server started with `--seed N` deals, in the order it deals them: the
 * same server, started again with the same N and played the same way, deals the same games.
 */
/** The stream of `--seed`'s room seeds, apart from every stream a game draws from its own seed. */
const ROOM_SEEDS = 0x7ab1e;

function roomSeeds(seed: number): () => number {
  const rng = new Rng(seedRng(seed, ROOM_SEEDS));
  return () => rng.int(2 ** 31);
}

/** The `web` command. */
export const webCommand: Command = {
  name: 'web',
  options: {
    port: { type: 'string', value: 'N', helpValues: () => ({ port: DEFAULT_PORT }) },
    host: { type: 'boolean' },
    open: { type: 'boolean' },
    launcher: { type: 'boolean' },
    json: { type: 'boolean', helpValues: () => ({ fields: '{"url", "port", "host"}' }) },
    rooms: { type: 'string', value: 'DIR', helpValues: () => ({ path: ROOMS_PATH, dir: defaultRoomsDir() }) },
    device: { type: 'string', value: 'KIND:PATH' },
    away: { type: 'string', value: 'S', helpValues: () => ({ s: DEFAULT_WAIT_MS / 1000 }) },
    seed: { type: 'string', value: 'N' },
  },
  examples: [
    'uno-extreme web', 'uno-extreme web --open', 'uno-extreme web --host', 'uno-extreme web --port 8080', 'uno-extreme web --launcher --open',
    ['uno-extreme web --host --device serial:/dev/ttyACM0', 'help.web.eg.device'],
    'uno-extreme web --host --device firmata:/dev/ttyACM0',
  ],
  async run(args: ParsedArgs): Promise<number> {
    // Every flag is checked, and the rooms folder held, before the board is opened; the board
    // before anything is built, served or opened again: a device that cannot be opened leaves
    // every kept room as it was.
    const port = intOption(args, 'port', DEFAULT_PORT, 0, 65535);
    const waitMs = intOption(args, 'away', DEFAULT_WAIT_MS / 1000, 1, 3600) * 1000;
    const seeds = args.values.seed === undefined ? undefined : roomSeeds(seedOption(args).seed);
    const json = !!args.values.json;
    const say = (line: string) => (json ? process.stderr : process.stdout).write(`${line}\n`);
    const lang = langOption(args);
    const w = cliWordsIn(lang);
    // A room's failure may hold a file's reason, worded by the game's catalogue of that language.
    await loadLang(lang);
    if (args.values.rooms === '') throw new UsageError(cliSaid('cli.web.roomsEmpty'));
    const roomsDir = typeof args.values.rooms === 'string' ? args.values.rooms : defaultRoomsDir();
    // The sockets (and the ws package) are loaded by the command that serves them, not at every start.
    const [store, socket] = await Promise.all([import('../rooms/store.ts'), import('../rooms/socket.ts')]);
    const rooms = { store, socket };
    let hold: RoomsHold;
    try {
      hold = store.holdRoomsFolder(roomsDir);
    } catch (e) {
      throw e instanceof store.RoomsFolderError ? new UserError(e.message) : e;
    }
    let hw: LauncherHardware | undefined;
    let closing: Promise<void> | undefined;
    // The motor stopped and the port released: at Ctrl-C or SIGTERM first of all, and whatever else ends the server.
    const closeBoard = () => (closing ??= hw ? hw.close().catch(() => undefined) : Promise.resolve());
    try {
      hw = typeof args.values.device === 'string' ? await openDeviceSpec(args.values.device, { signals: false }) : undefined;
      return await serve({ args, port, say, w, hw, closeBoard, rooms, roomsDir, hold, waitMs, seeds });
    } finally {
      await closeBoard();
      hold.release();
    }
  },
};

/** What `web` serves with: its flags, where it speaks, the board, the rooms folder it holds. */
interface Serving {
  args: ParsedArgs;
  port: number;
  say: (line: string) => void;
  /** The command line's words in the reader's language. */
  w: CliWords;
  hw: LauncherHardware | undefined;
  closeBoard: () => Promise<void>;
  rooms: { store: typeof import('../rooms/store.ts'); socket: typeof import('../rooms/socket.ts') };
  roomsDir: string;
  hold: RoomsHold;
  /** How long the rooms wait for a person, or a table screen, whose connection is gone (`--away`). */
  waitMs: number;
  /** Each new game's seed, from `--seed` (absent: a random one). */
  seeds: (() => number) | undefined;
}

/** Serves the page and the rooms until Ctrl-C or SIGTERM, then closes the board (`closeBoard`) and writes the rooms' saves. */
async function serve({ args, port, say, w, hw, closeBoard, rooms, roomsDir, hold, waitMs, seeds }: Serving): Promise<number> {
  const host = args.values.host ? '0.0.0.0' : '127.0.0.1';
  const json = !!args.values.json;
  await ensurePageBuilt(say, w);
  const lan = !!args.values.host;
  let bound = 0;
  const files = readPage(WEB_DIST);
  files.set(LAN_PATH, () => Buffer.from(JSON.stringify({ addresses: lan ? lanAddresses().map((a) => `http://${a}:${bound}/`) : [] })));
  const server = createServer(handler(files, () => ownHosts(bound, lan)));
  const store = rooms.store.fileRoomStore(roomsDir, {
    failed: (code, e) => {
      say(w.t('cli.web.roomNotKept', { code, why: errorIn(w, e) }));
      hub.rooms.get(code)?.session?.note(said('room.note.notKept', { error: e.message }));
    },
    skipped: (name, why) => say(w.t('cli.web.leftAside', { name, why: sayIn(w, why) })),
  });
  // The search bots of every room think in worker threads, off the event loop the rooms share.
  const { SearchPool } = await import('./search-pool.ts');
  const pool = new SearchPool();
  const hub = new RoomHub({
    store, waitMs,
    ...(seeds ? { seed: seeds } : {}),
    search: () => pool.port(),
    makeLauncher: (start) => {
      // Presses come from the players' moves: the launcher's own button would give cards outside the game.
      const launcher = new MachineLauncher({ ...start, clock: 'simulated', ignoreButton: true });
      return { launcher, dispose: () => launcher.detach() };
    },
    ...(hw ? { board: boardOf(hw) } : {}),
    failed: (code, e) => say(w.t('cli.web.roomStopped', { code, why: errorIn(w, e) })),
  });
  const sockets = rooms.socket.attachRooms(server, { hub, refusal: (req) => upgradeRefusal(req, ownHosts(bound, lan)) });
  await new Promise<void>((ok, fail) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      fail(e.code === 'EADDRINUSE' ? new UserError(cliSaid('cli.web.portInUse', { port: String(port), default: args.values.port === undefined ? 'yes' : 'no' }))
        : e.code === 'EACCES' ? new UserError(cliSaid('cli.web.portRights', { port: String(port) })) : e));
    server.listen(port, host, ok);
  });
  // The kept rooms open once the port is this server's (a start refused its port leaves them
  // closed, their files as they were), and before any connection is heard: between the listen
  // and here nothing waits, so a phone that reconnects at once finds its room.
  let reopened = 0;
  for (const { code, text, journal, savedAt } of store.kept()) {
    try {
      const room = hub.restore(text, code, savedAt, journal);
      reopened++;
      if (hold.unclean) room.session?.note(said('room.note.unclean'));
    } catch (e) {
      // Left as it is on disk for a person to look at, and its code given to no other room.
      hub.withhold(code);
      say(w.t('cli.web.roomNotReopened', { code, why: errorIn(w, e), dir: roomsDir }));
    }
  }
  if (hold.unclean) say(w.t('cli.web.unclean', { dir: roomsDir, n: reopened }));
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
      void Promise.all([closeBoard(), closed, store.flush(), pool.close()]).then(() => done());
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  bound = (server.address() as { port: number }).port;
  // One address whether or not the LAN may join: the page keeps its game per address.
  const root = `http://127.0.0.1:${bound}/`;
  hold.serving(root);
  const url = args.values.launcher ? `${root}#launcher` : root;
  if (json) process.stdout.write(`${JSON.stringify({ url, port: bound, host })}\n`);
  else {
    say(w.t('cli.web.at', { url, launcher: args.values.launcher ? 'yes' : 'no' }));
    if (args.values.host) for (const a of lanAddresses()) say(`  ${w.t('cli.web.lan', { url: `http://${a}:${bound}/${args.values.launcher ? '#launcher' : ''}` })}`);
  }
  if (args.values.open) {
    const opener = browserOpener();
    if (!opener) say(w.t('cli.web.noBrowser', { url }));
    else {
      const child = spawn(opener.cmd, [...opener.args, url], { detached: true, stdio: 'ignore' });
      child.on('error', () => say(w.t('cli.web.openerFailed', { cmd: opener.cmd, url })));
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
    ...(hw.onNotice ? { onNotice: (l: NoticeListener) => hw.onNotice!(l) } : {}),
  };
}
