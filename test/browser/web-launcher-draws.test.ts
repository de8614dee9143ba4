/**
 * How often the one-player page draws its launcher, and reads where the drawing is, per move of a
 * seeded game in a real Chromium. Counted by Chromium itself: V8's precise coverage counts each
 * call of each function of the page's script (CDP `Profiler.startPreciseCoverage`), so the page
 * carries no counter of its own. The view's function is the one whose code names
 * `data-aim-seat`, the read of where the drawing and a seat are the one that calls `Math.atan2`.
 */
import type { CDPSession, Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_PAGE_MS } from '../budgets.ts';
import { needs } from '../tools.ts';
import { newGame, openPage, playMoves, useWeb } from './web.ts';

/** Precise coverage's answer, as far as it is read here. */
interface Coverage {
  result: { url: string; functions: { ranges: { startOffset: number; endOffset: number; count: number }[] }[] }[];
}

/**
 * The calls, in a coverage taken, of the innermost function of the page's script `url` whose code
 * holds `code` (which must occur in it once: the count is then surely that function's).
 */
async function callsOf(page: Page, url: string, code: string): Promise<(c: Coverage) => number> {
  const src = await (await page.request.get(url)).text();
  const at = src.indexOf(code);
  expect(at, `${code} in the page's script`).toBeGreaterThanOrEqual(0);
  expect(src.indexOf(code, at + 1), `${code} once in the page's script`).toBe(-1);
  return (c) => {
    const around = (c.result.find((s) => s.url === url)?.functions ?? []).map((f) => f.ranges[0]).filter((r) => r.startOffset <= at && at < r.endOffset);
    around.sort((a, b) => a.endOffset - a.startOffset - (b.endOffset - b.startOffset));
    return around[0]?.count ?? 0;
  };
}

/** The game's moves so far (the table's count). */
async function movesOf(page: Page): Promise<number> {
  return Number(await page.locator('.table').getAttribute('data-moves'));
}

/**
 * Renders of the launcher view and reads of where it is, per move, over `mine` of the person's
 * moves (and the bots' moves between them) of seed 11's game with four players.
 */
async function perMove(page: Page, mine: number): Promise<{ moves: number; renders: number; reads: number }> {
  await newGame(page, { seed: 11, players: 4 });
  // The deal and the first turn of the launcher are not counted: a stretch of play is.
  await playMoves(page, 1);
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  // Counted from here: taking the coverage starts the counts again.
  await cdp.send('Profiler.takePreciseCoverage');
  const from = await movesOf(page);
  await playMoves(page, mine);
  const moves = (await movesOf(page)) - from;
  const counted = (await cdp.send('Profiler.takePreciseCoverage')) as Coverage;
  const url = counted.result.map((s) => s.url).find((u) => /\/assets\/index-[^/]*\.js$/.test(u));
  expect(url, 'the page\'s script').toBeDefined();
  const calls = (code: string) => callsOf(page, url!, code).then((of) => of(counted) / moves);
  return { moves, renders: await calls('"data-aim-seat"'), reads: await calls('Math.atan2(') };
}

/** How far the drawing's mouth is from facing the aimed seat's area, degrees. */
function miss(page: Page): Promise<number> {
  return page.evaluate(() => {
    const centre = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    };
    const seat = document.querySelector('.ul-launcher')!.getAttribute('data-aim-seat');
    const [a, b] = [centre(document.querySelector('.ul-toy')!), centre(document.querySelector(`[data-seat-area="${seat}"]`)!)];
    const want = (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
    const off = (((Number(document.querySelector('.ul-body')!.getAttribute('data-angle')) - want) % 360) + 360) % 360;
    return Math.min(off, 360 - off);
  });
}

describe.runIf(needs('chromium'))('the launcher drawn once per change (real Chromium, V8\'s call counts)', () => {
  const web = useWeb();

  // Seed 11 plays the same game at every run: the same moves, presses and turns of the launcher;
  // only how renders fall together in time varies. The view is drawn when the person's press
  // button comes and goes (each of their turns), at each turn of the launcher (its start and its
  // end) and each step of a press (the ding, the cards, the end, the cards landing); it reads
  // where it is at the start and end of a turn and when a size changes. Drawn at every render of
  // the table and read in the frame after each, it was measured above each ceiling here (the
  // commit's body has the figures); each ceiling sits half way, a few renders or reads of this
  // stretch of play either side.
  const CEILING = { instant: { renders: 2.2, reads: 0.65 }, 1: { renders: 1.55, reads: 1.15 } };

  for (const [speed, mine] of [['instant', 6], [1, 3]] as const) {
    it(`at ${speed === 'instant' ? 'instant speed' : '1×'}: drawn when what it shows changes, its place read when a size changes`, async () => {
      const { page, errors } = await openPage(web.browser, web.server.url, { speed });
      const m = await perMove(page, mine);
      expect(m.moves).toBeGreaterThanOrEqual(2 * mine);
      expect(m.renders, `renders per move over ${m.moves} moves`).toBeLessThanOrEqual(CEILING[speed].renders);
      expect(m.reads, `reads of where it is per move over ${m.moves} moves`).toBeLessThanOrEqual(CEILING[speed].reads);
      // Still facing the seat it aims at, after the window changed size (read then, not at a render).
      await expect.poll(() => miss(page)).toBeLessThan(1.5);
      await page.setViewportSize({ width: 1000, height: 720 });
      await expect.poll(() => miss(page)).toBeLessThan(1.5);
      expect(errors).toEqual([]);
    }, CHROMIUM_PAGE_MS);
  }
});
