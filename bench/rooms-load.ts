/**
 * What the two room benches share (ours, bench/rooms.ts; boardgame.io's, bench/rooms-peer/rooms.ts):
 * their command line, the server they start in its own process, the round trip of a move and the
 * timed window, so that both measure the same way.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Question } from '../table/session.ts';
import { quantile } from '../lib/stats.ts';

/** A bench's person's move: the first play, else a colour, pass, accept, press or draw; chances let go. */
export function firstChoice(q: Question): number | null {
  if (q.mode === 'react') return null;
  for (const t of ['play', 'colour', 'pass', 'accept', 'press', 'draw']) {
    const i = q.moves.findIndex((m) => m.type === t && !(m.type === 'play' && m.uno));
    if (i >= 0) return i;
  }
  return 0;
}

/** `name N`, a whole number from 1 to `max` (`def` when absent); else a one-line message and exit 2. */
export function num(name: string, def: number, max: number): number {
  const i = process.argv.indexOf(name);
  const v = i >= 0 ? Number(process.argv[i + 1]) : def;
  if (!Number.isInteger(v) || v < 1 || v > max) {
    process.stderr.write(`${name} must be a whole number from 1 to ${max}\n`);
    process.exit(2);
  }
  return v;
}

/** `--cpu-prof DIR`: node's flags that make the server write a V8 CPU profile there when it stops (open it in Chrome's DevTools); none when not asked. */
export function profileFlags(): string[] {
  const i = process.argv.indexOf('--cpu-prof');
  if (i < 0) return [];
  const dir = process.argv[i + 1];
  if (!dir || dir.startsWith('--')) {
    process.stderr.write('--cpu-prof needs the folder to write the profile to\n');
    process.exit(2);
  }
  return ['--cpu-prof', '--cpu-prof-dir', dir];
}

const ticks = 100; // USER_HZ: /proc/<pid>/stat counts CPU time in these on Linux

/** A process's CPU time so far, in seconds (Linux /proc). */
export function cpuSeconds(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / ticks;
}

/** Starts node on `args` and waits for the first JSON line it prints, `{ url }`: the server and its origin (no trailing slash). */
export async function startServer(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ server: ChildProcess; origin: string }> {
  const server = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], env });
  try {
    const url = await new Promise<string>((ok, fail) => {
      let out = '';
      server.stdout!.on('data', (d) => {
        out += d;
        const line = out.split('\n').find((l) => l.startsWith('{'));
        if (line) ok((JSON.parse(line) as { url: string }).url);
      });
      server.once('exit', (code) => fail(new Error(`the server exited ${code}`)));
    });
    return { server, origin: url.replace(/\/$/, '') };
  } catch (e) {
    await stopServer(server);
    throw e;
  }
}

/** Ends the server and waits for it to be gone. */
export async function stopServer(server: ChildProcess): Promise<void> {
  server.kill('SIGTERM');
  await new Promise((ok) => (server.exitCode !== null || server.signalCode !== null ? ok(null) : server.once('exit', ok)));
}

/** A room's round trips: from a move sent to the last of its clients seeing a state past it. */
export class RoundTrips<C> {
  clients: C[] = [];
  /** A move in flight: when it was sent, the state it was made on, and which clients have seen past it. */
  private pending: { at: number; stamp: number; seen: Set<C> } | null = null;
  constructor(private readonly latencies: number[]) {}
  sent(stamp: number): void {
    this.pending = { at: performance.now(), stamp, seen: new Set() };
  }
  seen(c: C, stamp: number): void {
    const p = this.pending;
    if (!p || stamp <= p.stamp) return;
    p.seen.add(c);
    if (p.seen.size === this.clients.length) {
      this.latencies.push(performance.now() - p.at);
      this.pending = null;
    }
  }
}

/** What a timed window measured: its length, the server's CPU time and share, the clients' share (this process), the round trips' p50/p99. */
export interface Window {
  seconds: number;
  cpu: number;
  share: number;
  clientsShare: number;
  p50ms: number;
  p99ms: number;
}

/**
 * Waits `seconds`, measuring the server `pid`'s CPU and the round trips in `latencies`; `stop` is called as the window closes.
 * The round trips of the rooms opened first, made while the last were opening, are let go: the window counts only its own.
 */
export async function timedWindow(pid: number, seconds: number, latencies: number[], stop: () => void): Promise<Window> {
  latencies.length = 0;
  const cpu0 = cpuSeconds(pid);
  const own0 = process.cpuUsage();
  const t0 = performance.now();
  await new Promise((ok) => setTimeout(ok, seconds * 1000));
  stop();
  const wall = (performance.now() - t0) / 1000;
  const cpu = cpuSeconds(pid) - cpu0;
  const own = process.cpuUsage(own0);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(quantile(latencies, q) * 10) / 10;
  return { seconds: wall, cpu, share: cpu / wall, clientsShare: (own.user + own.system) / 1e6 / wall, p50ms: at(0.5), p99ms: at(0.99) };
}
