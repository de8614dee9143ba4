/**
 * The search bots' Web Worker: an ISMCTS decision takes up to a few hundred milliseconds, which
 * on the page's thread would freeze its animations and keys, so the bots that search run here.
 * They are shown every move (to keep what their seat saw) and asked for decisions in order.
 */
import { makeBot, type Bot } from '../../../game/bots/index.ts';
import type { FromSearch, ToSearch } from './protocol.ts';

const post = (m: FromSearch) => (self as unknown as Worker).postMessage(m);
const bots = new Map<number, Bot>();

self.onmessage = (e: MessageEvent<ToSearch>) => {
  const m = e.data;
  if (m.type === 'seats') {
    bots.clear();
    const now = () => performance.now();
    for (const { seat, kind } of m.seats) bots.set(seat, makeBot(kind, { seed: m.seed, seat, profile: m.profile, now, ...(m.budget ? { budget: m.budget } : {}) }));
  } else if (m.type === 'observe') {
    for (const b of bots.values()) b.observe?.(m.state, m.move, m.events);
  } else {
    try {
      const bot = bots.get(m.seat)!;
      const chosen = m.mode === 'turn' ? bot.choose(m.state, m.seat, m.moves) : bot.react(m.state, m.seat, m.moves);
      post({ type: 'decided', id: m.id, index: chosen === null ? -1 : m.moves.indexOf(chosen) });
    } catch (err) {
      post({ type: 'failed', id: m.id, message: (err as Error).message });
    }
  }
};
