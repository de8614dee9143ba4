/**
 * The launcher view in a real Chromium: a test page (fixtures/launcher.html) built by Vite and
 * served by its preview server, with the page's launcher (the real machine on the real clock)
 * under a LauncherView. Every wait is on what the page shows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Browser, Page } from 'playwright';
import { build, preview, type PreviewServer } from 'vite';
import { launchChromium } from './chromium.ts';
import { needs } from '../tools.ts';
import { PAGE_START_MS } from '../budgets.ts';

const root = join(import.meta.dirname, 'fixtures');

/** What the fixture puts on `window.fixture` (read through page.evaluate). */
interface Fixture {
  results: { cards: string[]; halfOut: boolean; jam: boolean; empty: boolean; dinged: boolean }[];
  played: { kind: string; heard: boolean }[];
  landed: { seat: number; card: string; halfOut: boolean; inside: boolean; at: number }[];
  aim(seat: number): Promise<void>;
  load(n: number): Promise<void>;
  clearJam(): Promise<void>;
  lid(open: boolean): void;
  renderDing(ctx: BaseAudioContext, at?: number): number;
}
declare const fixture: Fixture;

describe.runIf(needs('chromium'))('the launcher view in Chromium', () => {
  let out: string;
  let server: PreviewServer;
  let base: string;
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'uno-launcher-view-'));
    const config = {
      root, configFile: false as const, logLevel: 'warn' as const, base: './',
      oxc: { jsx: { runtime: 'automatic' as const, importSource: 'preact' } },
      build: { outDir: out, emptyOutDir: true, rollupOptions: { input: join(root, 'launcher.html') } },
    };
    await build(config);
    server = await preview({ ...config, preview: { host: '127.0.0.1', port: 0 } });
    base = server.resolvedUrls!.local[0];
    browser = await launchChromium();
  }, PAGE_START_MS);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (out) rmSync(out, { recursive: true, force: true });
  });

  /** The fixture page with `query`, console errors and page errors collected. */
  interface Open { reducedMotion?: 'reduce' | 'no-preference'; viewport?: { width: number; height: number }; hasTouch?: boolean }
  async function open(query: string, o: Open = {}): Promise<Page> {
    // A context of its own (axe opens a page in it), closed when the test finishes.
    const context = await browser.newContext({
      viewport: o.viewport ?? { width: 1000, height: 700 }, reducedMotion: o.reducedMotion ?? 'no-preference', hasTouch: o.hasTouch ?? false,
    });
    onTestFinished(() => context.close());
    const page = await context.newPage();
    page.on('console', (m) => m.type() === 'error' && errors.push(`${query}: ${m.text()}`));
    page.on('pageerror', (e) => errors.push(`${query}: ${e.message}`));
    await page.goto(`${base}launcher.html?${query}`);
    await page.getByRole('region', { name: 'Launcher' }).waitFor();
    return page;
  }

  const region = (page: Page) => page.getByRole('region', { name: 'Launcher' });
  /** The lines that say what the last press did. */
  const story = (page: Page) => region(page).locator('[data-launcher-story]');
  const landedCount = (page: Page) => page.evaluate(() => fixture.landed.length);

  it('renders the ding offline at its pitch and length', async () => {
    const page = await open('');
    const m = await page.evaluate(async () => {
      const rate = 48_000;
      const ctx = new OfflineAudioContext(1, rate * 1.2, rate);
      const end = fixture.renderDing(ctx, 0);
      const data = (await ctx.startRendering()).getChannelData(0);
      let peak = 0;
      for (const v of data) peak = Math.max(peak, Math.abs(v));
      let last = 0;
      for (let i = 0; i < data.length; i++) if (Math.abs(data[i]) > peak * 0.002) last = i;
      // Upward zero crossings over 0.1..0.3 s: the pitch.
      let ups = 0;
      for (let i = rate * 0.1; i < rate * 0.3; i++) if (data[i - 1] < 0 && data[i] >= 0) ups++;
      return { end, peak, seconds: last / rate, hz: ups / 0.2 };
    });
    expect(m.end).toBeCloseTo(0.8, 5);
    expect(m.peak).toBeGreaterThan(0.2);
    expect(m.hz).toBeGreaterThan(1568 * 0.98);
    expect(m.hz).toBeLessThan(1568 * 1.02);
    // It dies away to −54 dB of its peak a little before its end (the fall reaches −60 dB there).
    expect(m.seconds).toBeGreaterThan(0.65);
    expect(m.seconds).toBeLessThanOrEqual(0.8);
  });

  it('a press dings, heard only after the first gesture, and its cards land one by one at the aimed seat', async () => {
    const page = await open('burst=3&presses=2');
    // Before any gesture: the machine dings, nothing is heard.
    await page.evaluate(() => fixture.aim(1));
    await region(page).getByText('Aimed at Ana').waitFor();
    await page.evaluate(async () => void (await (window as unknown as { fixture: { launcher: { press(): Promise<unknown> } } }).fixture.launcher.press()));
    expect(await page.evaluate(() => fixture.played)).toEqual([{ kind: 'ding', heard: false }]);
    await page.waitForFunction(() => fixture.landed.length === 3);

    await page.getByRole('button', { name: 'Press the launcher' }).click();
    await page.locator('[data-dings="2"]').waitFor();
    await page.waitForFunction(() => fixture.landed.length === 6);
    const f = await page.evaluate(() => ({ played: fixture.played, landed: fixture.landed, results: fixture.results }));
    expect(f.played).toEqual([{ kind: 'ding', heard: false }, { kind: 'ding', heard: true }]);
    expect(f.results).toHaveLength(1);
    expect(f.landed.slice(3).map((x) => x.card)).toEqual(f.results[0].cards);
    expect(f.landed.every((x) => x.seat === 1 && x.inside)).toBe(true);
    // One by one: each lands after the one before.
    const at = f.landed.slice(3).map((x) => x.at);
    expect(at[1]).toBeGreaterThan(at[0]);
    expect(at[2]).toBeGreaterThan(at[1]);
    await expect(story(page).getByText('3 cards went to Ana').count()).resolves.toBe(1);
    await expect(page.getByText('Hit 2: press 1 more time').count()).resolves.toBe(1);
  });

  it('turns to a target seat in the travel time, pointing at its area', async () => {
    const page = await open('');
    await page.evaluate(() => void fixture.aim(2));
    await region(page).getByText('Turning to Ben').waitFor();
    const transition = await page.locator('.ul-body').evaluate((el) => (el as SVGElement).style.transition);
    // Seat 2 of 4 is half a turn from seat 0: 1 s at 180°/s.
    expect(transition).toContain('1000ms');
    await region(page).getByText('Aimed at Ben').waitFor();
    /** How far the drawing's mouth is from facing seat 2's area, degrees. */
    const miss = () => page.evaluate(() => {
      const svg = document.querySelector('.ul-toy')!.getBoundingClientRect();
      const area = document.querySelector('[data-seat-area="2"]')!.getBoundingClientRect();
      const want = (Math.atan2(area.top + area.height / 2 - (svg.top + svg.height / 2), area.left + area.width / 2 - (svg.left + svg.width / 2)) * 180) / Math.PI;
      const off = (((Number(document.querySelector('.ul-body')!.getAttribute('data-angle')) - want) % 360) + 360) % 360;
      return Math.min(off, 360 - off);
    });
    expect(await miss()).toBeLessThan(1.5);
    // The page moves the seat (a new layout): the drawing follows it at once.
    await page.evaluate(() => Object.assign((document.querySelector('[data-seat-area="2"]') as HTMLElement).style, { left: '740px', top: '10px' }));
    const before = await miss();
    await page.evaluate(() => dispatchEvent(new Event('resize')));
    expect(before).toBeGreaterThan(20);
    await expect.poll(miss).toBeLessThan(1.5);
  });

  it('shows the launcher running empty, and its reload', async () => {
    const page = await open('burst=5&supply=3&speed=2');
    await page.getByRole('button', { name: 'Press the launcher' }).click();
    await story(page).getByText('The launcher ran empty').waitFor();
    await page.waitForFunction(() => fixture.landed.length === 3);
    await expect(page.locator('.ul-empty-label').count()).resolves.toBe(1);
    await page.evaluate(() => fixture.load(20));
    // The lid shows open for the reload (half of 900 ms at 2×), then shut.
    await region(page).locator('xpath=self::*[@data-lid="open"]').waitFor();
    await region(page).locator('xpath=self::*[@data-lid="closed"]').waitFor();
    await story(page).getByText('Reloaded: the discard pile shuffled back in (20 cards, 20 in the launcher)').waitFor();
    await expect(page.locator('.ul-empty-label').count()).resolves.toBe(0);
    await region(page).getByText('20 cards inside').waitFor();
  });

  it('shows a jam, and a card left sticking out going to the presser', async () => {
    const jam = await open('jam=1');
    await jam.getByRole('button', { name: 'Press the launcher' }).click();
    await story(jam).getByText(/^Jammed/).waitFor();
    await expect(jam.locator('.ul-stuck-jam').count()).resolves.toBe(1);
    await jam.evaluate(() => fixture.clearJam());

    // Ana presses aimed at Cleo (a Coup Extrême): the two cards are Cleo's, the one sticking out Ana's.
    const half = await open('burst=2&room&halfOut=1&presser=1');
    await half.evaluate(() => fixture.aim(3));
    await half.getByRole('button', { name: 'Press the launcher' }).click();
    await half.locator('.ul-stuck-half-out').waitFor();
    await story(half).getByText('A card was left sticking out: Ana takes it').waitFor();
    await story(half).getByText('2 cards went to Cleo').waitFor();
    await half.waitForFunction(() => fixture.landed.length === 3);
    const landed = await half.evaluate(() => fixture.landed);
    expect(landed.map((x) => [x.seat, x.halfOut, x.inside])).toEqual([[3, false, true], [3, false, true], [1, true, true]]);
  });

  it('with reduced motion, or no waiting, animates nothing and still says what happened', async () => {
    const cases = [['burst=4', 'reduce', 'false'], ['burst=4&reduced', 'no-preference', 'false'], ['burst=4&speed=instant', 'no-preference', 'true']] as const;
    for (const [query, media, motion] of cases) {
      const page = await open(query, { reducedMotion: media });
      await page.evaluate(() => void fixture.aim(1));
      await region(page).getByText('Aimed at Ana').waitFor();
      await page.getByRole('button', { name: 'Press the launcher' }).click();
      // The ding is seen without motion: the button stays lit while the press lasts (with no waiting, no time at all).
      if (motion === 'false') await page.locator('.ul-button-cap-lit').waitFor();
      await story(page).getByText('4 cards went to Ana').waitFor();
      await expect(page.locator('.ul-button-cap-lit').count()).resolves.toBe(0);
      await page.waitForFunction(() => fixture.landed.length === 4);
      const still = await page.evaluate((motion) => ({
        // With no waiting the ding's ring still strikes (the person's motion is on): nothing else moves.
        animations: document.getAnimations()
          .filter((a) => a.playState === 'running' && !(motion === 'true' && a instanceof CSSAnimation && a.animationName === 'ul-ding')).length,
        transition: (document.querySelector('.ul-body') as SVGElement).style.transition,
        motion: document.querySelector('.ul-launcher')!.getAttribute('data-motion'),
      }), motion);
      expect(still).toEqual({ animations: 0, transition: 'none', motion });
    }
  });

  it('shows low batteries and the lid', async () => {
    // Just above the warning's voltage: the press's motor time crosses it.
    const page = await open('charge=0.333345');
    await page.getByRole('button', { name: 'Press the launcher' }).click();
    await story(page).getByText('3 cards went to You').waitFor();
    await region(page).getByText(/V: low$/).waitFor();
    await page.evaluate(() => fixture.lid(true));
    await region(page).getByText(/^Lid open/).waitFor();
    await page.evaluate(() => fixture.lid(false));
    await region(page).getByText(/^Lid closed/).waitFor();
    expect(await page.evaluate(() => fixture.played.map((p) => p.kind))).toEqual(['ding', 'low', 'beep']);
  });

  it('presses by keyboard alone, and has no serious or critical accessibility violation', async () => {
    const page = await open('burst=2');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Press the launcher');
    await page.keyboard.press('Enter');
    await story(page).getByText('2 cards went to You').waitFor();
    // The keydown was the first gesture: the ding was heard.
    expect(await page.evaluate(() => fixture.played)).toEqual([{ kind: 'ding', heard: true }]);
    const { violations } = await new AxeBuilder({ page }).include('.ul-launcher').analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it("fits a phone's width with no horizontal scroll, and a tap starts the sound", async () => {
    const page = await open('layout=phone&burst=2', { viewport: { width: 390, height: 844 }, hasTouch: true });
    // A touch counts as a gesture only at its end: the ding of the tapped press is heard.
    await page.getByRole('button', { name: 'Press the launcher' }).tap();
    await story(page).getByText('2 cards went to You').waitFor();
    expect(await page.evaluate(() => fixture.played)).toEqual([{ kind: 'ding', heard: true }]);
    const fit = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      region: document.querySelector('.ul-launcher')!.getBoundingClientRect().right,
    }));
    expect(fit.page).toBeLessThanOrEqual(390);
    expect(fit.region).toBeLessThanOrEqual(390);
  });

  it('logged no console error', () => {
    expect(errors).toEqual([]);
  });
});
