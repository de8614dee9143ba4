/**
 * The table as a person sees it, measured in real Chromium: every card's corner index in sight in
 * big hands, the controls of the decision on the first screen at common sizes, the newest event
 * in view, and a New game form that Escape cannot lose.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { BOARD_REAL_TIME_MS, CHROMIUM_PAGE_MS, POSITION_SEARCH_MS } from '../budgets.ts';
import { needs } from '../tools.ts';
import { hoarder, positionWhere } from './positions.ts';
import { axeProblems, clickMove, newGame, openPage, useWeb, waitForPerson, type OpenPage } from './web.ts';
import { loadLang, type Lang, type Words } from '../../words/catalogue.ts';

/** Each layout check runs in both languages: French words are longer. */
const LANGS: Record<Lang, { words: Words; locale: string }> = { en: { words: await loadLang('en'), locale: 'en-GB' }, fr: { words: await loadLang('fr'), locale: 'fr-FR' } };

const SHOTS = path.join(tmpdir(), 'uno-extreme-screenshots');

async function openSave(page: Page, text: string): Promise<void> {
  await page.locator('.bar label.file input[type=file]').setInputFiles({ name: 'position.json', mimeType: 'application/json', buffer: Buffer.from(text) });
}

/** A saved turn of the person holding `n` cards: three players, the person keeping every card. `from`: the first seed that gives it. */
const handOfSize = (n: number, from: number) => positionWhere((ask, s) => ask.mode === 'turn' && s.state.hands[0].length === n, { players: 3, person: hoarder, from });

/**
 * The cards of the hand whose corner index does not show whole: a point of its box (a grid of
 * them, 1 px in) that falls outside the window or on something other than the card itself.
 */
function hiddenCorners(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const hidden: string[] = [];
    for (const b of document.querySelectorAll<HTMLButtonElement>('.hand button.card')) {
      const r = b.querySelector('.corner-top')!.getBoundingClientRect();
      const ok = [0, 0.5, 1].every((fx) => [0, 0.5, 1].every((fy) => {
        const x = r.left + 1 + fx * (r.width - 2);
        const y = r.top + 1 + fy * (r.height - 2);
        if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
        return b.contains(document.elementFromPoint(x, y));
      }));
      if (!ok) hidden.push(`${b.getAttribute('aria-label')} (${Math.round(r.left)},${Math.round(r.top)})`);
    }
    return hidden;
  });
}

/**
 * What the decision asked now needs that does not show on the first screen: the controls (and
 * the top card), each whole inside the window and not hidden where it is pointed at (its middle;
 * a hand's card at its corner index, the part of it the next card leaves).
 */
function controlsOffScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = [...document.querySelectorAll<HTMLElement>('.actions button:not([disabled]), .hand button.card.playable, .ul-press:not([disabled]), .discard, .actions .prompt, .actions .message')];
    return controls.filter((c) => {
      const r = c.getBoundingClientRect();
      if (r.width === 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return true;
      const at = (c.querySelector('.corner-top') ?? c).getBoundingClientRect();
      return !c.contains(document.elementFromPoint(at.left + at.width / 2, at.top + at.height / 2));
    }).map((c) => c.getAttribute('aria-label') ?? c.textContent ?? c.className);
  });
}

/**
 * What is wrong with the table's layout now: two seats of the others whose boxes meet, a seat
 * meeting the middle (the pile, the launcher) or the person's seat, a direction arrow on the pile
 * or the launcher, a seat out of the window, or the seats not going round clockwise in the order
 * of play (their angle from the middle of the ring, from you at the bottom, growing).
 */
