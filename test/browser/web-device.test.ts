/**
 * The browser game on a board running this project's firmware: the virtual launcher (the firmware
 * on avr8js in the page's worker) and "Connect a launcher" through a fake `navigator.serial`
 * backed by the same firmware on the emulated board, unplugged and replugged in the middle of a
 * burst. Each waits on what the page shows; the launcher runs at 1×, as a motor does.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { hex } from '../firmware/boot.ts';
import { hasChromium } from './chromium.ts';
import { clickMove, newGame, openPage, useWeb, waitForPerson } from './web.ts';

/** The launcher's status line, as the page shows it. */
async function bar(page: Page): Promise<{ link: string; cards: number; board: string; text: string }> {
  const b = page.locator('.device-bar');
  return { link: (await b.getAttribute('data-link'))!, cards: Number(await b.getAttribute('data-cards')), board: (await b.getAttribute('data-board-cards'))!, text: await b.innerText() };
}

/**
 * Plays the person's moves (and deals the next round at a round's end) until `enough()` says so at
 * a question for the person, when the launcher is at rest.
 */
async function playUntil(page: Page, enough: () => Promise<boolean>, max = 600): Promise<void> {
  let last = -1;
  for (let n = 0; n < max; n++) {
    const w = await waitForPerson(page, last);
    if (await enough()) return;
    if (w.phase === 'roundOver') {
      await page.getByRole('button', { name: 'Next round' }).click();
      last = -1;
      continue;
    }
    if (w.phase === 'matchOver') throw new Error('the match ended first');
    last = w.askId;
    await clickMove(page, w.ask);
  }
  throw new Error(`not done after ${max} moves`);
}

/** Starts a game on the launcher chosen in the form (`Virtual launcher`, or `Connect a launcher` and its button). */
async function startOn(page: Page, choice: 'virtual' | 'serial'): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'New game' });
  await dialog.waitFor();
  await dialog.getByLabel(choice === 'virtual' ? /^Virtual launcher/ : /^Connect a launcher/).check();
  if (choice === 'serial') await dialog.getByRole('button', { name: 'Connect…' }).click();
  await dialog.locator('.launcher-device [data-link=connected]').waitFor({ timeout: 60_000 });
  await newGame(page, { seed: 21, players: 2 });
}

describe.skipIf(!hasChromium && !process.env.CI)('the browser game on the firmware (real Chromium, avr8js)', () => {
  const web = useWeb();

  it('the virtual launcher: the firmware in the worker plays; the game\'s cards are the ones its sensor counted', async () => {
    const { page, errors } = await openPage(web.browser, web.server.url);
    await startOn(page, 'virtual');
    await page.locator('.device-bar[data-link=connected]').waitFor();
    await playUntil(page, async () => (await bar(page)).cards >= 4);
    const b = await bar(page);
    // The worker tells its tally every 50 ms: the page shows the board's count as it comes.
    await expect.poll(async () => (await bar(page)).board, { timeout: 10_000 }).toBe(String(b.cards));
    expect(b.text).toMatch(/The virtual launcher is connected/);
    expect(errors).toEqual([]);
  }, 240_000);

  it('Connect a launcher: unplugged mid-burst the game says so and waits; replugged (a new port object), no card lost or doubled', async () => {
    const bundle = await build({
      entryPoints: [fileURLToPath(new URL('./web-device-page.ts', import.meta.url))],
      bundle: true, write: false, format: 'iife', platform: 'browser', target: 'es2022', logLevel: 'silent',
    });
    const { page, errors } = await openPage(web.browser, web.server.url, {
      init: `const LAUNCHER_HEX = ${JSON.stringify(hex())};\n${bundle.outputFiles[0].text}`,
    });
    await startOn(page, 'serial');
    const cut = (async () => {
      const at = await page.evaluate(() => (globalThis as unknown as { fakeLauncher: { unplugMidBurst(): Promise<{ sensed: number; burstCards: number }> } }).fakeLauncher.unplugMidBurst());
      await page.locator('.device-bar[data-link=offline]').waitFor();
      const offline = await bar(page);
      const sensedAtPlug = await page.evaluate(() => (globalThis as unknown as { fakeLauncher: { plugWhenStopped(): Promise<number> } }).fakeLauncher.plugWhenStopped());
      // The game heard nothing of the cards that left while the cable was out, yet.
      const heardOffline = (await bar(page)).cards;
      await page.locator('.device-bar[data-link=connected]').waitFor({ timeout: 60_000 });
      return { ...at, offline: offline.text, sensedAtPlug, heardOffline };
    })();
    let unplug: Awaited<typeof cut> | null = null;
    void cut.then((u) => (unplug = u), () => {});
    // Played on until the replug, and then until two more cards came from the launcher.
    let after = -1;
    await playUntil(page, async () => {
      if (!unplug) return false;
      const { cards } = await bar(page);
      if (after < 0) after = cards;
      return cards >= after + 2;
    });
    const u = (await cut)!;
    expect(u.burstCards).toBeGreaterThanOrEqual(1);
    expect(u.offline).toMatch(/is unplugged: plug it back in; the game waits for it/);
    // The burst went on until the board's watchdog stopped it: cards left with nobody listening.
    expect(u.sensedAtPlug).toBeGreaterThan(u.heardOffline);
    const r = await page.evaluate(() => (globalThis as unknown as { fakeLauncher: { report(): Record<string, unknown> } }).fakeLauncher.report());
    const b = await bar(page);
    // Every card the board's sensor counted reached the game once: none lost in the unplug, none doubled at the resync.
    expect(b.cards).toBe(r.sensed);
    expect(r).toMatchObject({ newPortObject: true, lockedCloses: 0 });
    expect(errors).toEqual([]);
  }, 300_000);
});
