import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_PAGE_MS, SEARCH_ROUND_MS } from '../budgets.ts';
import { clickMove, handAndMoves, newGame, openPage, playRound, useWeb, waitForPerson } from './web.ts';
import { needs } from '../tools.ts';
import { JOURNAL_KEY, SAVE_KEY } from '../../web/src/kept.ts';

/** What a reload must give back of a one-player game: the hand, the count of moves, the discard pile's top card. */
async function shown(page: Page): Promise<{ hand: string[]; moves: string | null; top: string | null }> {
  return { ...(await handAndMoves(page)), top: await page.locator('.discard').getAttribute('aria-label') };
}

describe.runIf(needs('chromium'))('the browser game, played by clicks (real Chromium, real `uno-extreme web`)', () => {
  const web = useWeb();

  /**
   * Checks the end of a round as the dialog shows it: the winner's moment (moving for a moment,
   * unless the person asked for no motion: then still there, unmoving), then every hand left with
   * its points and sum, then the score table, the winner scoring the other hands' sums.
   */
  async function checkRoundOver(over: Locator, reducedMotion: 'no-preference' | 'reduce'): Promise<void> {
    const winner = (await over.getAttribute('aria-label') ?? await over.locator('h2').innerText()).match(/over: (.*) went out$/)![1];
    const cheer = over.locator('.celebration');
    expect(await cheer.innerText()).toContain(`${winner} went out!`);
    // The animations its style gives it, whenever this looks (they end after a second or two).
    const styled = await cheer.evaluate((el) => [el, ...el.querySelectorAll('*')].map((e) => getComputedStyle(e).animationName).filter((n) => n !== 'none'));
    if (reducedMotion === 'reduce') expect(styled).toEqual([]);
    else expect(styled.length).toBeGreaterThan(0);
    const order = await over.locator('.celebration, .round-hands, .score-table').evaluateAll((els) => els.map((e) => e.className));
    expect(order).toEqual(['celebration', 'round-hands', 'score-table']);
    const rows = await over.locator('.round-hands tbody tr').evaluateAll((trs) => trs.map((tr) => ({
      name: tr.querySelector('th')!.textContent,
      cards: [...tr.querySelectorAll('li')].map((li) => Number(li.getAttribute('data-points'))),
      sum: Number(tr.querySelector('.sum')!.textContent),
    })));
    expect(rows.map((r) => r.name)).toEqual(['Ana', 'Bot 1', 'Bot 2', 'Bot 3']);
    for (const r of rows) expect(r.sum).toBe(r.cards.reduce((a, b) => a + b, 0));
    const w = rows.find((r) => r.name === winner)!;
    expect(w.cards).toEqual([]);
    // Each card says its points; the winner scores the other hands' sums (standard scoring).
    expect(rows.filter((r) => r !== w).every((r) => r.cards.length > 0 && r.cards.every((p) => p >= 0))).toBe(true);
    const scored = await over.locator('.score-table tbody tr').first().locator('td').allInnerTexts();
    expect(Number(scored[rows.indexOf(w)].split(' ')[0])).toBe(rows.reduce((a, r) => a + r.sum, 0));
  }

  it('plays a whole round by clicks to its end: the winner\'s moment, every hand left, the scores; then deals the next round', async () => {
    // With the motion a person sees by default: each click lands on a card that has just risen.
    const { page, errors } = await openPage(web.browser, web.server.url, { reducedMotion: 'no-preference' });
    await newGame(page, { seed: 11, players: 4, name: 'Ana' });
    await expect.poll(() => page.getByRole('region', { name: 'Your hand' }).getByRole('button').count()).toBe(7);
    const moves = await playRound(page, 'click');
    expect(moves).toBeGreaterThan(3);
    const over = page.getByRole('dialog', { name: /^Round 1 over: .* went out$/ });
    await over.waitFor();
    await checkRoundOver(over, 'no-preference');
    const totals = await over.locator('tfoot td').allInnerTexts();
    expect(totals.map(Number).some((t) => t > 0)).toBe(true);
    await expect.poll(() => page.getByRole('log').innerText()).toContain('went out!');
    await over.getByRole('button', { name: 'Next round' }).click();
    await waitForPerson(page);
    expect(await page.locator('.table').getAttribute('data-round')).toBe('1');
    expect(errors).toEqual([]);
  }, CHROMIUM_PAGE_MS);

  /**
   * Plays classic on the page's own clock, stopped, Ana drawing and passing, until she may catch a
   * bot that forgot UNO: the page's time moves on only by steps of 100 ms the test takes while nothing new is
   * asked, so a bot's delay (600 ms or more) has not passed when the test finds the catch.
   */
  async function atACatch(seed: number) {
    const { page, errors } = await openPage(web.browser, web.server.url);
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await newGame(page, { seed, players: 4, rules: 'classic', name: 'Ana' });
    const catchButton = page.locator('.table').getByRole('button', { name: /^Catch / });
    const now = () => page.evaluate(() => ({
      phase: document.querySelector('.app')?.getAttribute('data-phase') ?? 'none',
      ask: document.querySelector('.table')?.getAttribute('data-ask') ?? '',
      askId: Number(document.querySelector('.table')?.getAttribute('data-ask-id') ?? -1),
      dialog: document.querySelector('dialog.pick[open] .choices button') !== null,
    }));
    let last = -1;
    for (;;) {
      const at = await now();
      if (at.phase === 'roundOver' || at.phase === 'matchOver') throw new Error('the round ended with no UNO for Ana to catch');
      if (!at.dialog && (!at.ask || at.askId === last)) {
        await page.clock.runFor(100);
        continue;
      }
      last = at.askId;
      if (at.ask === 'react' && (await catchButton.count())) return { page, errors, catchButton, who: (await catchButton.first().innerText()).replace(/^Catch /, '') };
      // Tapped by the page's own script: Playwright's click waits for animation frames, which this clock holds.
      await page.evaluate(() => {
        const buttons = [...document.querySelectorAll<HTMLButtonElement>('.table .actions button:not([disabled])')];
        const named = (text: string) => buttons.find((b) => b.textContent?.startsWith(text));
        const react = document.querySelector('.table')?.getAttribute('data-ask') === 'react';
        const b = document.querySelector<HTMLButtonElement>('dialog.pick[open] .choices button')
          ?? (react ? named('Let it go') : named('Draw') ?? named('Pass') ?? named('Accept') ?? named('Take') ?? document.querySelector<HTMLButtonElement>('.hand button.card.playable'));
        if (!b) throw new Error('no move to tap');
        b.click();
      });
    }
  }

  it('a bot forgot UNO: Ana catches it within the other bots\' delay; once that has passed, a bot does', async () => {
    const early = await atACatch(13);
    await early.catchButton.first().dispatchEvent('click');
    await expect.poll(() => early.page.getByRole('log').innerText()).toContain(`Ana caught ${early.who} without UNO`);
    expect(early.errors).toEqual([]);
    // The same game at the same moment: the page's clock runs past every bot's delay (under 2 s) before Ana taps.
    const late = await atACatch(13);
    expect(late.who).toBe(early.who);
    await late.page.clock.runFor(2_000);
    await expect.poll(() => late.page.getByRole('log').innerText()).toMatch(new RegExp(`Bot \\d caught ${late.who} without UNO`));
    expect(await late.catchButton.count()).toBe(0);
    expect(late.errors).toEqual([]);
  }, 2 * CHROMIUM_PAGE_MS);

  it('ends a round the same way under reduced motion, the winner\'s moment still there, unmoving', async () => {
    const { page, errors } = await openPage(web.browser, web.server.url, { reducedMotion: 'reduce' });
    await newGame(page, { seed: 11, players: 4, name: 'Ana' });
    await playRound(page, 'click');
    const over = page.getByRole('dialog', { name: /^Round 1 over: .* went out$/ });
    await over.waitFor();
    await checkRoundOver(over, 'reduce');
    expect(errors).toEqual([]);
  }, CHROMIUM_PAGE_MS);

  it('plays a round against ISMCTS bots, which search in a worker, not on the page\'s thread', async () => {
    const { page, errors } = await openPage(web.browser, web.server.url);
    await newGame(page, { seed: 11, players: 3, name: 'Ana', bots: 'ismcts' });
    // The worker the search bots think in, by the name the page gives it.
    await expect.poll(async () => (await Promise.all(page.workers().map((w) => w.evaluate(() => self.name)))).includes('search bots')).toBe(true);
    expect(await playRound(page, 'click')).toBeGreaterThan(3);
    await page.getByRole('dialog', { name: /^Round 1 over: .* went out$/ }).waitFor();
    expect(errors).toEqual([]);
  }, SEARCH_ROUND_MS);

  it('plays on against ISMCTS bots whose worker cannot start: they answer on the page as heuristic bots', async () => {
    // No service worker: it would serve the script from its cache, past the route.
    const { page, errors } = await openPage(web.browser, web.server.url, { serviceWorkers: 'block' });
    // The search bots' worker script (the one that makes stand-ins) is not served: the worker fails.
    let refused = 0;
    await page.route('**/assets/worker-*.js', async (route) => {
      const res = await route.fetch();
      if (!(await res.text()).includes('standIn')) return route.fulfill({ response: res });
      refused++;
      return route.fulfill({ status: 404, body: 'gone' });
    });
    await newGame(page, { seed: 11, players: 3, name: 'Ana', bots: 'ismcts' });
    expect(await playRound(page, 'click')).toBeGreaterThan(3);
    await page.getByRole('dialog', { name: /^Round 1 over: .* went out$/ }).waitFor();
    expect(refused).toBeGreaterThan(0);
    // Chromium's own line for the 404 is the only console error.
    expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
  }, SEARCH_ROUND_MS);

  it('ends the match at the target with the winner, and gives the terminal game\'s score sheet', async () => {
    const { page, errors } = await openPage(web.browser, web.server.url);
    await newGame(page, { seed: 11, players: 3, name: 'Ana', target: 1 });
    await playRound(page, 'click');
    const end = page.getByRole('dialog', { name: /^Match over: (Ana|Bot \d) wins!$/ });
    await end.waitFor();
    expect(await page.locator('.app').getAttribute('data-phase')).toBe('matchOver');
    const [download] = await Promise.all([page.waitForEvent('download'), end.getByRole('button', { name: 'Download the score sheet' }).click()]);
    expect(download.suggestedFilename()).toBe('uno-extreme-scores.html');
    const sheet = readFileSync((await download.path())!, 'utf8');
    expect(sheet).toContain('<h1>UNO Extreme — score sheet</h1>');
    expect(sheet).toMatch(/first to 1 · scoring standard · seed 11 · \d{4}-\d\d-\d\d · <strong>(Ana|Bot \d) wins<\/strong>/);
    for (const n of ['Ana', 'Bot 1', 'Bot 2']) expect(sheet).toContain(`<th colspan="2">${n}</th>`);
    // A reload shows the end again; New game starts over.
    await page.reload();
    await page.getByRole('dialog', { name: /^Match over/ }).waitFor();
    await page.getByRole('dialog', { name: /^Match over/ }).getByRole('button', { name: 'New game' }).click();
    await newGame(page, { seed: 12, players: 2 });
    await waitForPerson(page);
    expect(await page.locator('.seed').innerText()).toBe('12');
    expect(errors).toEqual([]);
  }, CHROMIUM_PAGE_MS);

  it('keeps the game across a reload: the same hand, the same move, the same question', async () => {
    const { page, errors } = await openPage(web.browser, web.server.url);
    await newGame(page, { seed: 5, players: 3 });
    let w = await waitForPerson(page);
    for (let i = 0; i < 4 && w.phase === 'playing'; i++) {
      await clickMove(page, w.ask);
      w = await waitForPerson(page, w.askId);
    }
    const before = { ...(await shown(page)), ask: w.ask };
    const events = await page.getByRole('log').innerText();
    await page.reload();
    const again = await waitForPerson(page);
    expect({ ...(await shown(page)), ask: again.ask }).toEqual(before);
    // The events too: the game's history, kept with it, and where it resumed.
    await expect.poll(() => page.getByRole('log').innerText()).toMatch(/Resumed at move \d+ of round 1$/);
    expect(await page.getByRole('log').innerText()).toContain(events);
    expect(errors).toEqual([]);
  }, CHROMIUM_PAGE_MS);

  it('keeps each move as a journal line after its save, read back on a reload; a torn last line is said', async () => {
    const { page, errors } = await openPage(web.browser, web.server.url);
    await newGame(page, { seed: 5, players: 3 });
    let w = await waitForPerson(page);
    for (let i = 0; i < 12 && w.phase === 'playing'; i++) {
      await clickMove(page, w.ask);
      w = await waitForPerson(page, w.askId);
    }
    const lines = () => page.evaluate((k) => Object.keys(localStorage).filter((key) => key.startsWith(k)).length, JOURNAL_KEY);
    // The moves since the save was last written whole are lines of their own.
    expect(await lines()).toBeGreaterThan(0);
    const before = { ...(await shown(page)), ask: w.ask };
    await page.reload();
    const again = await waitForPerson(page);
    expect({ ...(await shown(page)), ask: again.ask }).toEqual(before);
    // Read back, the game is written whole again: its journal starts afresh.
    expect(await lines()).toBe(0);
    for (let i = 0; i < 3 && again.phase === 'playing'; i++) {
      w = await waitForPerson(page);
      await clickMove(page, w.ask);
      await waitForPerson(page, w.askId);
    }
    const n = await lines();
    expect(n).toBeGreaterThan(1);
    const moves = Number(await page.locator('.table').getAttribute('data-moves'));
    // The last line torn (a write cut short): the game goes on from the move before it, and says so.
    await page.evaluate((key) => localStorage.setItem(key, localStorage.getItem(key)!.slice(0, 12)), JOURNAL_KEY + (n - 1));
    await page.reload();
    await expect.poll(() => page.getByRole('log').innerText()).toContain(`This game's last moves were not kept whole: it goes on from move ${moves - 1} of round 1`);
    expect(errors).toEqual([]);
  }, CHROMIUM_PAGE_MS);

  it('refuses an unplayable card with the engine\'s reason, naming the players', async () => {
    const { page } = await openPage(web.browser, web.server.url);
    await newGame(page, { seed: 11, players: 4 });
    await waitForPerson(page);
    const unplayable = page.locator('.hand button.card:not(.playable)').first();
    const label = (await unplayable.getAttribute('aria-label'))!;
    await unplayable.click();
    const alert = page.locator('.actions [role=alert]');
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(new RegExp(`^${label}: a .* cannot be played on a `));
    expect(await alert.innerText()).not.toMatch(/seat \d/);
  });

  it('sets a right-to-left name apart in the log\'s sentences, so it carries no word or digit after it', async () => {
    const { page } = await openPage(web.browser, web.server.url);
    await newGame(page, { seed: 11, players: 3, name: 'سارة' });
    await waitForPerson(page);
    expect(await page.locator('.log').innerText()).toContain('\u2068سارة\u2069');
  });

  it("plays a round of classic with the seeds' other readings picked in the New game form", async () => {
    const { page, errors } = await openPage(web.browser, web.server.url);
    const house = [
      'Stacking: a +2 / Hit 2 on a +2 adds up', 'Stacking: +2s only, a +4 is never stacked', 'Seven-zero: 7 trades hands, 0 passes every hand on',
      'Seven-zero the other way: 0 trades hands, 7 passes them the way you pick', 'Seven-zero: you may keep the hands instead of choosing who gets yours',
      "An illegal +4 that is challenged goes back into its player's hand", 'The dealer is drawn again every round',
    ];
    await newGame(page, { seed: 17, players: 4, rules: 'classic', house });
    const rules = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)!).setup.rules.options, SAVE_KEY);
    expect(rules).toMatchObject({ stacking: true, stackTwosOnly: true, sevenZero: true, zeroSwaps: true, sevenZeroOptional: true, wild4TakenBack: true, drawDealer: true });
    expect(await playRound(page, 'click')).toBeGreaterThan(0);
    await page.getByRole('dialog', { name: /^Round 1 over/ }).waitFor();
    expect(errors).toEqual([]);
  }, CHROMIUM_PAGE_MS);

  it('offers the readings of the cards its deck holds: who names the colour after a Hit-Fire in extreme-fr, not in classic', async () => {
    const { page } = await openPage(web.browser, web.server.url);
    const dialog = page.getByRole('dialog', { name: 'New game' });
    await dialog.waitFor();
    await dialog.locator('details.more summary').click();
    const namer = dialog.getByLabel('After a Hit-Fire, the colour is named by');
    expect(await namer.count()).toBe(0);
    await dialog.getByLabel('Rule set').selectOption('extreme-fr');
    expect(await namer.locator('option').allInnerTexts()).toEqual(['the player who pressed', 'the player who played it', 'the next player to play']);
    expect(await dialog.getByLabel(/^Coup Extrême: play goes on/).count()).toBe(0);
    await dialog.getByLabel('Rule set').selectOption('extreme');
    expect(await dialog.getByLabel(/^Coup Extrême: play goes on/).count()).toBe(1);
  });

  // Every rule set, and the house rules on together: a whole round by clicks, through whatever
  // the deal brings (wild colours, targets, +4 challenges, draws and passes, stacks, jump-ins).
  for (const [rules, house] of [
    ['classic', []], ['en-ligne', []], ['extreme-fr', []], ['attack-1999', []], ['extreme-2010', []],
    ['extreme', ['Stacking: a +2 / Hit 2 on a +2 adds up', 'Jump-in: an identical card may be played out of turn', 'Seven-zero: 7 trades hands, 0 passes every hand on', 'Two identical number cards together']],
  ] as const) {
    it(`plays a round of ${rules}${house.length ? ' with stacking, jump-in, seven-zero and pairs' : ''} by clicks`, async () => {
      const { page, errors } = await openPage(web.browser, web.server.url);
      await newGame(page, { seed: 17, players: 4, rules, house: [...house] });
      expect(await page.locator('.about').innerText()).toContain(rules);
      expect(await playRound(page, 'click')).toBeGreaterThan(0);
      await page.getByRole('dialog', { name: /^Round 1 over/ }).waitFor();
      expect(errors).toEqual([]);
      // Twice the page's budget with house rules: each forgotten UNO is a catch race whose bots act
      // after their seeded delay (0.6-2 s) in real time, so that a person can win it.
    }, house.length ? 2 * CHROMIUM_PAGE_MS : CHROMIUM_PAGE_MS);
  }
});
