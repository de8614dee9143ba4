/**
 * The server's search bots think in worker threads (table/search.ts): an ISMCTS decision takes up
 * to a few hundred milliseconds, which on the event loop would hold up every other room's moves
 * and sockets. A few threads serve all the rooms: each table is given to the thread with the
 * fewest, and keeps it (its bots remember what their seats saw). A room then waits on the
 * searches of the rooms that share its thread, never on the event loop.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { workerStart } from '../lib/compiled.js';
import type { FromSearch, SearchPort, ToSearch } from '../table/search.ts';

/** What the pool sends a thread: a table's message, or that the table is done. */
export type ToPool = { table: number; m: ToSearch } | { table: number; close: true };
/** What a thread answers, for one of its tables. */
export interface FromPool {
  table: number;
  m: FromSearch;
}

interface Thread {
  worker: Promise<Worker>;
  /** The tables it serves. */
  tables: Set<number>;
}

/** Threads for the searches of every room: all cores but one (the event loop's), at least one. */
export class SearchPool {
  private readonly threads: Thread[] = [];
  private readonly listeners = new Map<number, (m: FromSearch) => void>();
  private nextTable = 0;
  private closed = false;

  constructor(private readonly size = Math.max(1, availableParallelism() - 1), private readonly entry = 'cli/search-worker.ts') {}

  /** A port for one table's search seats, on the thread with the fewest tables (started when first needed). */
  port(): SearchPort {
    if (this.closed) throw new Error('the search pool is closed');
    const thread = this.threads.length < this.size ? this.start() : this.threads.reduce((a, b) => (b.tables.size < a.tables.size ? b : a));
    const table = this.nextTable++;
    thread.tables.add(table);
    const send = (m: ToPool) => void thread.worker.then((w) => w.postMessage(m), () => undefined);
    return {
      post: (m) => send({ table, m }),
      listen: (heard) => void this.listeners.set(table, heard),
      close: () => {
        if (!thread.tables.delete(table)) return;
        this.listeners.delete(table);
        send({ table, close: true });
      },
    };
  }

  private start(): Thread {
    const thread: Thread = { worker: null!, tables: new Set() };
    // A thread that fails, stops or could not start loses its tables' bots: each table is told,
    // and the thread leaves the pool (the next table starts a new one).
    const lost = (e: Error) => {
      const i = this.threads.indexOf(thread);
      if (i >= 0) this.threads.splice(i, 1);
      for (const table of thread.tables) this.listeners.get(table)?.({ type: 'lost', message: e.message });
      thread.tables.clear();
    };
    thread.worker = workerStart(this.entry).then(({ url, argv }) => {
      const w = new Worker(url, { argv });
      w.on('message', (a: FromPool) => this.listeners.get(a.table)?.(a.m));
      w.on('error', lost);
      w.on('exit', (code) => !this.closed && lost(new Error(`its thread stopped (exit ${code})`)));
      w.unref();
      return w;
    });
    thread.worker.catch(lost);
    this.threads.push(thread);
    return thread;
  }

  /** Stops every thread (the server stopping). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled(this.threads.map(async (t) => (await t.worker).terminate()));
  }
}
