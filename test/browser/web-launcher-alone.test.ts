/**
 * The launcher alone (`#launcher`) in Chromium on the real server: the families who own the cards
 * and whose toy broke press it and are told how many cards to take from their own draw pile, by
 * mouse or by keys, in English or in French, with no serious accessibility finding.
 */
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_PAGE_MS, PAGE_START_MS } from '../budgets.ts';
import { run } from '../cli-run.ts';
import { needs } from '../tools.ts';
import { EN_WORDS } from '../../words/catalogue.ts';
import { launchChromium } from './chromium.ts';
import { axeProblems, openPage, startWeb, useWeb } from './web.ts';

/** Presses once as a person does: when the button is ready; an empty launcher is filled with `load` cards. */
async function pressOnce(page: Page, load = 108): Promise<void> {
  const press = page.getByRole('button', { name: 'Press the launcher' });
  await expect.poll(() => press.isEnabled()).toBe(true);
  const before = await page.locator('.alone-tally caption').innerText();
  await press.click();
  await expect.poll(() => page.locator('.alone-tally caption').innerText()).not.toBe(before);
  const ask = page.getByLabel('How many cards did you put in the launcher?');
  if (await ask.isVisible()) {
    await ask.fill(String(load));
    await page.getByRole('button', { name: 'Close the lid' }).click();
  }
}

/** The tally the page shows: presses by cards out. */
function tallyOf(page: Page): Promise<Record<string, number>> {
  return page.locator('.alone-tally tbody tr').evaluateAll((rows) => Object.fromEntries(rows.map((r) => [r.getAttribute('data-cards')!, Number(r.children[1].textContent)])));
}

describe.runIf(needs('chromium'))('the launcher alone, for the cards a family owns', () => {
  const web = useWeb();

  it('is reached from the New game form, and each press says how many cards to take', async () => {
    const { page, errors } = await openPage(web.browser, web.server.url, { speed: 'instant' });
    await page.getByRole('link', { name: 'The launcher alone, for your own cards' }).click();
    await page.getByRole('heading', { name: 'UNO Extreme · The launcher alone' }).waitFor();
    const status = page.locator('.alone-take');
    const said: string[] = [];
    for (let i = 0; i < 4; i++) {
      const press = page.getByRole('button', { name: 'Press the launcher' });
      await expect.poll(() => press.isEnabled()).toBe(true);
      if (i % 2 === 0) await press.click();
      else (await press.focus(), await page.keyboard.press('Enter'));
      await expect.poll(() => status.innerText()).toMatch(/^(Take \d+ cards? from your draw pile|Nothing came out: no card to take)$/);
      said.push(await status.innerText());
      // The page's own seed is random here: a press may jam the launcher, which a person then clears.
      const clear = page.getByRole('button', { name: EN_WORDS.t('alone.clearJam') });
      await expect.poll(async () => (await press.isEnabled()) || (await clear.isVisible())).toBe(true);
      if (await clear.isVisible()) await clear.click();
      await expect.poll(() => press.isEnabled()).toBe(true);
    }
    expect(said).toHaveLength(4);
    expect(await axeProblems(page)).toEqual([]);
    expect(errors).toEqual([]);
  }, CHROMIUM_PAGE_MS);

  it('pressed 50 times, counts the cards per press the console counts for the same profile, seed and table', async () => {
    const { page, errors } = await openPage(web.browser, `${web.server.url}#launcher?seed=7&profile=seed-0-8&seats=2`, { speed: 'instant' });
    await page.getByText('Seed 7').waitFor();
    for (let i = 0; i < 50; i++) await pressOnce(page);
    expect(await page.locator('.alone-tally caption').innerText()).toBe('50 presses so far');
    const console = JSON.parse(run('launcher', '--presses', '50', '--seed', '7', '--seats', '2', '--json').stdout) as { cardsPerPress: Record<string, number>; reloads: number };
    expect(await tallyOf(page)).toEqual(console.cardsPerPress);
    expect(errors).toEqual([]);
  }, CHROMIUM_PAGE_MS);

  it('turns toward the player tapped, and asks how many cards went in when it is filled', async () => {
    const { page } = await openPage(web.browser, `${web.server.url}#launcher?seed=3&seats=5`, { speed: 'instant' });
    const aim = page.getByRole('group', { name: 'Turn the launcher toward' });
    await aim.getByRole('button', { name: 'Player 4' }).click();
    await expect.poll(() => aim.getByRole('button', { name: 'Player 4' }).getAttribute('aria-pressed')).toBe('true');
    expect(await aim.getByRole('button', { name: 'Player 1' }).getAttribute('aria-pressed')).toBe('false');
    await page.getByRole('button', { name: 'Put cards in' }).click();
    const ask = page.getByLabel('How many cards did you put in the launcher?');
    // 108 cards inside, and the drum takes 112: 5 do not fit, 4 do.
    await ask.fill('5');
    expect(await page.getByRole('button', { name: 'Close the lid' }).isDisabled()).toBe(true);
    await ask.fill('4');
    await page.getByRole('button', { name: 'Close the lid' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Launcher' }).innerText()).toMatch(/112 cards inside/);
    expect(await page.getByRole('button', { name: 'Put cards in' }).isDisabled()).toBe(true);
  }, CHROMIUM_PAGE_MS);

  it('speaks French to a French reader', async () => {
    const { page } = await openPage(web.browser, `${web.server.url}#launcher`, { locale: 'fr-FR' });
    await page.getByRole('heading', { name: 'UNO Extrême · Le lanceur seul' }).waitFor();
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('fr');
  });
});

describe.runIf(needs('chromium'))('the launcher alone, installed', () => {
  it('opens and presses with the server stopped, once its service worker has kept the page', async () => {
    const [server, browser] = await Promise.all([startWeb(['--launcher']), launchChromium()]);
    try {
      // `web --launcher` gives the launcher's own address.
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#launcher$/);
      const { page } = await openPage(browser, server.url);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await page.getByRole('heading', { name: 'UNO Extreme · The launcher alone' }).waitFor();
      await server.stop();
      await page.reload();
      await page.getByRole('heading', { name: 'UNO Extreme · The launcher alone' }).waitFor();
      await pressOnce(page);
      await expect.poll(() => page.locator('.alone-take').innerText()).toMatch(/^(Take \d+ cards? from your draw pile|Nothing came out: no card to take)$/);
    } finally {
      await browser.close();
      await server.stop();
    }
  }, PAGE_START_MS + CHROMIUM_PAGE_MS);
});
