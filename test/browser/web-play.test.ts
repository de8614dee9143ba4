import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright';
import { hasChromium, launchChromium } from './chromium.ts';
import { clickMove, handOf, newGame, openPage, playRound, startWeb, waitForPerson, type WebServer } from './web.ts';

describe.skipIf(!hasChromium && !process.env.CI)('the browser game, played by clicks (real Chromium, real `uno-extreme web`)', () => {
  let server: WebServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startWeb(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('plays a whole round by clicks to its end, with the score table, then deals the next round', async () => {
    const { page, errors, close } = await openPage(browser, server.url);
    try {
      await newGame(page, { seed: 11, players: 4, name: 'Ana' });
      await expect.poll(() => page.getByRole('region', { name: 'Your hand' }).getByRole('button').count()).toBe(7);
      const moves = await playRound(page, 'click');
      expect(moves).toBeGreaterThan(3);
      const over = page.getByRole('dialog', { name: /^Round 1 over: .* went out$/ });
      await over.waitFor();
      const totals = await over.locator('tfoot td').allInnerTexts();
      expect(totals.map(Number).some((t) => t > 0)).toBe(true);
      await expect.poll(() => page.getByRole('log').innerText()).toContain('went out!');
      await over.getByRole('button', { name: 'Next round' }).click();
      await waitForPerson(page);
      expect(await page.locator('.table').getAttribute('data-round')).toBe('1');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('keeps the game across a reload: the same hand, the same move, the same question', async () => {
    const { page, errors, close } = await openPage(browser, server.url);
    try {
      await newGame(page, { seed: 5, players: 3 });
      let w = await waitForPerson(page);
      for (let i = 0; i < 4 && w.phase === 'playing'; i++) {
        await clickMove(page, w.ask);
        w = await waitForPerson(page, w.askId);
      }
      const before = { hand: await handOf(page), moves: await page.locator('.table').getAttribute('data-moves'), ask: w.ask, top: await page.locator('.discard').getAttribute('aria-label') };
      await page.reload();
      const again = await waitForPerson(page);
      expect({ hand: await handOf(page), moves: await page.locator('.table').getAttribute('data-moves'), ask: again.ask, top: await page.locator('.discard').getAttribute('aria-label') }).toEqual(before);
      await expect.poll(() => page.getByRole('log').innerText()).toMatch(/Resumed at move \d+ of round 1/);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('refuses an unplayable card with the engine\'s reason, naming the players', async () => {
    const { page, close } = await openPage(browser, server.url);
    try {
      await newGame(page, { seed: 11, players: 4 });
      await waitForPerson(page);
      const unplayable = page.locator('.hand button.card:not(.playable)').first();
      const label = (await unplayable.getAttribute('aria-label'))!;
      await unplayable.click();
      const alert = page.locator('.actions [role=alert]');
      await alert.waitFor();
      expect(await alert.innerText()).toMatch(new RegExp(`^${label}: a .* cannot be played on a `));
      expect(await alert.innerText()).not.toMatch(/seat \d/);
    } finally {
      await close();
    }
  });
});
