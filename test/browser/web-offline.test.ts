/**
 * The page as an app: a web app manifest with its icon (it installs to a home screen), and a
 * service worker that keeps the page, so the one-player game opens again with the server stopped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright';
import { CHROMIUM_PAGE_MS, PAGE_START_MS } from '../budgets.ts';
import { needs } from '../tools.ts';
import { launchChromium } from './chromium.ts';
import { loadLang } from '../../words/catalogue.ts';
import { handAndMoves, newGame, openPage, playMoves, startWeb, waitForPerson, type WebServer } from './web.ts';

const FR = await loadLang('fr');

describe.runIf(needs('chromium'))('the page as an app', () => {
  let server: WebServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startWeb(), launchChromium()]);
  }, PAGE_START_MS);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('names its manifest, whose fields and icon are served', async () => {
    const html = await (await fetch(server.url)).text();
    expect(html).toMatch(/<link rel="manifest" href="\.\/manifest\.webmanifest">/);
    const answer = await fetch(new URL('manifest.webmanifest', server.url));
    expect(answer.headers.get('content-type')).toBe('application/manifest+json');
    const m = (await answer.json()) as { name: string; start_url: string; display: string; icons: { src: string; sizes: string; type: string }[] };
    expect([m.name, m.start_url, m.display]).toEqual(['UNO Extreme', './', 'standalone']);
    const icon = await fetch(new URL(m.icons[0].src, new URL('manifest.webmanifest', server.url)));
    expect([icon.status, icon.headers.get('content-type'), m.icons[0].sizes]).toEqual([200, 'image/svg+xml', 'any']);
    expect(await icon.text()).toMatch(/^<svg /);
  });

  it('opens the one-player game it keeps with the server stopped', async () => {
    const { page, errors } = await openPage(browser, server.url);
    // Kept by the service worker once it controls the page.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await newGame(page, { seed: 5, players: 3 });
    await playMoves(page, 2);
    const kept = await handAndMoves(page);
    await server.stop();
    await page.reload();
    await waitForPerson(page);
    expect(await handAndMoves(page)).toEqual(kept);
    // Only the failed requests to the stopped server may have said anything.
    expect(errors.filter((e) => !/ERR_CONNECTION_REFUSED|Failed to fetch|net::/.test(e))).toEqual([]);
  }, CHROMIUM_PAGE_MS);

  it('speaks French when chosen with the server stopped: the service worker keeps the French catalogue too', async () => {
    const offline = await startWeb();
    try {
      const { page, errors } = await openPage(browser, offline.url, { locale: 'en-GB' });
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await page.getByRole('dialog', { name: 'New game' }).waitFor();
      await offline.stop();
      await page.reload();
      await page.getByRole('dialog', { name: 'New game' }).getByLabel('Language').selectOption('fr');
      await page.getByRole('dialog', { name: FR.t('page.newGame') }).waitFor();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr');
      expect(errors.filter((e) => !/ERR_CONNECTION_REFUSED|Failed to fetch|net::/.test(e))).toEqual([]);
    } finally {
      await offline.stop();
    }
  }, CHROMIUM_PAGE_MS);
});
