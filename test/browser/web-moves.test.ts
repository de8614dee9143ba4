import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright';
import { pressPrompt } from '../../cli/play/words.ts';
import { card, legalMoves, parsePlaySave, type GameState } from '../../game/index.ts';
import { hasChromium, launchChromium } from './chromium.ts';
import { positionWhere } from './positions.ts';
import { clickMove, handOf, openPage, startWeb, waitForPerson, type WebServer } from './web.ts';

const NAMES = ['You', 'Bot 1', 'Bot 2', 'Bot 3'];

async function openSave(page: Page, text: string): Promise<void> {
  await page.locator('label.file', { hasText: 'Open save file' }).locator('input').setInputFiles({ name: 'position.json', mimeType: 'application/json', buffer: Buffer.from(text) });
}

const gameOf = (save: string): GameState => parsePlaySave(save, 'position.json').match.game;
const logText = (page: Page) => page.getByRole('log').innerText();
const pressButton = (page: Page) => page.getByRole('button', { name: 'Press the launcher' });

describe.skipIf(!hasChromium && !process.env.CI)('the browser game\'s moves: UNO, catch, Coup Extrême, presses (real Chromium)', () => {
  let server: WebServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startWeb(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('calls UNO with the play that leaves one card (the big UNO button)', async () => {
    const { save } = await positionWhere((a) => a.mode === 'turn' && a.moves.some((m) => m.type === 'play' && m.uno), { players: 4 });
    const s = gameOf(save);
    const play = legalMoves(s).find((m) => m.type === 'play' && m.seat === 0 && m.uno)!;
    const { page, errors, close } = await openPage(browser, server.url);
    try {
      await openSave(page, save);
      await waitForPerson(page);
      const uno = page.getByRole('button', { name: 'UNO', exact: true });
      await uno.click();
      await expect.poll(() => uno.getAttribute('aria-pressed')).toBe('true');
      await page.locator(`.hand button[data-card="${(play as { card: string }).card}"]`).click();
      while (await page.locator('dialog.pick[open]').count()) await page.locator('dialog.pick[open] .choices button').first().click();
      await expect.poll(() => logText(page)).toContain('You called UNO!');
      await expect.poll(() => handOf(page).then((h) => h.length)).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('catches a bot that forgot its UNO', async () => {
    const { save } = await positionWhere((a) => a.mode === 'react' && a.moves.some((m) => m.type === 'catch'), { players: 4 });
    const s = gameOf(save);
    const forgot = s.uno!;
    const { page, errors, close } = await openPage(browser, server.url);
    try {
      await openSave(page, save);
      expect((await waitForPerson(page)).ask).toBe('react');
      await expect.poll(() => page.locator('.actions .prompt').innerText()).toBe(`${NAMES[forgot]} did not call UNO: catch them, or let it go`);
      await page.getByRole('button', { name: `Catch ${NAMES[forgot]}` }).click();
      await expect.poll(() => logText(page)).toContain(`You caught ${NAMES[forgot]} without UNO`);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('plays a Coup Extrême at a chosen player: the launcher turns to them, the person makes both presses', async () => {
    const isCx = (id: string) => card(id).kind === 'coupExtreme';
    const { save } = await positionWhere((a) => a.mode === 'turn' && a.moves.some((m) => m.type === 'play' && isCx(m.card)), { players: 4 });
    const cx = gameOf(save).hands[0].find((id) => isCx(id) && legalMoves(gameOf(save)).some((m) => m.type === 'play' && m.card === id))!;
    const { page, errors, close } = await openPage(browser, server.url);
    try {
      await openSave(page, save);
      await waitForPerson(page);
      const button = page.getByRole('button', { name: /^Coup Extrême/ }).first();
      expect(await button.getAttribute('data-card')).toBe(cx);
      await page.locator(`.hand button[data-card="${cx}"]`).click();
      await page.getByRole('dialog', { name: 'Coup Extrême: name a colour' }).getByRole('button', { name: /Green/ }).click();
      await page.getByRole('dialog', { name: 'Coup Extrême: at whom?' }).getByRole('button', { name: /^Bot 2 / }).click();
      // Two presses, each the person's, with the launcher facing Bot 2 and the count on the button.
      for (const left of [2, 1]) {
        const w = await waitForPerson(page);
        expect(w.ask).toBe('press');
        await expect.poll(() => page.locator('.aim').getAttribute('data-aim')).toBe('2');
        expect(await page.locator('#press-label').innerText()).toBe(`Coup Extrême: press ${left} more time${left === 1 ? '' : 's'} (the launcher faces Bot 2)`);
        await pressButton(page).click();
        await expect.poll(async () => Number(await page.locator('.table').getAttribute('data-ask-id'))).not.toBe(w.askId);
      }
      await expect.poll(() => logText(page)).toMatch(/You pressed the launcher at Bot 2 \(Coup Extrême\)/);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('presses for a Hit 2 against the person, one press at a time, the count on the button', async () => {
    const { save } = await positionWhere((a, s) => a.mode === 'press' && s.state.pending?.kind === 'press' && s.state.pending.reason === 'hit2', { players: 3 });
    const s = gameOf(save);
    const { page, errors, close } = await openPage(browser, server.url);
    try {
      await openSave(page, save);
      const w = await waitForPerson(page);
      expect(w.ask).toBe('press');
      expect(await page.locator('#press-label').innerText()).toBe(pressPrompt(s.pending as never, NAMES.slice(0, 3)));
      expect(await pressButton(page).isEnabled()).toBe(true);
      await pressButton(page).click();
      await expect.poll(() => logText(page)).toMatch(/You pressed the launcher \(Hit 2\)/);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('a press dings, and the cards it gives arrive in the hand', async () => {
    const { page, errors, close } = await openPage(browser, server.url);
    try {
      const { save } = await positionWhere((a) => a.mode === 'turn', { players: 3, from: 30 });
      await openSave(page, save);
      // Pressed on each of the person's turns until a press gives cards (the seed decides when).
      for (let i = 0; i < 40; i++) {
        let w = await waitForPerson(page);
        if (w.phase !== 'playing') break;
        if (w.ask !== 'turn' || !(await pressButton(page).isEnabled())) {
          await clickMove(page, w.ask);
          continue;
        }
        const before = (await handOf(page)).length;
        const lines = (await logText(page)).split('\n').length;
        await pressButton(page).click();
        w = await waitForPerson(page, w.askId);
        const said = (await logText(page)).split('\n').slice(lines - 1).find((l) => l.startsWith('You pressed the launcher'));
        expect(said).toBeDefined();
        expect(await page.locator('.launcher .flying').innerText()).toMatch(/^♪ ding/);
        const got = /ding! (\d+) cards? for You/.exec(said!);
        if (!got) continue;
        if (w.phase === 'playing') expect((await handOf(page)).length).toBe(before + Number(got[1]));
        expect(errors).toEqual([]);
        return;
      }
      throw new Error('no press gave cards');
    } finally {
      await close();
    }
  });
});
