/**
 * The package as users get it: `npm pack` of this clone (its prepack builds the program and the
 * page), the tarball installed by npm into an empty folder outside the clone, the installed package
 * made read-only, and every kind of command run from it with a home of its own, by nobody when
 * the tests run as root (whom mode bits do not stop): nothing is compiled or written in the
 * package, and nothing it runs lives in the clone (which may sit in a folder only its owner enters).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { RoomSettings } from '../../table/roomMessages.ts';
import { PACK_INSTALL_MS, PROGRAM_RUN_MS, TERMINAL_GAME_MS } from '../budgets.ts';
import { needs } from '../tools.ts';
import { roomSocket } from '../cli/room-socket.ts';
import { Pane } from './tmux.ts';
import { isPrompt, playByScreen } from './strategy.ts';

const CLONE = path.resolve(import.meta.dirname, '../..');
const VERSION = (JSON.parse(readFileSync(path.join(CLONE, 'package.json'), 'utf8')) as { version: string }).version;
/** Root reads and writes whatever the mode bits say: the installed program then runs as nobody. */
const AS_ROOT = process.getuid?.() === 0;
const NOBODY = 65534;

/**
 * npm's own environment when the suite runs under `npm test` (the clone as its prefix, the
 * script's name) would send the install to the clone: only npm's settings (its cache, registry)
 * are kept.
 */
const npmEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('npm_') || (k.startsWith('npm_config_') && k !== 'npm_config_local_prefix')));

let base = '';
let home = '';
let bin = '';
let pkgDir = '';

/**
 * The command line that runs `uno-extreme ARGS` as its user does: the installed `.bin` link, as
 * nobody when the tests run as root, with nothing of the test's environment but PATH (and what
 * `extra` sets), its home and XDG folders in a folder of its own.
 */
function command(args: string[], extra: Record<string, string> = {}): string[] {
  // PATH without the clone's folders (`npm test` puts its node_modules/.bin first).
  const PATH = (process.env.PATH ?? '/usr/bin:/bin').split(path.delimiter).filter((d) => !path.resolve(d).startsWith(CLONE + path.sep)).join(path.delimiter);
  const env = { PATH, HOME: home, XDG_STATE_HOME: path.join(home, 'state'), XDG_CACHE_HOME: path.join(home, 'cache'), XDG_CONFIG_HOME: path.join(home, 'config'), ...extra };
  const user = AS_ROOT ? ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--'] : [];
  return [...user, 'env', '-i', ...Object.entries(env).map(([k, v]) => `${k}=${v}`), bin, ...args];
}

/**
 * Starts `uno-extreme ARGS` (see {@link command}) in the user's home, stopped when the test ends
 * (by SIGTERM, which every command takes as a clean stop: the device's socat ends with it).
 */
