/**
 * The launcher alone (`#launcher`) in Chromium on the real server: the families who own the cards
 * and whose toy broke press it and are told how many cards to take from their own draw pile, by
 * mouse or by keys, in English or in French, with no serious accessibility finding.
 */
import { describe, expect, it } from 'vitest';
import { CHROMIUM_PAGE_MS } from '../budgets.ts';
import { needs } from '../tools.ts';
import { axeProblems, openPage, useWeb } from './web.ts';

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
      await expect.poll(() => press.isEnabled()).toBe(true);
    }
    expect(said).toHaveLength(4);
    expect(await axeProblems(page)).toEqual([]);
    expect(errors).toEqual([]);
  }, CHROMIUM_PAGE_MS);

  it('speaks French to a French reader', async () => {
    const { page } = await openPage(web.browser, `${web.server.url}#launcher`, { locale: 'fr-FR' });
    await page.getByRole('heading', { name: 'UNO Extrême · Le lanceur seul' }).waitFor();
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('fr');
  });
});
