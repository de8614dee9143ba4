import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { axeProblems, newGame, openPage, playRound, useWeb, waitForPerson } from './web.ts';
import { needs } from '../tools.ts';
import { EN } from '../../words/en.ts';
import { FR } from '../../words/fr.ts';
import { POSITION_FR } from '../../words/position.fr.ts';
import { loadLang } from '../../words/catalogue.ts';
import { CHROMIUM_PAGE_MS } from '../budgets.ts';

const FR_WORDS = await loadLang('fr');
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Screenshots to look at after a run (the README's are taken by `npm run page-facts`). */
const SHOTS = path.join(tmpdir(), 'uno-extreme-screenshots');

describe.runIf(needs('chromium'))('the browser game for everyone: keyboard, screen readers, sizes, motion (real Chromium)', () => {
  const web = useWeb();

  it('plays a whole round by keyboard alone, from the New game form to the score table', async () => {
    const { page, errors } = await openPage(web.browser, web.server.url);
    const k = page.keyboard;
    await page.getByRole('dialog', { name: 'New game' }).waitFor();
    // The seed is under More options: opened by keyboard too. Tab until the focus is where it
    // should be, and say where it went if not: an Enter elsewhere would follow a link of the form.
    const tabTo = async (what: string, there: () => boolean) => {
      for (let i = 0; i < 80; i++) {
        if (await page.evaluate(there)) return;
        await k.press('Tab');
      }
      throw new Error(`80 tabs did not reach ${what}: the focus is on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120))}`);
    };
    await tabTo('More options', () => document.activeElement?.tagName === 'SUMMARY');
    await k.press('Enter');
    await tabTo('the seed', () => !!document.activeElement?.closest('label')?.textContent?.startsWith('Seed'));
    await k.press('Control+a');
    await k.type('12');
    await k.press('Enter');
    await page.getByRole('dialog', { name: 'New game' }).waitFor({ state: 'detached' });
    expect(await playRound(page, 'keys')).toBeGreaterThan(3);
    await page.getByRole('dialog', { name: /^Round 1 over/ }).waitFor();
    // The dialog has the focus: Enter deals the next round.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Next round');
    await k.press('Enter');
    await waitForPerson(page);
    expect(await page.locator('.table').getAttribute('data-round')).toBe('1');
    expect(errors).toEqual([]);
  }, CHROMIUM_PAGE_MS);

  it('names what a script relies on, announces events, and has no serious or critical axe finding', async () => {
    const { page, errors } = await openPage(web.browser, web.server.url);
    expect(await axeProblems(page)).toEqual([]);
    await newGame(page, { seed: 11, players: 4 });
    await waitForPerson(page);
    const hand = page.getByRole('region', { name: 'Your hand' });
    const names = await hand.getByRole('button').evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label')!));
    expect(names.length).toBe(7);
    for (const n of names) expect(n).toMatch(/^(Red|Yellow|Green|Blue) |^(Wild|Coup Extrême)/);
    expect(await page.getByRole('region', { name: 'Launcher' }).getByRole('button', { name: 'Press the launcher' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'UNO', exact: true }).count()).toBe(1);
    expect(await page.getByRole('log').getAttribute('aria-live')).toBe('polite');
    expect(await page.locator('[data-seat-area]').count()).toBe(4);
    expect(await axeProblems(page)).toEqual([]);
    await page.getByLabel('Colour-blind symbols').check();
    expect(await page.locator('.hand .face .sym').first().isVisible()).toBe(true);
    expect(await axeProblems(page)).toEqual([]);
    expect(errors).toEqual([]);
    // Three axe runs over the whole page, and a new game.
  }, CHROMIUM_PAGE_MS);

  it('stops its animations when the system asks for reduced motion', async () => {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const { page } = await openPage(web.browser, web.server.url, { reducedMotion });
      await newGame(page, { seed: 11, players: 4 });
      await waitForPerson(page);
      const t = await page.locator('.hand button.card').first().evaluate((b) => getComputedStyle(b).transitionDuration);
      expect(t).toBe(reducedMotion === 'reduce' ? '0s' : '0.18s');
    }
  });

  // In both languages: French words are longer.
  for (const [lang, locale] of [['en', 'en-GB'], ['fr', 'fr-FR']] as const) for (const [w, h] of [[1280, 800], [1920, 1080], [390, 844]] as const) {
    it(`lays out at ${w}×${h} with no horizontal scroll, loading nothing from elsewhere (${lang})`, async () => {
      const origin = new URL(web.server.url).origin;
      const { page, errors } = await openPage(web.browser, web.server.url, { viewport: { width: w, height: h }, locale });
      const elsewhere: string[] = [];
      page.on('request', (r) => !r.url().startsWith(origin) && !r.url().startsWith('data:') && !r.url().startsWith('blob:') && elsewhere.push(r.url()));
      await newGame(page, { seed: 11, players: 4, name: 'Ana' }, lang === 'fr' ? FR_WORDS : undefined);
      await waitForPerson(page);
      const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: document.documentElement.clientWidth }));
      expect(sizes.scroll).toBeLessThanOrEqual(sizes.width);
      // Every card of the hand inside the window, none cut off at the sides.
      const boxes = await page.locator('.hand button.card').evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect()).map((r) => [r.left, r.right]));
      for (const [l, r] of boxes) expect(l >= -1 && r <= w + 1).toBe(true);
      // What a turn needs (the pile, the launcher's press button, the hand) in the first screen, with no scrolling.
      const bottoms = await page.locator('.discard, .ul-press, .hand button.card').evaluateAll((es) => es.map((e) => e.getBoundingClientRect().bottom));
      expect(Math.max(...bottoms)).toBeLessThanOrEqual(h);
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS, `table-${w}x${h}-${lang}.png`), fullPage: w < 500 });
      // First render of a kept game: the page loaded again, timed to its first paint.
      await page.reload();
      const shown = await (await page.waitForFunction(() => document.querySelector('.hand button.card') && performance.now())).jsonValue();
      console.log(`the table of a kept game shown ${Math.round(Number(shown))} ms after navigation at ${w}×${h}`);
      expect(Number(shown)).toBeGreaterThan(0);
      expect(elsewhere).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  // 235 KB: the page, its lazily loaded parts and workers, with English in the page and French in a
  // file of its own that only a French reader fetches; the workers word nothing and carry no
  // catalogue. The page's motion, sounds, guide, game night's words, its turn timer, catch race,
  // leaving and moving the table screen, and the board's errors in words are in; what is left is
  // a few per cent of room, so a new part of the page says what it costs.
  it('keeps the page\'s JavaScript within 235 KB gzipped', () => {
    const dir = path.join(ROOT, 'web/dist/assets');
    const js = readdirSync(dir).filter((f) => f.endsWith('.js'));
    const gz = js.reduce((n, f) => n + gzipSync(readFileSync(path.join(dir, f))).length, 0);
    console.log(`page JavaScript: ${js.length} file(s), ${(gz / 1024).toFixed(1)} KB gzipped`);
    expect(gz).toBeLessThanOrEqual(235 * 1024);
  });

  it('keeps the catalogues out of the workers, and French in a file of its own', () => {
    const dir = path.join(ROOT, 'web/dist/assets');
    const js = readdirSync(dir).filter((f) => f.endsWith('.js'));
    // A message each catalogue alone has, as the build writes it (a string of the catalogue's object).
    const has = (f: string, text: string) => readFileSync(path.join(dir, f), 'utf8').includes(text);
    const en = EN['refuse.no-match'];
    const fr = FR['refuse.no-match'];
    const workers = js.filter((f) => f.startsWith('worker-'));
    expect(workers).toHaveLength(2);
    for (const f of workers) expect([f, has(f, en), has(f, fr), has(f, 'IntlMessageFormat')]).toEqual([f, false, false, false]);
    expect(js.filter((f) => has(f, fr))).toEqual([expect.stringMatching(/^fr-/)]);
    expect(js.filter((f) => has(f, en))).toEqual([expect.stringMatching(/^index-/)]);
    // A position's reasons in French go with the French catalogue (a save's position said in French);
    // their English is the error's own message, written beside each reason's key in game/position*.ts.
    expect(js.filter((f) => has(f, POSITION_FR['cli.position.rngText']))).toEqual([expect.stringMatching(/^fr-/)]);
  });

  it('keeps the search bot in its worker, out of the page\'s own script', () => {
    const dir = path.join(ROOT, 'web/dist/assets');
    const js = readdirSync(dir).filter((f) => f.endsWith('.js'));
    const has = (f: string, text: string) => readFileSync(path.join(dir, f), 'utf8').includes(text);
    // What the build keeps of game/bots/ismcts, a mark of each of its parts (a name, a method, a
    // field, a message: none of them written anywhere else): the page's thread makes only the
    // quick kinds of bot, and its search seats think in the search worker.
    const marks = ['ismcts-omniscient', 'wild4Colour', 'couldNotPlay', 'determinise', "cannot account for the round's cards"];
    const holding = marks.map((m) => [m, js.filter((f) => has(f, m))]);
    const searchWorker = js.filter((f) => f.startsWith('worker-') && has(f, marks[0]));
    expect(searchWorker).toHaveLength(1);
    expect(holding).toEqual(marks.map((m) => [m, searchWorker]));
  });
});
