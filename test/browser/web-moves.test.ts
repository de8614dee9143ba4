import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { pressPrompt } from '../../table/words.ts';
import { EN_WORDS } from '../../words/catalogue.ts';
import { card, legalMoves, parsePlaySave, type GameState } from '../../game/index.ts';
import { positionWhere } from './positions.ts';
import { clickMove, handOf, openPage, useWeb, waitForPerson } from './web.ts';
import { needs } from '../tools.ts';

const NAMES = ['You', 'Bot 1', 'Bot 2', 'Bot 3'];

async function openSave(page: Page, text: string): Promise<void> {
  await page.locator('label.file', { hasText: 'Open save file' }).locator('input').setInputFiles({ name: 'position.json', mimeType: 'application/json', buffer: Buffer.from(text) });
}

const gameOf = (save: string): GameState => parsePlaySave(save, 'position.json').match.game;
const logText = (page: Page) => page.getByRole('log').innerText();
const pressButton = (page: Page) => page.getByRole('button', { name: 'Press the launcher' });

describe.runIf(needs('chromium'))('the browser game\'s moves: UNO, catch, Coup Extrême, presses (real Chromium)', () => {
  const web = useWeb();

  it('calls UNO with the play that leaves one card (the big UNO button)', async () => {
    const { save } = await positionWhere((a) => a.mode === 'turn' && a.moves.some((m) => m.type === 'play' && m.uno), { players: 4 });
    const s = gameOf(save);
    const play = legalMoves(s).find((m) => m.type === 'play' && m.seat === 0 && m.uno)!;
    const { page, errors } = await openPage(web.browser, web.server.url);
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
  });

  it('catches a bot that forgot its UNO', async () => {
    const { save } = await positionWhere((a) => a.mode === 'react' && a.moves.some((m) => m.type === 'catch'), { players: 4 });
    const s = gameOf(save);
    const forgot = s.uno!;
    const { page, errors } = await openPage(web.browser, web.server.url);
    await openSave(page, save);
    expect((await waitForPerson(page)).ask).toBe('react');
    await expect.poll(() => page.locator('.actions .prompt').innerText()).toBe(`${NAMES[forgot]} did not call UNO: catch them, or let it go`);
    await page.getByRole('button', { name: `Catch ${NAMES[forgot]}` }).click();
    await expect.poll(() => logText(page)).toContain(`You caught ${NAMES[forgot]} without UNO`);
    expect(errors).toEqual([]);
  });

  it('keeps the dialog of a card clicked as soon as its question shows, before the page has painted', async () => {
    const isCx = (id: string) => card(id).kind === 'coupExtreme';
    const { save } = await positionWhere((a) => a.mode === 'turn' && a.moves.some((m) => m.type === 'play' && isCx(m.card)), { players: 4 });
    const cx = gameOf(save).hands[0].find((id) => isCx(id) && legalMoves(gameOf(save)).some((m) => m.type === 'play' && m.card === id))!;
    const { page, errors } = await openPage(web.browser, web.server.url);
    // The card is clicked in the same task as the question is drawn (a quick tap): before the
    // paint, and before whatever the page does after it.
    await page.evaluate((id) => {
      new MutationObserver((_, seen) => {
        const b = document.querySelector<HTMLButtonElement>(`.table[data-ask="turn"] .hand button[data-card="${id}"]`);
        if (!b) return;
        seen.disconnect();
        b.click();
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    }, cx);
    await openSave(page, save);
    const colour = page.getByRole('dialog', { name: 'Coup Extrême: name a colour' });
    await colour.waitFor();
    // Still open a while later: nothing the question's arrival set going closes it.
    await page.evaluate(() => new Promise((done) => setTimeout(done, 300)));
    expect(await colour.isVisible()).toBe(true);
    await colour.getByRole('button', { name: /Green/ }).click();
    await page.getByRole('dialog', { name: 'Coup Extrême: at whom?' }).getByRole('button', { name: /^Bot 2 / }).click();
    await expect.poll(() => logText(page)).toMatch(/You played Coup Extrême/);
    expect(errors).toEqual([]);
  });

  it('plays a Coup Extrême at a chosen player: the launcher turns to them, the person makes both presses', async () => {
    const isCx = (id: string) => card(id).kind === 'coupExtreme';
    const { save } = await positionWhere((a) => a.mode === 'turn' && a.moves.some((m) => m.type === 'play' && isCx(m.card)), { players: 4 });
    const cx = gameOf(save).hands[0].find((id) => isCx(id) && legalMoves(gameOf(save)).some((m) => m.type === 'play' && m.card === id))!;
    // At 1×: the launcher takes its travel time to turn, and the page shows it turning.
    const { page, errors } = await openPage(web.browser, web.server.url, { speed: 1 });
    await openSave(page, save);
    await waitForPerson(page);
    const toy = page.getByRole('region', { name: 'Launcher' });
    const aimedBefore = await toy.getAttribute('data-aim-seat');
    const button = page.getByRole('button', { name: /^Coup Extrême/ }).first();
    expect(await button.getAttribute('data-card')).toBe(cx);
    await page.locator(`.hand button[data-card="${cx}"]`).click();
    await page.getByRole('dialog', { name: 'Coup Extrême: name a colour' }).getByRole('button', { name: /Green/ }).click();
    await page.getByRole('dialog', { name: 'Coup Extrême: at whom?' }).getByRole('button', { name: /^Bot 2 / }).click();
    // Two presses, each the person's, with the launcher facing Bot 2 and the count on the button.
    if (aimedBefore !== '2') await expect.poll(() => toy.getAttribute('data-turning')).toBe('true');
    for (const left of [2, 1]) {
      const w = await waitForPerson(page);
      expect(w.ask).toBe('press');
      await expect.poll(() => toy.getAttribute('data-aim-seat')).toBe('2');
      await expect.poll(() => toy.getAttribute('data-turning')).toBe('false');
      expect(await page.locator('.ul-press-label').innerText()).toBe(`Coup Extrême: press ${left} more time${left === 1 ? '' : 's'} (the launcher faces Bot 2)`);
      await pressButton(page).click();
      await expect.poll(async () => Number(await page.locator('.table').getAttribute('data-ask-id'))).not.toBe(w.askId);
    }
    await expect.poll(() => logText(page)).toMatch(/You pressed at Bot 2 \(Coup Extrême\)/);
    expect(errors).toEqual([]);
  });

  it('plays a 7 whose swap is optional (sevenZeroOptional): "Nobody" keeps every hand as it is', async () => {
    const isSeven = (id: string) => card(id).number === 7;
    const options = { sevenZero: true, sevenZeroOptional: true };
    const { save } = await positionWhere((a) => a.mode === 'turn' && a.moves.some((m) => m.type === 'play' && isSeven(m.card)), { players: 3, options });
    const s = gameOf(save);
    const seven = s.hands[0].find((id) => isSeven(id) && legalMoves(s).some((m) => m.type === 'play' && m.card === id))!;
    const { page, errors } = await openPage(web.browser, web.server.url);
    await openSave(page, save);
    await waitForPerson(page);
    await page.locator(`.hand button[data-card="${seven}"]`).click();
    const dialog = page.getByRole('dialog', { name: /7: who gets your hand\?$/ });
    await dialog.waitFor();
    expect(await dialog.getByRole('button').allInnerTexts()).toEqual(expect.arrayContaining(['Nobody: keep the hands as they are']));
    await dialog.getByRole('button', { name: 'Nobody: keep the hands as they are' }).click();
    await expect.poll(() => logText(page)).toMatch(/You played .*7/);
    // The line after the play is the next turn's, not a trade.
    const lines = (await logText(page)).split('\n');
    const at = lines.findIndex((l) => /^You played .*7/.test(l));
    expect(lines[at + 1] ?? '').not.toMatch(/traded hands/);
    expect(errors).toEqual([]);
  });

  it('presses for a Hit 2 against the person, one press at a time, the count on the button', async () => {
    const { save } = await positionWhere((a, s) => a.mode === 'press' && s.state.pending?.kind === 'press' && s.state.pending.reason === 'hit2', { players: 3 });
    const s = gameOf(save);
    const { page, errors } = await openPage(web.browser, web.server.url);
    await openSave(page, save);
    const w = await waitForPerson(page);
    expect(w.ask).toBe('press');
    expect(await page.locator('.ul-press-label').innerText()).toBe(pressPrompt(s.pending as never, NAMES.slice(0, 3), EN_WORDS));
    expect(await pressButton(page).isEnabled()).toBe(true);
    await pressButton(page).click();
    await expect.poll(() => logText(page)).toMatch(/You pressed \(Hit 2\)/);
    expect(errors).toEqual([]);
  });

  it('a press dings, and the cards it gives arrive in the hand', async () => {
    const { page, errors } = await openPage(web.browser, web.server.url);
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
      const toy = page.getByRole('region', { name: 'Launcher' });
      const dings = Number(await toy.getAttribute('data-dings'));
      await pressButton(page).click();
      w = await waitForPerson(page, w.askId);
      const said = (await logText(page)).split('\n').slice(lines - 1).find((l) => l.startsWith('You pressed'));
      expect(said).toBeDefined();
      expect(Number(await toy.getAttribute('data-dings'))).toBeGreaterThan(dings);
      const got = /ding! (\d+) cards?$/.exec(said!);
      if (!got) continue;
      if (w.phase === 'playing') expect((await handOf(page)).length).toBe(before + Number(got[1]));
      expect(errors).toEqual([]);
      return;
    }
    throw new Error('no press gave cards');
  });

  // The requests of the other rule sets and house rules, each from the first position that asks it.
  const requests: Array<[string, Parameters<typeof positionWhere>[1], (s: GameState) => boolean, (page: Page) => Promise<unknown>, RegExp]> = [
    ['challenges a +4 (classic)', { players: 3, rules: 'classic' }, (s) => s.pending?.kind === 'challenge',
      (page) => page.getByRole('button', { name: 'Challenge the +4' }).click(), /You challenged Bot \d's \+4: it was (legal|illegal)/],
    ['passes after drawing a playable card (classic)', { players: 3, rules: 'classic' }, (s) => s.pending?.kind === 'drawn',
      async (page) => {
        expect(await page.locator('.actions .prompt').innerText()).toMatch(/^You drew .*: play it or pass$/);
        await page.getByRole('button', { name: 'Pass', exact: true }).click();
      }, /Bot \d (played|drew|went out)/],
    ['stacks on a Hit 2 (stacking)', { players: 3, options: { stacking: true } }, (s) => s.pending?.kind === 'stack' && legalMoves(s).some((m) => m.type === 'play' && m.seat === 0),
      (page) => page.locator('.hand button.card.playable').first().click(), /You played .*Hit 2/],
    ['jumps in with an identical card (jump-in)', { players: 4, options: { jumpIn: true } }, (s) => s.turn !== 0 && legalMoves(s).some((m) => m.type === 'play' && m.seat === 0),
      (page) => page.locator('.hand button.card.playable').first().click(), /You played /],
  ];
  for (const [what, setup, holds, act, said] of requests) {
    it(what, async () => {
      const { save } = await positionWhere((a, s) => a.seat === 0 && holds(s.state), setup);
      const { page, errors } = await openPage(web.browser, web.server.url);
      await openSave(page, save);
      await waitForPerson(page);
      const lines = (await logText(page)).split('\n').length;
      await act(page);
      await expect.poll(async () => (await logText(page)).split('\n').slice(lines - 1).join('\n')).toMatch(said);
      expect(Number(await page.locator('.table').getAttribute('data-moves'))).toBeGreaterThan(gameOf(save).moves);
      expect(errors).toEqual([]);
    });
  }

  it('shows the other players\' hands after a Show Hands (extreme-fr)', async () => {
    const { save } = await positionWhere((a, s) => s.state.shown && a.mode === 'turn', { players: 3, rules: 'extreme-fr' });
    const s = gameOf(save);
    const { page, errors } = await openPage(web.browser, web.server.url);
    await openSave(page, save);
    await waitForPerson(page);
    for (const seat of [1, 2]) {
      const shown = page.getByRole('list', { name: `Bot ${seat}'s hand` });
      expect(await shown.getByRole('listitem').count()).toBe(s.hands[seat].length);
    }
    expect(errors).toEqual([]);
  });
});
