/**
 * Issue 28: what a browser asks of `uno-extreme web` that is not the game — a broken escape in
 * the address — gets a one-line refusal, and the game is still there on the next visit (real
 * Chromium on a real server).
 */
import { describe, expect, it } from 'vitest';
import { needs } from '../tools.ts';
import { openPage, useWeb } from './web.ts';
import { CHROMIUM_PAGE_MS } from '../budgets.ts';

describe.runIf(needs('chromium'))('the web server as Chromium asks it', () => {
  const web = useWeb();

  it('opening /% shows "malformed request target" with 400, and the game opens after it', async () => {
    const { page } = await openPage(web.browser, web.server.url);
    const bad = await page.goto(new URL('/%', web.server.url).href);
    expect(bad?.status()).toBe(400);
    expect((await page.textContent('body'))?.trim()).toBe('malformed request target');
    const good = await page.goto(web.server.url);
    expect(good?.status()).toBe(200);
    await page.getByRole('dialog', { name: 'New game' }).waitFor();
    expect(web.server.child.exitCode).toBe(null);
    // Three page loads in Chromium, the game's own with its scripts.
  }, CHROMIUM_PAGE_MS);
});
