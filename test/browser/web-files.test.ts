import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { parseProfileText } from '../../emulator/profile.ts';
import { BUILTIN_PROFILES } from '../../emulator/profiles.ts';
import { parsePlaySave } from '../../game/index.ts';
import { hasChromium } from './chromium.ts';
import { terminalSave } from './positions.ts';
import { clickMove, handOf, newGame, openPage, useWeb, waitForPerson } from './web.ts';

/** Opens a save file in the page through its file picker. */
async function openSaveFile(page: Page, name: string, text: string): Promise<void> {
  await page.locator('label.file', { hasText: 'Open save file' }).locator('input').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
}

/** What the page shows of the position: the hand, the move number, the top card, the question. */
async function position(page: Page) {
  const w = await waitForPerson(page);
  return { hand: await handOf(page), moves: Number(await page.locator('.table').getAttribute('data-moves')), top: await page.locator('.discard').getAttribute('aria-label'), ask: w.ask };
}

/** The page's Save file, as the downloaded file's text. */
async function downloadSave(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save file', exact: true }).click()]);
  expect(download.suggestedFilename()).toBe('uno-extreme-save.json');
  return readFileSync((await download.path())!, 'utf8');
}

describe.skipIf(!hasChromium && !process.env.CI)('the browser game\'s files: saves shared with the terminal game, profiles', () => {
  const web = useWeb();
  let cliSave: string;
  beforeAll(async () => {
    cliSave = await terminalSave({ seed: 21, players: 3, answers: 9 });
  });

  it('opens a save the terminal game wrote at the same position, and plays on', async () => {
    const saved = parsePlaySave(cliSave, 'cli.json');
    const { page, errors } = await openPage(web.browser, web.server.url);
    await openSaveFile(page, 'uno-extreme-save.json', cliSave);
    const p = await position(page);
    expect(p.hand).toEqual(saved.match.game.hands[0]);
    expect(p.moves).toBe(saved.match.game.moves);
    expect(await page.locator('.seed').innerText()).toBe('21');
    await clickMove(page, p.ask);
    await expect.poll(async () => Number(await page.locator('.table').getAttribute('data-moves'))).toBeGreaterThan(p.moves);
    expect(errors).toEqual([]);
  });

  it('saves a file the terminal game reads at the same position; opened again, the page goes back to it', async () => {
    const { page, errors } = await openPage(web.browser, web.server.url);
    await newGame(page, { seed: 8, players: 4, name: 'Zoé' });
    let w = await waitForPerson(page);
    for (let i = 0; i < 3; i++) w = await clickMove(page, w.ask).then(() => waitForPerson(page, w.askId));
    const at = await position(page);
    const text = await downloadSave(page);
    const read = parsePlaySave(text, 'page.json');
    expect(read.meta.names).toEqual(['Zoé', 'Bot 1', 'Bot 2', 'Bot 3']);
    expect(read.match.game.hands[0]).toEqual(at.hand);
    expect(read.match.game.moves).toBe(at.moves);
    // Played on, then the file opened again: the position it was saved at.
    for (let i = 0; i < 2; i++) w = await clickMove(page, w.ask).then(() => waitForPerson(page, w.askId));
    expect((await position(page)).moves).toBeGreaterThan(at.moves);
    await openSaveFile(page, 'uno-extreme-save.json', text);
    await expect.poll(() => position(page)).toEqual(at);
    expect(errors).toEqual([]);
  });

  it('refuses a damaged save with the terminal game\'s message, and keeps the game in progress', async () => {
    const { page } = await openPage(web.browser, web.server.url);
    await newGame(page, { seed: 3, players: 3 });
    const before = await position(page);
    const cut = cliSave.slice(0, cliSave.length / 2);
    const edited = JSON.stringify({ ...JSON.parse(cliSave), hash: '0000' });
    for (const [name, text] of [['cut.json', cut], ['edited.json', edited]]) {
      let cli = '';
      try {
        parsePlaySave(text, name);
      } catch (e) {
        cli = (e as Error).message;
      }
      expect(cli).not.toBe('');
      await openSaveFile(page, name, text);
      const alert = page.locator('.banner[role=alert]');
      await expect.poll(() => alert.innerText()).toContain(cli);
      expect(await alert.innerText()).toContain('The game in progress is kept');
      expect(await position(page)).toEqual(before);
      await alert.getByRole('button', { name: 'Dismiss' }).click();
    }
  });

  it('takes a launcher profile from a file, refusing a wrong one with the CLI\'s field-naming error', async () => {
    const { page } = await openPage(web.browser, web.server.url);
    const dialog = page.getByRole('dialog', { name: 'New game' });
    const picker = dialog.locator('label.file', { hasText: 'Profile file' }).locator('input');
    const spec = JSON.parse(JSON.stringify(BUILTIN_PROFILES['seed-0-8'])) as Record<string, unknown>;
    const bad = JSON.stringify({ ...spec, fire: { model: 'hazard', hazard: [0.1, 7] } });
    let cli = '';
    try {
      parseProfileText(bad, 'bad.json');
    } catch (e) {
      cli = (e as Error).message;
    }
    expect(cli).toMatch(/^bad\.json: fire/);
    await picker.setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(bad) });
    await expect.poll(() => dialog.locator('[role=alert]').innerText()).toBe(cli);
    await picker.setInputFiles({ name: 'mine.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ ...spec, name: 'mine' })) });
    await expect.poll(() => dialog.getByLabel('Launcher profile').inputValue()).toBe('mine.json');
    await newGame(page, { seed: 6, players: 2 });
    await waitForPerson(page);
    expect(parsePlaySave(await downloadSave(page), 'x.json').meta.profile).toBe('mine.json');
  });
});
