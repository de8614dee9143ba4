/**
 * The page's search seats (table/search.ts) think in a Web Worker, one for the page: a decision
 * never blocks the page's thread, its animations or its keys.
 */
import type { Profile } from '../../../emulator/profile.ts';
import type { PlayMeta } from '../../../game/playSave.ts';
import { SearchSeats, type FromSearch, type SearchPort } from '../../../table/search.ts';

/** The worker of the page's search bots, as a port. */
function workerPort(): SearchPort {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'search bots' });
  return {
    post: (m) => worker.postMessage(m),
    listen: (heard) => {
      worker.onmessage = (e: MessageEvent<FromSearch>) => heard(e.data);
      // A worker that fails (its script not loaded, out of memory) is lost: the seats play on here.
      worker.onerror = (e) => heard({ type: 'lost', message: e.message });
    },
    close: () => worker.terminate(),
  };
}

/** The search seats of the page's table: its bots made as the terminal game makes them (the launcher's profile, the meta's budget, the wall clock). */
export function pageSearchSeats(meta: Pick<PlayMeta, 'names' | 'me' | 'people' | 'bots' | 'budget'>, seed: number | string, profile: Profile): SearchSeats {
  const seats = new SearchSeats(meta, seed, workerPort, { profile, ...(meta.budget ? { budget: meta.budget } : {}) }, true);
  // A bug in a bot, for the developer tools: the game plays on.
  seats.failed = (e) => console.error(e);
  return seats;
}
