import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { parseProfileText } from '../../emulator/profile.ts';
import { BUILTIN_PROFILES } from '../../emulator/profiles.ts';
import { fromPosition, parsePlaySave, parsePosition, positionOf, type PlayMeta } from '../../game/index.ts';
import { terminalSave } from './positions.ts';
import { clickMove, handOf, keptMatch, newGame, openPage, useWeb, waitForPerson } from './web.ts';
import { needs } from '../tools.ts';

/** Opens a save file in the page through its file picker. */
async function openSaveFile(page: Page, name: string, text: string): Promise<void> {
  await page.locator('label.file', { hasText: 'Open save file' }).locator('input').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
}

/** What the page shows of the position: the hand, the move number, the top card, the question. */
async function position(page: Page) {
  const w = await waitForPerson(page);
  // The hand as a set of cards: the page shows it sorted by colour.
  return { hand: (await handOf(page)).sort(), moves: Number(await page.locator('.table').getAttribute('data-moves')), top: await page.locator('.discard').getAttribute('aria-label'), ask: w.ask };
}

/** The page's Save file, as the downloaded file's text. */
async function downloadSave(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save file', exact: true }).click()]);
  expect(download.suggestedFilename()).toBe('uno-extreme-save.json');
  return readFileSync((await download.path())!, 'utf8');
}

/** The position of the game the page keeps (its save and the journal after it, kept at every move), as positionOf writes it. */
async function keptPosition(page: Page): Promise<string> {
  return positionOf((await keptMatch(page)).game);
}

/** A game a few moves in, waiting for the person. */
async function gameUnderWay(page: Page): Promise<void> {
  await newGame(page, { seed: 8, players: 3 });
  let w = await waitForPerson(page);
  for (let i = 0; i < 2; i++) w = await clickMove(page, w.ask).then(() => waitForPerson(page, w.askId));
}

describe.runIf(needs('chromium'))('the browser game\'s files: saves shared with the terminal game, profiles, positions', () => {
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
    expect(p.hand).toEqual([...saved.match.game.hands[0]].sort());
    expect(p.moves).toBe(saved.match.game.moves);
    expect(await page.locator('.seed').innerText()).toBe('21');
    await clickMove(page, p.ask);
    await expect.poll(async () => Number(await page.locator('.table').getAttribute('data-moves'))).toBeGreaterThan(p.moves);
    expect(errors).toEqual([]);
  });

  it('opens a terminal save whose search bots think by the clock (--bot-budget 20ms): they play on in the worker', async () => {
    // The play block is the page's to check (the save's hash covers the match): the same game, with ISMCTS bots on a time budget.
    const file = JSON.parse(cliSave) as { play: PlayMeta };
    file.play = { ...file.play, bots: ['ismcts'], budget: { ms: 20 } };
    const { page, errors } = await openPage(web.browser, web.server.url);
    await openSaveFile(page, 'timed.json', JSON.stringify(file));
    const asked = await waitForPerson(page);
    await expect.poll(async () => (await Promise.all(page.workers().map((w) => w.evaluate(() => self.name)))).includes('search bots')).toBe(true);
    const moves = async () => Number(await page.locator('.table').getAttribute('data-moves'));
    const before = await moves();
    await clickMove(page, asked.ask);
    // Ana's move, then a bot's at least, before she is asked again (or the round ends).
    const w = await waitForPerson(page, asked.askId);
    expect(w.phase === 'roundOver' || (await moves()) >= before + 2).toBe(true);
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
    expect([...read.match.game.hands[0]].sort()).toEqual(at.hand);
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
    // The launcher's profile is under More options.
    await dialog.locator('details.more summary').click();
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

  it('copies the position by keyboard, says so, and the text reads back (parsePosition, fromPosition) to the round on the table', async () => {
    const { page, errors } = await openPage(web.browser, web.server.url, { permissions: ['clipboard-read', 'clipboard-write'] });
    await gameUnderWay(page);
    const copy = page.getByRole('button', { name: 'Copy position', exact: true });
    await copy.focus();
    await page.keyboard.press('Enter');
    const said = page.locator('.bar [role=status]');
    await expect.poll(() => said.innerText()).toBe(`Position at move ${await page.locator('.table').getAttribute('data-moves')} copied`);
    const text = await page.evaluate(() => navigator.clipboard.readText());
    expect(parsePosition(text).ok).toBe(true);
    const r = fromPosition(text);
    if (!r.ok) throw new Error(r.error.message);
    // The same cards (the page shows them sorted by colour).
    expect([...r.state.hands[0]].sort()).toEqual((await handOf(page)).sort());
    expect(text).toBe(await keptPosition(page));
    expect(positionOf(r.state)).toBe(text);
    expect(errors).toEqual([]);
  });

  it('with no clipboard (plain http), shows the position selected in a dialog, to copy by hand', async () => {
    const { page, errors } = await openPage(web.browser, web.server.url, { init: "Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });" });
    await gameUnderWay(page);
    await page.getByRole('button', { name: 'Copy position', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy the position' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Not copied: the browser gives this page no clipboard (it does on https and on localhost). The text is selected');
    const area = dialog.getByRole('textbox', { name: 'The position' });
    const text = await area.inputValue();
    expect(text).toBe(await keptPosition(page));
    expect(fromPosition(text).ok).toBe(true);
    // Focused and selected whole: Ctrl+C takes it.
    expect(await area.evaluate((t: HTMLTextAreaElement) => document.activeElement === t && t.selectionStart === 0 && t.selectionEnd === t.value.length)).toBe(true);
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });
});
