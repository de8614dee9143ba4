/**
 * A worker thread of the rooms' search pool (cli/search-pool.ts): the search bots of the tables
 * it is given, each table's its own (table/search.ts), answering in the order asked.
 */
import { parentPort } from 'node:worker_threads';
import { searchBots, type ToSearch } from '../table/search.ts';
import type { FromPool, ToPool } from './search-pool.ts';

const tables = new Map<number, (m: ToSearch) => void>();
parentPort!.on('message', (m: ToPool) => {
  if ('close' in m) return void tables.delete(m.table);
  let heard = tables.get(m.table);
  if (!heard) {
    heard = searchBots((answer) => parentPort!.postMessage({ table: m.table, m: answer } satisfies FromPool), () => performance.now());
    tables.set(m.table, heard);
  }
  // One table's bots failing to be made (a save's odd budget) takes none of the thread's other
  // tables down: that table is told its worker is lost (a decision's failure searchBots answers).
  try {
    heard(m.m);
  } catch (e) {
    parentPort!.postMessage({ table: m.table, m: { type: 'lost', message: (e as Error).message } } satisfies FromPool);
  }
});
