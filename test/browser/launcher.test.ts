/**
 * The launcher view in a real Chromium: a test page (fixtures/launcher.html) built by Vite and
 * served by its preview server, with the page's launcher (the real machine on the real clock)
 * under a LauncherView. Every wait is on what the page shows.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Page } from 'playwright';
import { useFixturePage } from './fixture-pages.ts';
import { axeProblems } from './web.ts';
import { needs } from '../tools.ts';
import { CHROMIUM_PAGE_MS } from '../budgets.ts';

/** What the fixture puts on `window.fixture` (read through page.evaluate). */
interface Fixture {
  results: { cards: string[]; halfOut: boolean; jam: boolean; empty: boolean; dinged: boolean }[];
  played: { kind: string; heard: boolean; pace?: number }[];
  landed: { seat: number; card: string; halfOut: boolean; inside: boolean; at: number }[];
  aim(seat: number): Promise<void>;
  load(n: number): Promise<void>;
  clearJam(): Promise<void>;
  lid(open: boolean): void;
  sound: { asleep: boolean };
  game: Record<'lay' | 'draw' | 'uno' | 'win', [(ctx: BaseAudioContext, at: number) => number, unknown]>;
  launcher: { press(): Promise<unknown> };
  renderDing(ctx: BaseAudioContext, at?: number, out?: AudioNode, pace?: number): number;
  DING: { hz: number; seconds: number; peak: number };
}
declare const fixture: Fixture;

