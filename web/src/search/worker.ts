/**
 * The search bots' Web Worker (table/search.ts): an ISMCTS decision takes up to a few hundred
 * milliseconds, which on the page's thread would freeze its animations and keys.
 */
import { searchBots, type FromSearch, type ToSearch } from '../../../table/search.ts';

const heard = searchBots((m: FromSearch) => (self as unknown as Worker).postMessage(m), () => performance.now());
self.onmessage = (e: MessageEvent<ToSearch>) => heard(e.data);
