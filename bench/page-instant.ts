/**
 * What a round at instant speed costs the page, measured rather than timed: whole rounds of the
 * one-player page played by clicks at instant speed (seeds 1..N, four players, extreme), motion
 * allowed, in Chromium on `uno-extreme web` (this clone's, or the clone at `--root DIR`, to
 * compare two versions of the page). Per round: the moves, the page's main-thread time (CDP
 * Performance metrics: script, layout, style, in ms), the frames drawn, and the motion animations
 * started (none at instant speed). `node bin/run-ts.js bench/page-instant.ts [--root DIR] [--rounds N]`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../test/browser/chromium.ts';
import { newGame, playRound } from '../test/browser/web.ts';
import { serveWeb } from './serve.ts';

const arg = (name: string, d: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : d;
};
const ROOT = path.resolve(arg('--root', fileURLToPath(new URL('..', import.meta.url))));
const ROUNDS = Number(arg('--rounds', '4'));

const server = await serveWeb(ROOT);
const browser = await launchChromium();
const rows: Array<{ seed: number; moves: number; scriptMs: number; layoutMs: number; styleMs: number; frames: number; animations: number }> = [];
try {
  for (let seed = 1; seed <= ROUNDS; seed++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'no-preference' });
    await context.addInitScript('globalThis.__name = (f) => f;');
    const page = await context.newPage();
    await page.addInitScript(() => {
      localStorage.setItem('uno-extreme-settings', JSON.stringify({ speed: 'instant', colourBlind: false, sortHand: true }));
      localStorage.setItem('uno-extreme-walkthrough-done', '1');
      const w = window as unknown as { frames: number; animations: number; counting: boolean };
      const counted = new WeakSet<Animation>();
      Object.assign(w, { frames: 0, animations: 0, counting: false });
      const tick = () => {
        if (w.counting) {
          w.frames++;
          for (const a of document.getAnimations()) if (!counted.has(a) && a.id.startsWith('motion-')) (counted.add(a), w.animations++);
        }
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.goto(server.url);
    await newGame(page, { seed, players: 4 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const metrics = async () => Object.fromEntries(((await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> }).metrics.map((m) => [m.name, m.value]));
    const before = await metrics();
    await page.evaluate(() => ((window as unknown as { counting: boolean }).counting = true));
    const moves = await playRound(page, 'click');
    await page.getByRole('dialog', { name: /^(Round 1 over|Match over)/ }).waitFor();
    const after = await metrics();
    const counts = await page.evaluate(() => {
      const w = window as unknown as { frames: number; animations: number };
      return { frames: w.frames, animations: w.animations };
    });
    const ms = (k: string) => Math.round((after[k] - before[k]) * 1000);
    rows.push({ seed, moves, scriptMs: ms('ScriptDuration'), layoutMs: ms('LayoutDuration'), styleMs: ms('RecalcStyleDuration'), frames: counts.frames, animations: counts.animations });
    await context.close();
  }
} finally {
  await browser.close();
  server.stop();
}
console.log(`page at ${ROOT}`);
console.table(rows);
const sum = (k: keyof (typeof rows)[number]) => rows.reduce((n, r) => n + r[k], 0);
console.log(JSON.stringify({ moves: sum('moves'), scriptMs: sum('scriptMs'), layoutMs: sum('layoutMs'), styleMs: sum('styleMs'), frames: sum('frames'), animations: sum('animations') }));