describe.runIf(needs('chromium'))('the launcher view in Chromium', () => {
  const fixturePage = useFixturePage('launcher.html');
  const errors: string[] = [];

  /** The fixture page with `query`, console errors and page errors collected. */
  interface Open { reducedMotion?: 'reduce' | 'no-preference'; viewport?: { width: number; height: number }; hasTouch?: boolean }
  async function open(query: string, o: Open = {}): Promise<Page> {
    // A context of its own (axe opens a page in it), closed when the test finishes.
    const context = await fixturePage.browser.newContext({
      viewport: o.viewport ?? { width: 1000, height: 700 }, reducedMotion: o.reducedMotion ?? 'no-preference', hasTouch: o.hasTouch ?? false,
    });
    onTestFinished(() => context.close());
    const page = await context.newPage();
    page.on('console', (m) => m.type() === 'error' && errors.push(`${query}: ${m.text()}`));
    page.on('pageerror', (e) => errors.push(`${query}: ${e.message}`));
    await page.goto(`${fixturePage.url}?${query}`);
    await page.getByRole('region', { name: 'Launcher' }).waitFor();
    return page;
  }

  const region = (page: Page) => page.getByRole('region', { name: 'Launcher' });
  /** The lines that say what the last press did. */
  const story = (page: Page) => region(page).locator('[data-launcher-story]');
  const landedCount = (page: Page) => page.evaluate(() => fixture.landed.length);

  it('renders the ding offline as a bell: loud, ringing, at its pitch', async () => {
    const page = await open('');
    const m = await page.evaluate(async () => {
      const rate = 48_000;
      const ctx = new OfflineAudioContext(1, rate * (fixture.DING.seconds + 0.2), rate);
      const end = fixture.renderDing(ctx, 0);
      const data = (await ctx.startRendering()).getChannelData(0);
      let peak = 0;
      for (const v of data) peak = Math.max(peak, Math.abs(v));
      let last = 0;
      for (let i = 0; i < data.length; i++) if (Math.abs(data[i]) > peak * 0.002) last = i;
      let sum = 0;
      for (let i = 0; i < rate * 0.5; i++) sum += data[i] * data[i];
      // The strongest frequency from 200 Hz to 8 kHz over 0.1..0.3 s (Goertzel, 4 Hz steps).
      const from = rate * 0.1;
      const n = rate * 0.2;
      let best = { hz: 0, power: 0 };
      for (let hz = 200; hz <= 8000; hz += 4) {
        const k = 2 * Math.cos((2 * Math.PI * hz) / rate);
        let s1 = 0;
        let s2 = 0;
        for (let i = from; i < from + n; i++) [s1, s2] = [data[i] + k * s1 - s2, s1];
        const power = s1 * s1 + s2 * s2 - k * s1 * s2;
        if (power > best.power) best = { hz, power };
      }
      return { end, peak, rms: Math.sqrt(sum / (rate * 0.5)), seconds: last / rate, hz: best.hz, expected: fixture.DING };
    });
    expect(m.end).toBeCloseTo(m.expected.seconds, 5);
    // Loud (−8 dBFS or more at its strike) and never clipped.
    expect(m.peak).toBeGreaterThan(0.4);
    expect(m.peak).toBeLessThan(1);
    // Loud through its first half second (−18 dBFS RMS): a bell ringing on, where a blip that
    // dies in a few tenths of a second (the old 0.8 s sine: 0.096) averages far less.
    expect(m.rms).toBeGreaterThan(0.12);
    // It rings on for more than 1.3 s (to −54 dB of its peak), dying away by its end.
    expect(m.seconds).toBeGreaterThan(1.3);
    expect(m.seconds).toBeLessThanOrEqual(m.expected.seconds);
    // Its fundamental is the strongest frequency, where the sound module says.
    expect(Math.abs(m.hz - m.expected.hz)).toBeLessThanOrEqual(m.expected.hz * 0.01);
  });

  it('renders the game\'s sounds offline: each short and heard, the laid card falling and the drawn one rising', async () => {
    const page = await open('');
    const m = await page.evaluate(async () => {
      const rate = 48_000;
      const out: Record<string, { end: number; peak: number; seconds: number; crossings: [number, number] }> = {};
      for (const [name, [render]] of Object.entries(fixture.game)) {
        const ctx = new OfflineAudioContext(1, rate * 1.5, rate);
        const end = render(ctx, 0);
        const data = (await ctx.startRendering()).getChannelData(0);
        let peak = 0;
        for (const v of data) peak = Math.max(peak, Math.abs(v));
        let last = 0;
        for (let i = 0; i < data.length; i++) if (Math.abs(data[i]) > peak * 0.002) last = i;
        // Its pitch in its first and last thirds, as zero crossings per second.
        const third = Math.floor((end * rate) / 3);
        const cross = (from: number) => {
          let n = 0;
          for (let i = from + 1; i < from + third; i++) if (data[i - 1] < 0 !== data[i] < 0) n++;
          return (n * rate) / third;
        };
        out[name] = { end, peak, seconds: last / rate, crossings: [cross(0), cross(2 * third)] };
      }
      return out;
    });
    expect(Object.keys(m)).toEqual(['lay', 'draw', 'uno', 'win']);
    for (const [name, s] of Object.entries(m)) {
      // Short (a laid card is a tenth of a second; a win rings on under a second and a half), heard, never clipped.
      expect(s.end, name).toBeLessThan(name === 'win' ? 1.5 : 0.3);
      expect(s.seconds, name).toBeLessThanOrEqual(s.end);
      expect(s.peak, name).toBeGreaterThan(0.1);
      expect(s.peak, name).toBeLessThan(1);
    }
    expect(m.lay.crossings[1]).toBeLessThan(m.lay.crossings[0] * 0.7);
    expect(m.draw.crossings[1]).toBeGreaterThan(m.draw.crossings[0] * 1.4);
  });

  it('a quickening ding (dingPulse): the bell and the button\'s light ring are quicker at each empty press', async () => {
    const page = await open('pulse=1&fire=0.000001&presses=3');
    const ring = () => page.evaluate(() => {
      const el = document.querySelector('.ul-ding-ring') as SVGElement;
      // The animation's length as the page runs it (read from the style: the ring may be over by now).
      return { ms: Number(el.dataset.dingRingMs), running: Math.round(parseFloat(getComputedStyle(el).animationDuration) * 1000) };
    });
    const rings: { ms: number; running: number }[] = [];
    for (let i = 1; i <= 3; i++) {
      await page.getByRole('button', { name: 'Press the launcher' }).click();
      await page.locator(`[data-dings="${i}"]`).waitFor();
      rings.push(await ring());
      await page.waitForFunction((n) => fixture.results.length === n, i);
    }
    expect(await page.evaluate(() => fixture.results.map((r) => r.cards.length))).toEqual([0, 0, 0]);
    // The whole bell, then half, then a quarter: the bell's length and the ring's at the same pace.
    expect(await page.evaluate(() => fixture.played.map((p) => p.pace ?? 1))).toEqual([1, 0.5, 0.25]);
    expect(rings).toEqual([{ ms: 500, running: 500 }, { ms: 250, running: 250 }, { ms: 125, running: 125 }]);
    const { end, seconds } = await page.evaluate(() => ({ end: fixture.renderDing(new OfflineAudioContext(1, 96_000, 48_000), 0, undefined, 0.25), seconds: fixture.DING.seconds }));
    expect(end).toBeCloseTo(seconds * 0.25, 5);
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
    // A "+3" for this press where they landed, over Ana's area.
    const plus = await page.locator('.ul-plus[data-plus-seat="1"]').evaluate((el) => {
      const r = el.getBoundingClientRect();
      const a = document.querySelector('[data-seat-area="1"]')!.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      return { text: el.textContent, inside: x >= a.left && x <= a.right && y >= a.top && y <= a.bottom };
    });
    expect(plus).toEqual({ text: '+3', inside: true });
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
    await story(page).getByText('Loaded: 20 cards put in (20 in the launcher)').waitFor();
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
      // The "+4" where they landed, there without motion too (it goes by a timer, not an animation).
      expect(await page.locator('.ul-plus[data-plus-seat="1"]').innerText()).toBe('+4');
      const still = await page.evaluate((motion) => ({
        // With no waiting the ding's ring still strikes (the person's motion is on): nothing else moves.
        animations: document.getAnimations()
          .filter((a) => a.playState === 'running' && !(motion === 'true' && a instanceof CSSAnimation && a.animationName === 'ul-ding')).length,
        transition: (document.querySelector('.ul-body') as SVGElement).style.transition,
        motion: document.querySelector('.ul-launcher')!.getAttribute('data-motion'),
      }), motion);
      expect(still).toEqual({ animations: 0, transition: 'none', motion });
    }
  }, CHROMIUM_PAGE_MS); // three pages, each pressed through a four-card burst

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
    expect(await axeProblems(page, { within: '.ul-launcher' })).toEqual([]);
  });

  it('puts its sound to sleep after a silence, and the next ding, with no gesture, wakes it and is heard', async () => {
    const page = await open('burst=2&sleep=150', { viewport: { width: 390, height: 844 }, hasTouch: true });
    await page.getByRole('button', { name: 'Press the launcher' }).tap();
    await story(page).getByText('2 cards went to You').waitFor();
    const state = () => page.evaluate(() => ({ asleep: fixture.sound.asleep, context: (fixture.sound as unknown as { ctx: AudioContext }).ctx.state }));
    // A running context costs the phone CPU every second: once the ding has died away and the silence passed, it sleeps.
    await expect.poll(state).toEqual({ asleep: true, context: 'suspended' });
    // A press that is no gesture (another player's, at a game night): its ding wakes the sound and is heard.
    await page.evaluate(async () => void (await fixture.launcher.press()));
    expect(await page.evaluate(() => fixture.played.map((p) => p.heard))).toEqual([true, true]);
    await expect.poll(state).toEqual({ asleep: false, context: 'running' });
    await expect.poll(state).toEqual({ asleep: true, context: 'suspended' });
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
