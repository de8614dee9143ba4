/**
 * The browser game on a board running this project's firmware: the virtual launcher (the firmware
 * on avr8js in the page's worker) and "Connect a launcher" through a fake `navigator.serial`
 * backed by the same firmware on the emulated board, unplugged and replugged in the middle of a
 * burst; and each taken up again by a reloaded page (the same kind of launcher, loaded with the
 * kept game's supply), or, when the USB one is not allowed any more, reconnected or swapped for
 * the simulated one. Each waits on what the page shows; the launcher runs at 1×, as a motor does.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { BOARD_REAL_TIME_MS, CHROMIUM_PAGE_MS } from '../budgets.ts';
import { hex } from '../firmware/boot.ts';
import { loadLang, type Words } from '../../words/catalogue.ts';
import { englishOnly, wordsOf } from '../words/english.ts';
import { clickMove, keptMatch, newGame, openPage, useWeb, waitForPerson } from './web.ts';
import { needs } from '../tools.ts';

/** The launcher's status line, as the page shows it. */
async function bar(page: Page): Promise<{ link: string; cards: number; board: string; boardLeft: string; text: string }> {
  const b = page.locator('.device-bar');
  return {
    link: (await b.getAttribute('data-link'))!, cards: Number(await b.getAttribute('data-cards')), board: (await b.getAttribute('data-board-cards'))!,
    boardLeft: (await b.getAttribute('data-board-left'))!, text: await b.innerText(),
  };
}

/** The cards left in the kept game's supply (its save and the journal after it, kept at every move). */
async function keptSupply(page: Page): Promise<number> {
  return (await keptMatch(page)).game.supply.length;
}

/** The cards the page's launcher machine holds (what the launcher view shows). */
async function machineSupply(page: Page): Promise<number> {
  return Number(await page.getByRole('region', { name: 'Launcher', exact: true }).getAttribute('data-supply'));
}

type FakeLauncher = {
  unplugMidBurst(): Promise<{ sensed: number; burstCards: number }>;
  unplug(): void;
  plugWhenStopped(): Promise<number>;
  revoke(): void;
  holdPort(): Promise<void>;
  report(): { sensed: number; left: number; requests: number; newPortObject: boolean; lockedCloses: number; motor: string };
};
/** Calls the page's `window.fakeLauncher.<what>()`. */
const fake = <K extends keyof FakeLauncher>(page: Page, what: K): Promise<Awaited<ReturnType<FakeLauncher[K]>>> =>
  page.evaluate((w: string) => (globalThis as unknown as { fakeLauncher: Record<string, () => unknown> }).fakeLauncher[w](), what) as Promise<Awaited<ReturnType<FakeLauncher[K]>>>;

let boardScript: string | null = null;
/** The page script of the USB launcher behind a fake `navigator.serial` (web-device-page.ts, bundled once). */
async function usbBoard(): Promise<string> {
  if (boardScript) return boardScript;
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('./web-device-page.ts', import.meta.url))],
    bundle: true, write: false, format: 'iife', platform: 'browser', target: 'es2022', logLevel: 'silent',
  });
  return (boardScript = `const LAUNCHER_HEX = ${JSON.stringify(hex())};\n${bundle.outputFiles[0].text}`);
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

const FR = await loadLang('fr');

/** Starts a game on the launcher chosen in the form (`Virtual launcher`, or `Connect a launcher` and its button), the page read in the words of `w`. */
async function startOn(page: Page, choice: 'virtual' | 'serial', w?: Words): Promise<void> {
  const dialog = page.getByRole('dialog', { name: w ? w.t('page.newGame') : 'New game' });
  await dialog.waitFor();
  const label = w ? w.t(choice === 'virtual' ? 'device.virtual' : 'device.serial') : choice === 'virtual' ? /^Virtual launcher/ : /^Connect a launcher/;
  await dialog.getByLabel(label).check();
  if (choice === 'serial') await dialog.getByRole('button', { name: w ? w.t('device.connect') : 'Connect…' }).click();
  await dialog.locator('.launcher-device [data-link=connected]').waitFor({ timeout: BOARD_REAL_TIME_MS });
  await newGame(page, { seed: 21, players: 2 }, w);
}

