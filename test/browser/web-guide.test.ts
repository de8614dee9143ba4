/**
 * Help in the page: the Guide (the cards of the rule set in play, the rules in short) and the
 * first game's walkthrough, by keyboard and by their screen-reader names, on the one-player page
 * and a game night phone; and a card that cannot be played says why on both.
 */
import { describe, expect, it } from 'vitest';
import { deckKinds, RULE_SETS, type CardId, type CardKind, type Colour } from '../../game/index.ts';
import { EN_WORDS, loadLang } from '../../words/catalogue.ts';
import { aCard, cardName, kindName } from '../../words/cards.ts';
import { CHROMIUM_PAGE_MS, GAME_NIGHT_ROUND_MS } from '../budgets.ts';
import { needs } from '../tools.ts';
import { lastOf, startRoom } from './rooms.ts';
import { axeProblems, newGame, openPage, useWeb, waitForPerson } from './web.ts';

describe.runIf(needs('chromium'))('the Guide and the first game\'s walkthrough (real Chromium)', () => {
  const web = useWeb();

  it('opens the Guide by keyboard: every card of the rule set with what it does, the rules, named for a screen reader', async () => {
    const { page, errors } = await openPage(web.browser, web.server.url);
    await newGame(page, { seed: 11, players: 4, rules: 'extreme-fr' });
    await waitForPerson(page);
    const guideButton = page.getByRole('button', { name: 'Guide', exact: true });
    await guideButton.focus();
    await page.keyboard.press('Enter');
    const guide = page.getByRole('dialog', { name: 'Guide: extreme-fr' });
    await guide.waitFor();
    const rules = RULE_SETS['extreme-fr'];
    const kinds = await guide.locator('.guide-cards li').evaluateAll((ls) => ls.map((l) => l.getAttribute('data-kind')));
    expect(kinds).toEqual(deckKinds(rules));
    // Each kind named, with the rule book's words for it (the rule set's options chosen among them).
    await expect(guide.locator('.guide-cards li[data-kind="hitFire"]').innerText()).resolves.toContain('then that player names the colour');
    await expect(guide.locator('.guide-cards li[data-kind="allHit"]').innerText()).resolves.toContain('every player, you included,');
    for (const k of kinds) await expect(guide.locator(`.guide-cards li[data-kind="${k}"] strong`).innerText()).resolves.toBe(kindName(k as CardKind, EN_WORDS));
    await expect(guide.getByRole('region', { name: 'The rules in short' }).innerText()).resolves.toContain('press the launcher once');
    expect(await axeProblems(page)).toEqual([]);
    // Escape closes it and the focus is back on its button.
    await page.keyboard.press('Escape');
    await guide.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Guide');
    expect(errors).toEqual([]);
  }, CHROMIUM_PAGE_MS);

  it('walks a first game through by keyboard, pointing at each part, and not again once done; the Guide shows it again', async () => {
    const { page, errors } = await openPage(web.browser, web.server.url);
    await newGame(page, { seed: 11, players: 4 });
    await waitForPerson(page);
    const walk = page.getByRole('region', { name: /^Your first game/ });
    const table = page.locator('.table');
    const pointed: string[] = [];
    for (const step of ['match', 'take', 'uno', 'watch']) {
      await expect.poll(() => table.getAttribute('data-walk')).toBe(step);
      pointed.push(step);
      // What it points at is outlined: the hand, the press button, UNO, the events.
      const at = { match: '.hand', take: '.ul-press', uno: 'button.uno', watch: '.events' }[step]!;
      await expect(page.locator(at).first().evaluate((e) => getComputedStyle(e).outlineStyle)).resolves.toBe('dashed');
      const next = walk.getByRole('button', { name: step === 'watch' ? 'Got it' : 'Next' });
      await next.focus();
      await page.keyboard.press('Enter');
    }
    expect(pointed).toHaveLength(4);
    await walk.waitFor({ state: 'detached' });
    expect(await table.getAttribute('data-walk')).toBeNull();
    expect(await axeProblems(page)).toEqual([]);
    await page.reload();
    await waitForPerson(page);
    expect(await page.getByRole('region', { name: /^Your first game/ }).count()).toBe(0);
    // Asked for again from the Guide, it starts over; skipped, it is gone.
    await page.getByRole('button', { name: 'Guide', exact: true }).click();
    await page.getByRole('button', { name: 'Show the first-game walkthrough again' }).click();
    await walk.waitFor();
    await expect.poll(() => table.getAttribute('data-walk')).toBe('match');
    await walk.getByRole('button', { name: 'Skip the walkthrough' }).click();
    await walk.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('uno-extreme-walkthrough-done'))).toBe('1');
    expect(errors).toEqual([]);
  }, CHROMIUM_PAGE_MS);

  it('says why a card cannot be played, in the rules\' words, in French too', async () => {
    const { page, errors } = await openPage(web.browser, web.server.url);
    await newGame(page, { seed: 11, players: 4 });
    await waitForPerson(page);
    for (const w of [EN_WORDS, await loadLang('fr')]) {
      if (w.lang === 'fr') {
        await page.evaluate(() => localStorage.setItem('uno-extreme-lang', 'fr'));
        await page.reload();
        await waitForPerson(page);
      }
      const blocked = page.locator('.hand button.card:not(.playable)').first();
      const id = (await blocked.getAttribute('data-card')) as CardId;
      const top = (await page.locator('.discard').getAttribute('data-card')) as CardId;
      const colour = (await page.locator('.colour-chip').getAttribute('data-colour')) as Colour;
      await blocked.click();
      // Seed 11's first turn: the card does not match the top one, said as the engine refuses it.
      await expect(page.locator('.actions .message').innerText()).resolves.toBe(w.t('page.refusedCard', { card: cardName(id, w), why: w.t('refuse.no-match', { card: aCard(id, w), top: aCard(top, w, colour) }) }));
    }
    expect(errors).toEqual([]);
  }, CHROMIUM_PAGE_MS);

  it('on a game night phone: the Guide and the walkthrough are there, and a card tapped out of turn says whose turn it is', async () => {
    const { table, phones: [ana, bo] } = await startRoom(web.browser, web.server.url, ['Ana', 'Bo'], 2);
    // Whoever the game does not wait for taps a card: the engine's reason, the seat it waits for
    // named (the seat to play, or one that must press first: a Hit 2 turned up, say).
    let waiting = null as null | typeof ana;
    await expect.poll(() => {
      waiting = [ana, bo].find((p) => {
        const v = lastOf(p, 'view')?.view;
        return v && v.phase === 'playing' && v.question === null && (v.pending ? v.pending.seat : v.turn) !== v.seat;
      }) ?? null;
      return waiting !== null;
      // The first views come as the room deals: a second is short on a loaded machine.
    }, { timeout: 10_000 }).toBe(true);
    const p = waiting!;
    const view = lastOf(p, 'view')!.view;
    await p.page.locator('.seat-play .hand button.card').first().click();
    const turnName = view.names[view.pending ? view.pending.seat : view.turn];
    await expect(p.page.locator('.seat-play .message').innerText()).resolves.toMatch(new RegExp(`: not your turn: (it is ${turnName}'s turn|${turnName} )`));
    // The Guide from the phone's bar, the walkthrough under its hand.
    await p.page.getByRole('button', { name: 'Guide', exact: true }).click();
    await p.page.getByRole('dialog', { name: 'Guide: extreme' }).waitFor();
    expect(await axeProblems(p.page)).toEqual([]);
    await p.page.keyboard.press('Escape');
    await p.page.getByRole('region', { name: /^Your first game/ }).waitFor();
    expect([...table.errors, ...ana.errors, ...bo.errors]).toEqual([]);
  }, GAME_NIGHT_ROUND_MS);
});
