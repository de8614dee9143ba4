/**
 * Runs a Monte Carlo simulation on worker threads: chunks of games are handed out as workers
 * free up; results are integer sums merged in any order, so one worker or many give the same
 * figures. Memory stays flat: no game is kept, CSV rows are written as their turn comes.
 */
import { Worker } from 'node:worker_threads';
import { workerStart } from '../lib/compiled.js';
import { SEMI_SPACE_MB } from '../lib/heap.js';
import { emptySums, mergeSums, type Sums } from '../lib/stats.ts';
import { emptyAggregate, mergeAggregate, type Aggregate } from './record.ts';
import { runChunk, type ChunkResult, type SimSettings } from './chunk.ts';

/** A finished run. */
export interface SimResult {
  settings: SimSettings;
  /** The games played, [first, end): all of the run's, or one shard's. */
  range: [number, number];
  aggregates: Aggregate[];
  pairedTurns: Sums[];
  workers: number;
  seconds: number;
  /** Peak resident memory seen, MiB. */
  peakMemoryMiB: number;
}

/** Hooks of a run. */
export interface RunHooks {
  /** Games done so far (across profiles: each game counts once). */
  progress?: (done: number, total: number) => void;
  /** CSV rows, in game order. */
  rows?: (rows: string[]) => void;
  /** Run on worker threads even for one worker (the benchmark measures scaling thread against thread). */
  threads?: boolean;
}

/**
 * Chunks of games, largest first (guided scheduling): big chunks while there is much to do keep
 * the messages few, small ones at the end keep every worker busy until the last game instead of
 * one worker finishing a big last chunk alone. Any split gives the same figures (sums merged in
 * any order).
 */
export function splitGames(games: number, workers: number, first = 0): Array<[number, number]> {
  const chunks: Array<[number, number]> = [];
  const end = first + games;
  for (let i = first; i < end; ) {
    const size = Math.max(Math.min(4, end - i), Math.min(250, Math.ceil((end - i) / (workers * 4))));
    chunks.push([i, i + size]);
    i += size;
  }
  return chunks;
}

/**
 * Runs the simulation described by `s` on `workers` threads (1: in this thread): all its games, or
 * those of `range` (a shard: games [first, end) of the same run, seeded as in the whole run).
 */
export async function simulate(s: SimSettings, workers: number, hooks: RunHooks = {}, range: [number, number] = [0, s.games]): Promise<SimResult> {
  const t0 = performance.now();
  const aggregates = s.profiles.map(() => emptyAggregate(s.players));
  const pairedTurns = s.profiles.slice(1).map(() => emptySums());
  let peak = process.memoryUsage().rss;
  const chunks = splitGames(range[1] - range[0], workers, range[0]);
  // Rows wait here until every earlier chunk is written: CSV comes out in game order.
  const pendingRows = new Map<number, string[]>();
  let nextRowChunk = 0;
  let done = 0;
  const absorb = (r: ChunkResult) => {
    r.aggregates.forEach((a, j) => mergeAggregate(aggregates[j], a));
    r.pairedTurns.forEach((p, j) => mergeSums(pairedTurns[j], p));
    if (hooks.rows) {
      pendingRows.set(r.start, r.rows);
      while (nextRowChunk < chunks.length && pendingRows.has(chunks[nextRowChunk][0])) {
        hooks.rows(pendingRows.get(chunks[nextRowChunk][0])!);
        pendingRows.delete(chunks[nextRowChunk][0]);
        nextRowChunk++;
      }
    }
    done += r.end - r.start;
    peak = Math.max(peak, process.memoryUsage().rss);
    hooks.progress?.(done, range[1] - range[0]);
  };
  if (workers <= 1 && !hooks.threads) {
    for (const [a, b] of chunks) {
      absorb(runChunk(s, a, b));
      // Let the progress bar draw and Ctrl-C through between chunks.
      await new Promise((r) => setImmediate(r));
    }
  } else {
    await runOnWorkers(s, workers, chunks, absorb);
  }
  return {
    settings: s, range, aggregates, pairedTurns, workers,
    seconds: (performance.now() - t0) / 1000,
    peakMemoryMiB: Math.round((peak / 1048576) * 10) / 10,
  };
}

let bundled: Promise<{ url: URL; argv: string[] }> | null = null;

/** The worker's start (lib/compiled.js's workerStart), once a process. */
function workerEntry(): Promise<{ url: URL; argv: string[] }> {
  bundled ??= workerStart('sim/worker.ts');
  return bundled;
}

/**
 * A worker's young generation, MiB: the one the command's own process gets (lib/heap.js), two
 * semi-spaces and the new large-object space. Machine fidelity's XState steps allocate much,
 * nearly all short-lived: with room for more of them between two collections, 2 workers played 287
 * and 306 machine games/s against 241 and 254 with V8's default, at the same peak memory (fast
 * fidelity: no change either way).
 */
const YOUNG_GENERATION_MB = 3 * SEMI_SPACE_MB;

/** Chunks a worker holds at once: the next one waits in its queue, so it never idles between two. */
const IN_FLIGHT = 2;

/**
 * Plays `chunks` on `n` worker threads running `entry` (the bundled worker; a test passes another).
 * Fails, stopping every worker, when a game throws, a worker crashes, or a worker exits with
 * chunks unfinished: a run never quietly covers fewer games than asked.
 */
export async function runOnWorkers(
  s: SimSettings, n: number, chunks: Array<[number, number]>, absorb: (r: ChunkResult) => void, entry?: URL,
): Promise<void> {
  const worker = entry ? { url: entry, argv: [] } : await workerEntry();
  return new Promise((resolve, reject) => {
    let next = 0;
    let live = 0;
    let failed = false;
    const pool: Worker[] = [];
    const held = new Map<Worker, number>();
    const fail = (e: Error) => {
      if (failed) return;
      failed = true;
      for (const p of pool) void p.terminate();
      reject(e);
    };
    const give = (w: Worker) => {
      if (failed) return;
      if (next >= chunks.length) {
        if (held.get(w) === 0) w.postMessage('exit');
        return;
      }
      const [start, end] = chunks[next++];
      held.set(w, held.get(w)! + 1);
      w.postMessage({ settings: s, start, end });
    };
    for (let i = 0; i < Math.min(n, chunks.length); i++) {
      const w = new Worker(worker.url, { argv: worker.argv, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
      pool.push(w);
      held.set(w, 0);
      live++;
      w.on('message', (m: { ok: true; result: ChunkResult } | { ok: false; error: string; start: number }) => {
        if (!m.ok) return fail(new Error(`game ${m.start}…: ${m.error}`));
        held.set(w, held.get(w)! - 1);
        absorb(m.result);
        give(w);
      });
      w.on('error', fail);
      w.on('exit', (code) => {
        const unfinished = held.get(w)!;
        if (unfinished > 0 || code !== 0) {
          fail(new Error(`a simulation worker stopped (exit code ${code}) with ${unfinished} chunk(s) of games unfinished: the run is incomplete, run it again`));
        }
        if (--live === 0 && !failed) resolve();
      });
    }
    // Chunks are dealt round the pool, so the first big ones spread over every worker.
    for (let k = 0; k < IN_FLIGHT; k++) for (const w of pool) give(w);
  });
}