// Each test's budget: a BOARD_REAL_TIME_MS for every stretch a board boots or connects and plays
// at 1× (a replug or a reload is a second one).
describe.runIf(needs('chromium'))('the browser game on the firmware (real Chromium, avr8js)', () => {
  const web = useWeb();

  /** A fresh page playing a game on the virtual launcher, once the game has counted `cards` cards out of it. */
  async function onVirtual(cards: number): Promise<Awaited<ReturnType<typeof openPage>>> {
    const open = await openPage(web.browser, web.server.url);
    await startOn(open.page, 'virtual');
    await open.page.locator('.device-bar[data-link=connected]').waitFor();
    await playUntil(open.page, async () => (await bar(open.page)).cards >= cards);
    return open;
  }

  it('the virtual launcher: the firmware in the worker plays; the game\'s cards are the ones its sensor counted', async () => {
    const { page, errors } = await onVirtual(4);
    const b = await bar(page);
    // The worker tells its tally every 50 ms: the page shows the board's count as it comes.
    await expect.poll(async () => (await bar(page)).board).toBe(String(b.cards));
    expect(b.text).toMatch(/The virtual launcher is connected/);
    expect(errors).toEqual([]);
  }, BOARD_REAL_TIME_MS);

  it('Connect a launcher: unplugged mid-burst the game says so and waits; replugged (a new port object), no card lost or doubled', async () => {
    const { page, errors } = await openPage(web.browser, web.server.url, { init: await usbBoard() });
    await startOn(page, 'serial');
    const cut = (async () => {
      const at = await fake(page, 'unplugMidBurst');
      await page.locator('.device-bar[data-link=offline]').waitFor();
      const offline = await bar(page);
      const sensedAtPlug = await fake(page, 'plugWhenStopped');
      // The game heard nothing of the cards that left while the cable was out, yet.
      const heardOffline = (await bar(page)).cards;
      await page.locator('.device-bar[data-link=connected]').waitFor({ timeout: BOARD_REAL_TIME_MS });
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
    const r = await fake(page, 'report');
    const b = await bar(page);
    // Every card the board's sensor counted reached the game once: none lost in the unplug, none doubled at the resync.
    expect(b.cards).toBe(r.sensed);
    expect(r).toMatchObject({ newPortObject: true, lockedCloses: 0 });
    expect(errors).toEqual([]);
  }, 2 * BOARD_REAL_TIME_MS);

  it("in French: the cable pulled, the bar says so and tells the board's notice in French, with no English word", async () => {
    const { page, errors } = await openPage(web.browser, web.server.url, { locale: 'fr-FR', init: await usbBoard() });
    await startOn(page, 'serial', FR);
    await page.locator('.device-bar[data-link=connected]').waitFor();
    await fake(page, 'unplug');
    await page.locator('.device-bar[data-link=offline]').waitFor();
    // The notice comes with the link's loss (the session says it, then reports the link down).
    const hint = page.locator('.device-bar .hint').first();
    await expect.poll(() => hint.innerText(), { timeout: 2000 }).toMatch(/^\S+\u00a0: la liaison est perdue \(le distributeur a été débranché \(son appareil USB a disparu\)\)\u00a0; reconnexion en cours\. Vérifie le câble USB/);
    const english = englishOnly();
    const text = await page.locator('.device-bar').innerText();
    expect(wordsOf(text).filter((w) => english.has(w)), text).toEqual([]);
    expect(errors).toEqual([]);
  }, BOARD_REAL_TIME_MS);

  it('in French: a port another program holds is said in French in the New game form, with no English word', async () => {
    const { page, errors } = await openPage(web.browser, web.server.url, { locale: 'fr-FR', init: await usbBoard() });
    const dialog = page.getByRole('dialog', { name: FR.t('page.newGame') });
    await dialog.waitFor();
    await fake(page, 'holdPort');
    await dialog.getByLabel(FR.t('device.serial')).check();
    await dialog.getByRole('button', { name: FR.t('device.connect') }).click();
    const error = dialog.locator('.launcher-device .error');
    await error.waitFor({ timeout: BOARD_REAL_TIME_MS });
    expect(await error.innerText()).toBe(
      'web-serial:2341:0043 est occupé\u00a0: un autre programme le tient (ferme le moniteur série de l’IDE Arduino, ou l’autre onglet où tourne uno-extreme), puis connecte-le à nouveau',
    );
    const english = englishOnly();
    expect(wordsOf(await error.innerText()).filter((w) => english.has(w))).toEqual([]);
    expect(errors).toEqual([]);
  }, BOARD_REAL_TIME_MS);

  it('a reload goes on with the virtual launcher: started again, loaded with the kept supply, its sensor and the game agreeing', async () => {
    const { page, errors } = await onVirtual(2);
    await page.reload();
    await page.locator('.device-bar[data-link=connected]').waitFor({ timeout: BOARD_REAL_TIME_MS });
    // A fresh board (its roller empty): the game loads its supply into it, then plays on it.
    await playUntil(page, async () => (await bar(page)).cards >= 2);
    const b = await bar(page);
    expect(b.text).toMatch(/The virtual launcher is connected/);
    await expect.poll(async () => (await bar(page)).board).toBe(String(b.cards));
    const supply = await keptSupply(page);
    expect(await machineSupply(page)).toBe(supply);
    await expect.poll(async () => (await bar(page)).boardLeft).toBe(String(supply));
    expect(await page.getByRole('log').innerText()).toMatch(/Resumed at move \d+ of round 1/);
    expect(errors).toEqual([]);
  }, 2 * BOARD_REAL_TIME_MS);

  it('a new game on the virtual launcher: the cards left in it from the last game are taken out before the new supply goes in', async () => {
    const { page, errors } = await onVirtual(2);
    // The board holds what the first game left in it; the second game's deal is from a full deck.
    await newGame(page, { seed: 22, players: 3 });
    await waitForPerson(page);
    const supply = await keptSupply(page);
    expect(await machineSupply(page)).toBe(supply);
    await expect.poll(async () => (await bar(page)).boardLeft).toBe(String(supply));
    expect(errors).toEqual([]);
  }, BOARD_REAL_TIME_MS);

  it('the launcher changed in New game under a round on the virtual one, then Back: the game goes on from its last move on the new one', async () => {
    const { page, errors } = await onVirtual(2);
    await page.getByRole('button', { name: 'New game' }).click();
    const dialog = page.getByRole('dialog', { name: 'New game' });
    await dialog.getByLabel(/^Simulated/).check();
    await dialog.getByRole('button', { name: 'Back' }).click();
    // The board the round was driving is gone: the round goes on from the kept game, on the
    // simulated launcher, which gives cards (a press after the change).
    const before = await keptSupply(page);
    await playUntil(page, async () => (await keptSupply(page)) < before);
    expect(await machineSupply(page)).toBe(await keptSupply(page));
    expect(await page.getByRole('log').innerText()).toMatch(/Resumed at move \d+ of round 1/);
    expect(errors).toEqual([]);
  }, BOARD_REAL_TIME_MS);

  it('a reload goes on with the USB launcher: its port found again without a click, loaded with the kept supply, no card lost', async () => {
    const { page, errors } = await openPage(web.browser, web.server.url, { init: await usbBoard() });
    await startOn(page, 'serial');
    await playUntil(page, async () => (await bar(page)).cards >= 2);
    await page.reload();
    await page.locator('.device-bar[data-link=connected]').waitFor({ timeout: BOARD_REAL_TIME_MS });
    await playUntil(page, async () => (await bar(page)).cards >= 2);
    const r = await fake(page, 'report');
    // No requestPort on the reloaded page: the browser's getPorts gave the port it allowed before.
    expect(r.requests).toBe(0);
    expect((await bar(page)).cards).toBe(r.sensed);
    const supply = await keptSupply(page);
    expect(await machineSupply(page)).toBe(supply);
    expect(r.left).toBe(supply);
    expect(errors).toEqual([]);
  }, 2 * BOARD_REAL_TIME_MS);

  /** A game on the USB launcher, reloaded after the site lost its permission for the port: the page waiting for it. */
  async function reloadedNotAllowed(page: Page) {
    await startOn(page, 'serial');
    await playUntil(page, async () => (await bar(page)).cards >= 1);
    await fake(page, 'revoke');
    await page.reload();
    const waiting = page.locator('.device-bar[data-waiting]');
    await waiting.getByRole('alert').waitFor();
    expect(await waiting.getByRole('alert').innerText()).toBe(
      'The USB launcher used last (web-serial:2341:0043) is not plugged in, or this browser no longer lets the page use it: '
      + 'plug it in and connect it again (the browser asks for its port), or go on with the simulated launcher',
    );
    // The kept game is on the table, waiting: no question asked, no launcher running.
    await page.locator('.hand button.card').first().waitFor();
    expect(await page.locator('.table').getAttribute('data-ask')).toBe('');
    expect(await page.getByRole('region', { name: 'Launcher', exact: true }).count()).toBe(0);
    return waiting;
  }

  it('a reload with the USB launcher no longer allowed says so; Reconnect… asks for the port and plays on, loaded with the kept supply', async () => {
    const { page, errors } = await openPage(web.browser, web.server.url, { init: await usbBoard() });
    const waiting = await reloadedNotAllowed(page);
    await waiting.getByRole('button', { name: 'Reconnect…' }).click();
    await page.locator('.device-bar[data-link=connected]').waitFor({ timeout: BOARD_REAL_TIME_MS });
    await playUntil(page, async () => (await bar(page)).cards >= 1);
    const r = await fake(page, 'report');
    expect(r.requests).toBe(1);
    expect((await bar(page)).cards).toBe(r.sensed);
    expect(r.left).toBe(await keptSupply(page));
    expect(errors).toEqual([]);
  }, 2 * BOARD_REAL_TIME_MS);

  it('…or goes on with the simulated launcher, holding the kept supply; a second reload keeps that choice', async () => {
    const { page, errors } = await openPage(web.browser, web.server.url, { init: await usbBoard() });
    const waiting = await reloadedNotAllowed(page);
    await waiting.getByRole('button', { name: 'Go on with the simulated launcher' }).click();
    const w = await waitForPerson(page);
    expect(await page.locator('.device-bar').count()).toBe(0);
    expect(await machineSupply(page)).toBe(await keptSupply(page));
    await clickMove(page, w.ask);
    await waitForPerson(page, w.askId);
    await page.reload();
    await waitForPerson(page);
    expect(await page.locator('.device-bar').count()).toBe(0);
    expect(await machineSupply(page)).toBe(await keptSupply(page));
    expect((await fake(page, 'report')).requests).toBe(0);
    expect(errors).toEqual([]);
  }, BOARD_REAL_TIME_MS + CHROMIUM_PAGE_MS);
});