function tableClashes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const clashes: string[] = [];
    const box = (el: Element) => el.getBoundingClientRect();
    const meet = (a: DOMRect, b: DOMRect) => a.width > 0 && b.width > 0 && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const named = (sel: string) => [...document.querySelectorAll(sel)].map((el) => ({ name: sel, r: box(el) }));
    const seats = [...document.querySelectorAll('.others [data-seat-area]')].map((el) => ({ seat: Number(el.getAttribute('data-seat-area')), name: el.getAttribute('aria-label')!.split(':')[0], r: box(el) }));
    const middle = [...named('.centre'), ...named('.pile'), ...named('.centre .ul-launcher'), ...named('.table > .seat')];
    seats.forEach((a, i) => {
      for (const b of seats.slice(i + 1)) if (meet(a.r, b.r)) clashes.push(`${a.name} meets ${b.name}`);
      for (const m of middle) if (meet(a.r, m.r)) clashes.push(`${a.name} meets ${m.name}`);
      if (a.r.left < 0 || a.r.top < 0 || a.r.right > innerWidth || a.r.bottom > innerHeight) clashes.push(`${a.name} out of the window`);
    });
    for (const arrow of named('.direction-ring .arrow')) {
      for (const m of [...named('.discard'), ...named('.pile'), ...named('.centre .ul-launcher')]) if (meet(arrow.r, m.r)) clashes.push(`an arrow meets ${m.name}`);
    }
    const ring = box(document.querySelector('.others')!);
    const cx = ring.left + ring.width / 2;
    const cy = ring.top + ring.height / 2;
    const players = seats.length + 1;
    const me = Number(document.querySelector('.table > .seat')!.getAttribute('data-seat-area'));
    const clockwise = seats
      .map((s) => ({ ...s, after: (s.seat - me + players) % players }))
      .sort((a, b) => a.after - b.after)
      .map((s) => ((Math.atan2(s.r.top + s.r.height / 2 - cy, s.r.left + s.r.width / 2 - cx) * 180) / Math.PI - 90 + 720) % 360);
    if (clockwise.some((a, i) => a <= 0 || (i > 0 && a <= clockwise[i - 1]))) clashes.push(`seats not clockwise in the order of play: ${clockwise.map(Math.round).join(', ')}°`);
    return clashes;
  });
}

