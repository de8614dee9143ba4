// The benchmark's peer: the npm package uno-engine on classic rules, four players, a bot that
// plays its first playable card, else draws (and plays the drawn card if it can). Plain
// JavaScript so that worker threads load it without a TypeScript loader: the benchmark runs it
// in one thread and in one per core, to show how a peer scales on the same machine.
import { createRequire } from 'node:module';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

/** Plays `rounds` rounds; rounds/s and turns/s. */
export function peer(rounds) {
  const { Game, Color } = createRequire(import.meta.url)('uno-engine');
  let turns = 0;
  const t0 = performance.now();
  for (let r = 0; r < rounds; r++) {
    const g = new Game(['a', 'b', 'c', 'd']);
    let over = false;
    g.on('end', () => (over = true));
    for (let guard = 0; !over && guard < 20000; guard++) {
      turns++;
      const hand = g.currentPlayer.hand;
      let card = hand.find((c) => c.isWildCard() || c.matches(g.discardedCard));
      if (!card) {
        g.draw();
        card = hand[hand.length - 1];
        if (!card || !(card.isWildCard() || card.matches(g.discardedCard))) {
          g.pass();
          continue;
        }
      }
      if (card.isWildCard()) card.color = Color.RED;
      g.play(card);
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  return { rounds, seconds, roundsPerSecond: rounds / seconds, turnsPerSecond: turns / seconds };
}

/**
 * `rounds` rounds in each of `threads` worker threads at once; the total rounds/s, wall clock from
 * the spawn to the last thread's exit, as `simulate` times its workers: a thread tearing its
 * isolate down after its result still holds a core, and that belongs to this run, not to whatever
 * the caller measures next.
 */
export async function peerThreads(threads, rounds) {
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: threads }, () => new Promise((resolve, reject) => {
      const w = new Worker(new URL(import.meta.url), { workerData: { rounds } });
      let played = false;
      w.once('message', () => (played = true));
      w.once('error', reject);
      w.once('exit', (code) => (played ? resolve() : reject(new Error(`a peer thread exited (code ${code}) before its result`))));
    })),
  );
  return (threads * rounds) / ((performance.now() - t0) / 1000);
}

if (!isMainThread && workerData?.rounds) parentPort.postMessage(peer(workerData.rounds));