function start(args: string[], stdin: 'ignore' | 'pipe' = 'ignore'): ChildProcess & { out: () => string; err: () => string } {
  const [cmd, ...rest] = command(args);
  const child = spawn(cmd, rest, { cwd: home, stdio: [stdin, 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => void (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => void (err += d.toString()));
  onTestFinished(() => void child.kill('SIGTERM'));
  return Object.assign(child, { out: () => out, err: () => err });
}

/** Runs `uno-extreme ARGS` to its end: its status, stdout and stderr. */
async function run(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = start(args);
  const status = await new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { status, stdout: child.out(), stderr: child.err() };
}

/** Resolves with the first line `child` writes on stdout; fails, with what it said, when it exits first. */
function firstLine(child: ReturnType<typeof start>): Promise<string> {
  return new Promise((ok, fail) => {
    const check = () => {
      const line = child.out().split('\n');
      if (line.length > 1) ok(line[0]);
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => fail(new Error(`exited ${code} before its first line: ${child.err()}`)));
  });
}

const socket = (port: number) => roomSocket(`http://127.0.0.1:${port}/`);

/** Sends SIGTERM and resolves with the exit code. */
function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((done) => {
    child.once('exit', (code) => done(code));
    child.kill('SIGTERM');
  });
}

describe.runIf(!AS_ROOT || needs('setpriv', 'apt-get install util-linux'))('the package as npm installs it, read-only, run by a user with a home of its own', () => {
  beforeAll(() => {
    // Outside the clone (which may sit in a folder only its owner can enter): the tarball, the
    // folder it is installed in, and the user's home, all reachable by that user.
    base = mkdtempSync(path.join(tmpdir(), 'uno-packed-'));
    chmodSync(base, 0o755);
    const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', base], { cwd: CLONE, env: npmEnv, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })) as { filename: string }[];
    const app = path.join(base, 'app');
    mkdirSync(app);
    writeFileSync(path.join(app, 'package.json'), '{ "private": true }\n');
    execFileSync('npm', ['install', path.join(base, packed[0].filename), '--prefer-offline', '--no-audit', '--no-fund'], { cwd: app, env: npmEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    pkgDir = path.join(app, 'node_modules', 'uno-extreme');
    bin = path.join(app, 'node_modules', '.bin', 'uno-extreme');
    execFileSync('chmod', ['-R', 'a-w', pkgDir]);
    home = path.join(base, 'home');
    mkdirSync(home);
    if (AS_ROOT) chownSync(home, NOBODY, NOBODY);
  }, PACK_INSTALL_MS);
  afterAll(() => {
    if (!base) return;
    execFileSync('chmod', ['-R', 'u+w', base]);
    rmSync(base, { recursive: true, force: true });
  });

  it('holds the built program and page, and no TypeScript, test or screenshot', () => {
    const files = readdirSync(pkgDir, { recursive: true, encoding: 'utf8' });
    expect(files).toEqual(expect.arrayContaining(['bin/uno-extreme.js', 'dist/main/main.mjs', 'dist/worker/worker.mjs', 'web/dist/index.html', 'firmware-bridge/firmware/uno_extreme_launcher.hex']));
    expect(files.filter((f) => /\.(ts|tsx|png)$|^test\b|^bench\b/.test(f))).toEqual([]);
  });

  it('--version, --help, and a small simulation on worker threads', async () => {
    expect(await run('--version')).toEqual({ status: 0, stdout: `uno-extreme ${VERSION}\n`, stderr: '' });
    const help = await run('--help');
    expect([help.status, help.stderr]).toEqual([0, '']);
    expect(help.stdout).toMatch(/Commands:\n\s+web\s/);
    const sim = await run('simulate', '--games', '20', '--seed', '1', '--workers', '2', '--json');
    expect([sim.status, sim.stderr]).toEqual([0, '']);
    expect(JSON.parse(sim.stdout)).toMatchObject({ games: 20, workers: 2, seed: 1 });
    // Three program runs, the simulation's workers starting their own build.
  }, 3 * PROGRAM_RUN_MS);

  it('the launcher console presses, and logs its presses in the user\'s folder', async () => {
    const r = await run('launcher', '--presses', '3', '--seed', '1', '--json', '--log', 'presses.jsonl');
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(JSON.parse(r.stdout)).toMatchObject({ presses: 3, dings: 3 });
    expect(readFileSync(path.join(home, 'presses.jsonl'), 'utf8').trim().split('\n')).toHaveLength(3);
  }, PROGRAM_RUN_MS);

  it.runIf(needs('socat'))('device --pty starts the virtual launcher (the shipped firmware) on a pseudo-terminal, and stops cleanly', async () => {
    const link = path.join(home, 'launcher');
    const dev = start(['device', '--pty', '--link', link]);
    expect(await firstLine(dev)).toBe(link);
    expect(existsSync(link)).toBe(true);
    expect(await stop(dev)).toBe(0);
    expect(existsSync(link)).toBe(false);
  }, PROGRAM_RUN_MS);

  it.runIf(needs('tmux'))('play in a terminal: a few turns, then q saves the game in the user\'s folder', async () => {
    const line = command(['play', '--pace', 'instant', '--no-colour', '--seed', '11', '--players', '3'], { TERM: 'xterm-256color' });
    const p = Pane.start('uno-packed-play', line.map((w) => `'${w.replaceAll("'", "'\\''")}'`).join(' '), home);
    onTestFinished(() => p.kill());
    expect(await p.waitFor(isPrompt)).toMatch(/UNO Extreme — rules extreme · round 1/);
    await playByScreen(p, 4);
    p.send(['q']);
    await p.waitFor((s) => /Game saved to uno-extreme-save\.json/.test(s));
    expect(existsSync(path.join(home, 'uno-extreme-save.json'))).toBe(true);
  }, TERMINAL_GAME_MS);

  it('web serves the page built at pack time, and opens a room over its socket', async () => {
    const web = start(['web', '--port', '0', '--json']);
    const { url, port } = JSON.parse(await firstLine(web)) as { url: string; port: number };
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(readFileSync(path.join(pkgDir, 'web', 'dist', 'index.html'), 'utf8'));
    const table = await socket(port);
    // A bot that searches: it thinks in the search pool's thread, the package's own build of it.
    const settings: RoomSettings = { rules: 'extreme', profile: 'seed-0-8', players: 2, bots: 'ismcts', paceMs: 0 };
    table.say({ type: 'create', settings });
    const created = await table.next('created');
    expect(created).toMatchObject({ type: 'created', code: expect.stringMatching(/^[A-Z2-9]+$/) });
    const phone = await socket(port);
    phone.say({ type: 'join', code: (created as { code: string }).code, name: 'Ana' });
    expect(await phone.next('seated')).toMatchObject({ type: 'seated' });
    table.say({ type: 'start' });
    expect(await phone.next('view')).toMatchObject({ type: 'view' });
    // Moves by both seats: the bot's decisions came back from its thread.
    expect(await phone.next('view', (m) => m.type === 'view' && m.view.moves >= 8)).toMatchObject({ type: 'view' });
    expect(await stop(web)).toBe(0);
    // The room's game was kept where the user's state goes.
    const code = (created as { code: string }).code;
    expect(readdirSync(path.join(home, 'state', 'uno-extreme', 'rooms')).sort()).toEqual([`${code}.journal`, `${code}.json`]);
    expect(web.err()).toBe('');
  }, PROGRAM_RUN_MS);
});