describe.runIf(needs('chromium'))('the table a person sees (real Chromium)', () => {
  const web = useWeb();

  for (const [lang, { locale }] of Object.entries(LANGS)) it(`shows the corner index of every card of a 26- and a 30-card hand at 1280×800 and 390×844 (${lang})`, async () => {
    mkdirSync(SHOTS, { recursive: true });
    for (const [n, from] of [[26, 9], [30, 20]] as const) {
      const { save } = await handOfSize(n, from);
      for (const [width, height] of [[1280, 800], [390, 844]] as const) {
        const { page, errors } = await openPage(web.browser, web.server.url, { viewport: { width, height }, locale });
        await openSave(page, save);
        await waitForPerson(page);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
        expect(await page.locator('.hand button.card').count()).toBe(n);
        // Still: a raised card rises for a moment.
        await page.waitForFunction(() => [...document.querySelectorAll('.hand button.card')].every((b) => b.getAnimations().length === 0));
        await page.screenshot({ path: path.join(SHOTS, `hand-${n}-${width}x${height}-${lang}.png`) });
        expect(await hiddenCorners(page), `${n} cards at ${width}×${height} (${lang})`).toEqual([]);
        expect(await controlsOffScreen(page), `${n} cards at ${width}×${height} (${lang})`).toEqual([]);
        expect(errors).toEqual([]);
      }
    }
  }, 2 * POSITION_SEARCH_MS + CHROMIUM_PAGE_MS); // two positions searched in Node and four pages opened

  it('sorts the hand by colour then value, and keeps the order dealt when asked', async () => {
    const { save } = await handOfSize(26, 9);
    const { page } = await openPage(web.browser, web.server.url);
    await openSave(page, save);
    await waitForPerson(page);
    const labels = () => page.locator('.hand button.card').evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label')!.replace(/, playable$/, '')));
    const colourOf = (l: string) => ['Red', 'Yellow', 'Green', 'Blue'].indexOf(l.split(' ')[0]);
    const sorted = await labels();
    const colours = sorted.map(colourOf).map((c) => (c < 0 ? 4 : c));
    expect(colours).toEqual([...colours].sort((a, b) => a - b));
    const sort = page.getByRole('button', { name: 'Sort by colour' });
    expect(await sort.getAttribute('aria-pressed')).toBe('true');
    await sort.click();
    await expect.poll(() => sort.getAttribute('aria-pressed')).toBe('false');
    const dealt = await labels();
    expect(dealt).not.toEqual(sorted);
    expect([...dealt].sort()).toEqual([...sorted].sort());
  }, POSITION_SEARCH_MS); // a position searched in Node

  // Every status line the page may show at once: the virtual launcher's status bar over the
  // table, a refused card and the other hands shown (Show Hands). One page for the four sizes:
  // the virtual board boots once (tens of seconds of its real time on a loaded machine).
  describe('whatever status lines show', () => {
    let shownHands: ReturnType<typeof positionWhere>;
    let onVirtual: Promise<OpenPage>;
    beforeAll(() => {
      shownHands = positionWhere((ask, s) => {
        const plays = new Set(ask.moves.flatMap((m) => (m.type === 'play' ? [m.card] : [])));
        return ask.mode === 'turn' && s.state.shown && plays.size > 0 && s.state.hands[0].some((c) => !plays.has(c));
      }, { players: 4, rules: 'extreme-fr' });
      onVirtual = (async () => {
        const open = await openPage(web.browser, web.server.url, { shared: true });
        // The virtual launcher chosen in the first New game form, and kept for the games opened after.
        const form = open.page.getByRole('dialog', { name: 'New game' });
        await form.getByLabel(/^Virtual launcher/).check();
        await form.locator('.launcher-device [data-link=connected]').waitFor({ timeout: BOARD_REAL_TIME_MS });
        await newGame(open.page, { seed: 3, players: 4 });
        return open;
      })();
      onVirtual.catch(() => {}); // failed, it fails each test that awaits it
    });
    afterAll(async () => {
      await (await onVirtual.catch(() => null))?.page.context().close();
    });
    /** The shared page switched to `lang` by its New game form's picker: the virtual board stays connected. */
    async function speak(page: Page, lang: Lang): Promise<void> {
      const now = (await page.evaluate(() => document.documentElement.lang)) as Lang;
      if (now === lang) return;
      const was = LANGS[now].words;
      await page.getByRole('button', { name: was.t('page.newGame') }).click();
      await page.getByRole('dialog', { name: was.t('page.newGame') }).getByLabel(was.t('page.language')).selectOption(lang);
      await page.getByRole('dialog', { name: LANGS[lang].words.t('page.newGame') }).waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
    }
    // Each language's sizes from the widest: the language is switched where the menu is unfolded.
    for (const [lang, { words }] of Object.entries(LANGS) as [Lang, (typeof LANGS)[Lang]][]) for (const [width, height] of [[1024, 768], [1280, 800], [1366, 768], [390, 844]] as const) {
      it(`keeps every control of the decision on the first screen at ${width}×${height} (${lang})`, async () => {
        const { save } = await shownHands;
        const { page, errors } = await onVirtual;
        await page.setViewportSize({ width, height });
        await speak(page, lang);
        await openSave(page, save);
        await waitForPerson(page);
        await page.locator('.device-bar[data-link=connected]').waitFor();
        expect(await controlsOffScreen(page)).toEqual([]);
        // A card that cannot be played, refused in words: one more line above the moves.
        await page.locator('.hand button.card:not(.playable)').first().click({ force: true });
        await page.locator('.actions .message').waitFor();
        expect(await page.locator('.shown').count()).toBeGreaterThan(0);
        expect((await page.locator('.device-bar').innerText()).startsWith(words.t('device.linkLine', { virtual: 'yes', link: 'connected', name: '' }))).toBe(true);
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: path.join(SHOTS, `fit-${width}x${height}-${lang}.png`) });
        expect(await controlsOffScreen(page)).toEqual([]);
        expect(await axeProblems(page)).toEqual([]);
        expect(errors).toEqual([]);
      }, BOARD_REAL_TIME_MS + 2 * CHROMIUM_PAGE_MS); // the virtual board's boot (the first test), a position searched in Node (5 s, more loaded) and an axe run over the whole page (10 to 30 s)
    }
  });

  for (const [lang, { words, locale }] of Object.entries(LANGS)) it(`grows the table to use a 1920×1080 screen (${lang})`, async () => {
    const sizes: Record<number, { toy: number; bottom: number }> = {};
    for (const [width, height] of [[1280, 800], [1920, 1080]] as const) {
      const { page } = await openPage(web.browser, web.server.url, { viewport: { width, height }, locale });
      await newGame(page, { seed: 11, players: 4 }, words);
      await waitForPerson(page);
      const toy = (await page.locator('.ul-toy').boundingBox())!;
      const moves = (await page.locator('.actions').boundingBox())!;
      sizes[width] = { toy: toy.height, bottom: moves.y + moves.height };
      if (width === 1920) await page.screenshot({ path: path.join(SHOTS, `fit-1920x1080-${lang}.png`) });
    }
    expect(sizes[1920].toy).toBeGreaterThan(sizes[1280].toy * 1.15);
    // The moves sit at the foot of the screen, not two thirds of the way down.
    expect(sizes[1920].bottom).toBeGreaterThan(1080 * 0.85);
  }, CHROMIUM_PAGE_MS); // two fresh pages, each with a New game and the table laid out

  it('shows the newest event after 30 moves, and again after a reload, with the history before it', async () => {
    const { page, errors } = await openPage(web.browser, web.server.url);
    await newGame(page, { seed: 4, players: 4 });
    const moves = () => page.locator('.table').getAttribute('data-moves').then(Number);
    let w = await waitForPerson(page);
    while ((await moves()) < 30) {
      expect(w.phase).toBe('playing');
      await clickMove(page, w.ask);
      w = await waitForPerson(page, w.askId);
    }
    /** The log's last line, and whether it shows inside the log's box and the window. */
    const newest = () => page.locator('.events .log').evaluate((log) => {
      const li = log.querySelector('li:last-child')!;
      const r = li.getBoundingClientRect();
      const box = log.getBoundingClientRect();
      return { text: li.textContent, prev: li.previousElementSibling?.textContent, lines: log.querySelectorAll('li').length, inView: r.top >= box.top - 1 && r.bottom <= box.bottom + 1 && r.bottom <= innerHeight };
    });
    // The log scrolls at the page's next frame.
    await expect.poll(newest).toMatchObject({ inView: true });
    const before = await newest();
    expect(before.lines).toBeGreaterThan(10);
    await page.reload();
    await waitForPerson(page);
    // The whole history, and under it where the game resumed, in view (once the first game's
    // walkthrough, loaded with its words, has taken its room above the log).
    await expect.poll(newest, { timeout: 5000 }).toEqual({ text: expect.stringMatching(/^Resumed at move/), prev: before.text, lines: before.lines + 1, inView: true });
    expect(errors).toEqual([]);
  }, CHROMIUM_PAGE_MS); // 30 moves of a game played by clicks (about a tenth of a second each) and a reload

  it('never lets Escape leave the page without a way to start a game', async () => {
    const { page, errors } = await openPage(web.browser, web.server.url);
    const form = page.getByRole('dialog', { name: 'New game' });
    await form.waitFor();
    // The first form (no game yet, nothing to go back to): Escape before any click, then twice after one.
    await page.keyboard.press('Escape');
    expect(await form.isVisible()).toBe(true);
    await form.getByLabel('Your name').click();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    expect(await form.isVisible()).toBe(true);
    await newGame(page, { seed: 3, players: 3 });
    // With a game on, Escape is Back, and New game opens the form again, as often as asked.
    for (let i = 0; i < 2; i++) {
      await page.getByRole('button', { name: 'New game' }).click();
      await form.waitFor();
      await page.keyboard.press('Escape');
      await form.waitFor({ state: 'detached' });
    }
    expect(errors).toEqual([]);
  });

  it('asks for a new game in words a player knows, the advanced options folded away', async () => {
    const { page, errors } = await openPage(web.browser, web.server.url);
    const form = page.getByRole('dialog', { name: 'New game' });
    await form.waitFor();
    const more = form.locator('details.more');
    expect(await more.getAttribute('open')).toBeNull();
    // What shows: no rule-set ids, profiles, seeds or "Seed 003" of the project's own jargon.
    const shown = await form.innerText();
    for (const jargon of ['en-ligne', 'extreme-fr', 'seed-0-8', 'Seed 00']) expect(shown).not.toContain(jargon);
    const ruleSet = form.getByLabel('Rule set');
    expect(await ruleSet.locator('option').allInnerTexts()).toContain('Classic UNO');
    await ruleSet.selectOption('classic');
    await expect.poll(() => form.locator('.hint').innerText()).toMatch(/^No launcher: you draw/);
    await more.locator('summary').click();
    expect(await form.getByLabel('Seed').isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('announces the opening card with what it does, in the events and above the moves', async () => {
    for (const [rules, seed, line] of [
      // Seeds whose start card asks the person first (three players, the person left of the dealer).
      ['extreme', 37, /^Start card: Yellow Hit 2: as if .+ \(the dealer\) had played it, You press the launcher twice$/],
      ['classic', 29, /^Start card: Wild: You name the colour and play first$/],
    ] as const) {
      const { page, errors } = await openPage(web.browser, web.server.url);
      await newGame(page, { seed, players: 3, rules });
      await waitForPerson(page);
      expect(await page.locator('.actions .opening').innerText()).toMatch(line);
      expect(await page.locator('.events li').nth(1).innerText()).toMatch(line);
      // The line above the moves pushes none of them off the screen (the wild's colour is asked in a dialog).
      if (rules === 'extreme') expect(await controlsOffScreen(page)).toEqual([]);
      else await page.getByRole('dialog', { name: 'Name the colour' }).waitFor();
      expect(errors).toEqual([]);
    }
  });

  it('seats the players around an oval table, whose turn it is unmistakable', async () => {
    const { page, errors } = await openPage(web.browser, web.server.url);
    await newGame(page, { seed: 11, players: 5 });
    await waitForPerson(page);
    await page.screenshot({ path: path.join(SHOTS, 'table-1280x800.png') });
    const layout = await page.evaluate(() => {
      const box = (el: Element) => el.getBoundingClientRect();
      const ring = box(document.querySelector('.others')!);
      const me = box(document.querySelector('.table > .seat')!);
      return { ringBottom: ring.bottom, meTop: me.top, active: [...document.querySelectorAll('[data-seat-area][aria-current=true]')].map((e) => e.getAttribute('aria-label')) };
    });
    // You under the table, the others around it (measured at every size and count below).
    expect(layout.meTop).toBeGreaterThanOrEqual(layout.ringBottom - 1);
    // One seat is playing now, named so, and it is the person's (they are asked).
    expect(layout.active).toEqual([expect.stringMatching(/^You: \d+ cards, 0 points, playing now$/)]);
    expect(await page.locator('.table > .seat .now').isVisible()).toBe(true);
    expect(await page.getByRole('img', { name: 'Play goes clockwise' }).count()).toBe(1);
    // The launcher, named with where it aims, large: the star of the table.
    const toy = (await page.getByRole('img', { name: /^The launcher, aimed at/ }).boundingBox())!;
    expect(toy.height).toBeGreaterThan(200);
    expect(errors).toEqual([]);
  });

  for (const [lang, { words, locale }] of Object.entries(LANGS)) for (const [width, height] of [[1280, 800], [1920, 1080], [390, 844], [1024, 768], [1366, 768]] as const) {
    it(`places 2 to 10 players around the oval in the order of play, clear of each other, the middle, the arrows and the hand, at ${width}×${height} (${lang})`, async () => {
      const { page, errors } = await openPage(web.browser, web.server.url, { viewport: { width, height }, locale });
      const problems: string[] = [];
      for (const players of [2, 4, 7, 10]) {
        await newGame(page, { seed: 11, players }, words);
        await waitForPerson(page);
        problems.push(...(await tableClashes(page)).map((p) => `${players} players: ${p}`));
        if (players === 10) await page.screenshot({ path: path.join(SHOTS, `ring-10-${width}x${height}-${lang}.png`) });
      }
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
    }, CHROMIUM_PAGE_MS); // four new games, each measured
  }

  it('turns the arrows round the table when play goes the other way', async () => {
    const { save } = await positionWhere((ask, s) => ask.mode === 'turn' && s.state.direction === -1, { players: 4 });
    const { page, errors } = await openPage(web.browser, web.server.url);
    await openSave(page, save);
    await waitForPerson(page);
    const ring = page.getByRole('img', { name: 'Play goes counter-clockwise' });
    expect(await ring.count()).toBe(1);
    // One arrow between each two neighbours, along the rim towards the one who plays next: the
    // first, between the seat after you (to your left) and you, at 135° turned 405° (down and
    // right, to you); the others each a quarter turn further, as they are round the rim.
    const arrows = await ring.locator('.arrow').evaluateAll((as) => as.map((a) => getComputedStyle(a).rotate));
    expect(arrows).toEqual(['405deg', '495deg', '585deg', '675deg']);
    expect(await tableClashes(page)).toEqual([]);
    expect(errors).toEqual([]);
  }, POSITION_SEARCH_MS); // a position searched in Node
});
