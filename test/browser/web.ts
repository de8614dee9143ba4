/**
 * The browser game under test: a real `uno-extreme web` server and Chromium pages on it, and the
 * moves a person makes (by clicks or by keys alone), each waiting on what the page shows.
 */
import { EN_WORDS, type Words } from '../../words/catalogue.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright';
import { afterAll, beforeAll, onTestFinished } from 'vitest';
import { PAGE_START_MS } from '../budgets.ts';
import { parsePlaySave, type MatchState } from '../../game/index.ts';
import { keptGame } from '../../web/src/kept.ts';
import { launchChromium } from './chromium.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A running `uno-extreme web`. */
export interface WebServer {
  url: string;
  child: ChildProcess;
  /** The arguments it was started with after `web --json` (its port and rooms folder among them). */
  args: string[];
  /** What it has said so far: its stderr (its messages, with --json), and its stdout when typed as a person does. */
  said(): string;
  stop(): Promise<void>;
}

/**
 * Starts `uno-extreme web --json`; resolves once it says where it is. Unless `extra` names them, on
 * a free port (not the default one a person's own server may hold) and with a rooms folder of its
 * own (a folder is held by one server at a time), removed when it stops. `typed`: with `extra`
 * alone, as a person types it (no --json: the address read from the line it prints).
 */
/** The seed of the games a test server's rooms deal (`UNO_TEST_ROOM_SEED` runs the tests with another). */
export const ROOM_SEED = 1;

export function startWeb(extra: string[] = [], o: { env?: NodeJS.ProcessEnv; typed?: boolean } = {}): Promise<WebServer> {
  const own = o.typed || extra.includes('--rooms') ? null : mkdtempSync(path.join(tmpdir(), 'web-rooms-'));
  // The rooms deal the same games at every run (`--seed`): a test that fails, fails again.
  const seed = extra.includes('--seed') ? [] : ['--seed', process.env.UNO_TEST_ROOM_SEED ?? String(ROOM_SEED)];
  const args = o.typed ? extra : ['--json', ...(extra.includes('--port') ? [] : ['--port', '0']), ...(own ? ['--rooms', own] : []), ...seed, ...extra];
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/uno-extreme.js'), 'web', ...args], { cwd: ROOT, env: o.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (own) child.once('exit', () => rmSync(own, { recursive: true, force: true }));
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  return new Promise((ok, fail) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const json = out.split('\n').find((l) => l.startsWith('{'));
      const url = json ? (JSON.parse(json) as { url: string }).url : /^UNO Extreme is at (\S+) /m.exec(out)?.[1];
      if (!url) return;
      ok({
        url, child, args,
        said: () => (o.typed ? out : '') + err,
        stop: () => new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGTERM');
        }),
      });
    });
    child.once('exit', (code) => fail(new Error(`uno-extreme web exited ${code}: ${err}`)));
  });
}

/**
 * Sends `bytes` as they are on a new connection to the server at `url`, closes its side, and
 * resolves with all the server wrote back until it closed (a reset after an answer keeps the
 * answer). Fails when the server has not closed after `ms`: a request it left hanging.
 */
export function rawRequest(url: string, bytes: string | Buffer, ms = 5000): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((ok, fail) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => socket.end(bytes));
    socket.setTimeout(ms, () => {
      socket.destroy();
      fail(new Error(`no end of the answer within ${ms} ms to ${JSON.stringify(String(bytes).slice(0, 200))}`));
    });
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', () => {});
    socket.on('close', () => ok(Buffer.concat(chunks).toString('latin1')));
  });
}

/** The status of an HTTP answer as {@link rawRequest} returns it, or 0 when there is none. */
export function statusOf(answer: string): number {
  return Number(/^HTTP\/1\.[01] (\d{3}) /.exec(answer)?.[1] ?? 0);
}

/**
 * One server and one browser for the test file (call it in its describe): started before its
 * tests, closed after them. Read `web.server`, `web.browser` inside the tests.
 */
export function useWeb(): { server: WebServer; browser: Browser } {
  const web = {} as { server: WebServer; browser: Browser };
  beforeAll(async () => {
    [web.server, web.browser] = await Promise.all([startWeb(), launchChromium()]);
  }, PAGE_START_MS);
  afterAll(async () => {
    await web.browser?.close();
    await web.server?.stop();
  });
  return web;
}

/**
 * A new browser context as the tests' pages have it: 1280×800, and reduced motion unless the
 * test asks for motion (`reducedMotion: 'no-preference'`). With motion, each card that becomes
 * playable rises in a 0.18 s transition, and every click waits for the card to stand still: a
 * third of a round's time. The tests of motion itself ask for it, and one round by clicks in
 * web-play.test.ts is played with it.
 */
export function newTestContext(browser: Browser, ctx: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce', ...ctx });
}

/** A page, and its console errors and uncaught exceptions, collected for a test to check. */
export interface OpenPage {
  page: Page;
  errors: string[];
}

/**
 * A fresh page (its own storage) on the game, at `instant` speed unless told otherwise: the
 * bots and the launcher take no time, so a test waits only on what the page shows. `init`: a
 * script to run in the page before its own. Its context (the page and its storage) is closed
 * when the running test finishes, passed or failed; with `shared`, opened in a `beforeAll` for
 * several tests, by the caller (in its `afterAll`).
 */
export async function openPage(browser: Browser, url: string, o: BrowserContextOptions & { speed?: 1 | 2 | 'instant'; init?: string; shared?: boolean } = {}): Promise<OpenPage> {
  const { speed = 'instant', init, shared = false, ...ctx } = o;
  const context = await newTestContext(browser, ctx);
  if (!shared) onTestFinished(() => context.close());
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript((s) => {
    if (localStorage.getItem('uno-extreme-settings') === null) localStorage.setItem('uno-extreme-settings', JSON.stringify({ speed: s, colourBlind: false }));
  }, speed);
  // A script of the test's, run before the page's own (a fake navigator.serial).
  if (init) await page.addInitScript({ content: init });
  await page.goto(url);
  return { page, errors };
}

/**
 * Starts a new game from the New game form, its controls found by their names in the page's
 * language `w` (English unless told).
 */
export async function newGame(page: Page, o: { seed: number; players?: number; rules?: string; name?: string; target?: number; house?: string[]; bots?: string }, w: Words = EN_WORDS): Promise<void> {
  const dialog = page.getByRole('dialog', { name: w.t('page.newGame') });
  // A fresh page opens the dialog itself once it has rendered: wait for the page to show something first.
  await page.waitForFunction(() => document.querySelector('dialog[open]') !== null || document.querySelector('.table') !== null);
  if (!(await dialog.isVisible())) {
    // On a phone the menu is folded behind its button (styles.css): opened first.
    const menu = page.locator('.bar .menu-toggle');
    if (await menu.isVisible() && (await menu.getAttribute('aria-expanded')) === 'false') await menu.click();
    await page.getByRole('button', { name: w.t('page.newGame') }).click();
  }
  // The seed, the target and the house rules are folded under More options.
  const more = dialog.locator('details.more');
  if ((await more.getAttribute('open')) === null) await more.locator('summary').click();
  if (o.rules) await dialog.getByLabel(w.t('form.rules')).selectOption(o.rules);
  if (o.players) await dialog.getByLabel(w.t('form.players')).fill(String(o.players));
  if (o.name) await dialog.getByLabel(w.t('form.name')).fill(o.name);
  if (o.bots) await dialog.getByLabel(w.t('form.bots')).selectOption(o.bots);
  if (o.target) await dialog.getByLabel(w.t('form.target')).fill(String(o.target));
  for (const h of o.house ?? []) await dialog.getByLabel(h).check();
  await dialog.getByLabel(w.t('form.seed')).fill(String(o.seed));
  await dialog.getByRole('button', { name: w.t('form.start') }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** What the page waits for now: a question for the person (turn, react, press), or a round's end. */
export async function waitForPerson(page: Page, afterAsk = -1): Promise<{ ask: string; askId: number; phase: string }> {
  const h = await page.waitForFunction((after) => {
    const app = document.querySelector('.app');
    const phase = app?.getAttribute('data-phase') ?? 'none';
    if (phase === 'roundOver' || phase === 'matchOver') return { ask: '', askId: -1, phase };
    const t = document.querySelector('.table');
    const ask = t?.getAttribute('data-ask') ?? '';
    const askId = Number(t?.getAttribute('data-ask-id') ?? -1);
    return ask && askId !== after ? { ask, askId, phase } : null;
  }, afterAsk);
  return (await h.jsonValue()) as { ask: string; askId: number; phase: string };
}

/** A dialog of choices (colour, target, pair) is open. */
async function dialogChoice(page: Page): Promise<boolean> {
  return (await page.locator('dialog.pick[open] .choices button').count()) > 0;
}

/**
 * After a card is chosen: waits until the move is made (the question is no longer `askId`) or a
 * dialog asks for more (true). Preact renders after the event, so neither shows at once.
 */
async function afterCard(page: Page, askId: string | null): Promise<boolean> {
  const h = await page.waitForFunction((id) => {
    if (document.querySelector('dialog.pick[open] .choices button')) return 'dialog';
    const t = document.querySelector('.table');
    const phase = document.querySelector('.app')?.getAttribute('data-phase');
    return !t || phase !== 'playing' || t.getAttribute('data-ask-id') !== id || t.getAttribute('data-ask') === '' ? 'moved' : null;
  }, askId, { timeout: CARD_MOVE_MS }).catch(async () => {
    // Said, rather than the test's own time running out: what the page shows when a card's move is not made.
    const said = await page.evaluate(() => {
      const t = document.querySelector('.table');
      const text = (sel: string) => [...document.querySelectorAll(sel)].map((e) => e.textContent?.trim()).filter(Boolean).join(' | ');
      return `ask ${t?.getAttribute('data-ask')} #${t?.getAttribute('data-ask-id')}, focus on ${document.activeElement?.getAttribute('data-card') ?? document.activeElement?.tagName}, the last clicks landed on ${(window as { clicked?: string[] }).clicked?.slice(-3).join(', ')}; said: ${text('[role="status"], [role="alert"]')}; actions: ${text('.actions')}`;
    });
    throw new Error(`a card was clicked and no move was made within ${CARD_MOVE_MS} ms: ${said}`);
  });
  return (await h.jsonValue()) === 'dialog';
}

/** How long a card's click may take to make its move (or open its dialog): well within a test's budget, so a click that made none says what the page showed. */
const CARD_MOVE_MS = 10_000;

/**
 * Clicks a card of the fanned hand where a person would: on a part of it that shows (in a large
 * hand the next card covers its middle, where a plain click lands). The point nearest its middle
 * that hits the card itself.
 */
export async function clickVisible(page: Page, card: Locator): Promise<void> {
  // One look in the page: scrolled to, still, the point to click, and every card of the hand in its seat.
  const seen = await card.evaluate(async (el) => {
    // What each click lands on, for a click that makes nothing happen.
    const w = window as { clicked?: string[] };
    if (!w.clicked) {
      w.clicked = [];
      document.addEventListener('click', (e) => w.clicked!.push((e.target as Element).getAttribute?.('data-card') ?? (e.target as Element).className ?? String(e.target)), true);
    }
    el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    // Still, as a person waits for: a card taken arrives in the hand (an animation that may wait
    // at its start for its delay, so still rectangles alone do not say it ended), a raised card rises.
    const hand = el.closest('.hand')!;
    const cards = () => [...hand.querySelectorAll('button.card')];
    await Promise.allSettled(cards().flatMap((b) => b.getAnimations()).map((a) => a.finished));
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const rects = () => JSON.stringify(cards().map((b) => b.getBoundingClientRect()));
    for (let last = ''; last !== rects(); ) (last = rects()), await frame();
    const r = el.getBoundingClientRect();
    const points: [number, number][] = [];
    for (let y = 0.2; y <= 0.8; y += 0.1) for (let x = 0.05; x <= 0.95; x += 0.05) points.push([r.left + x * r.width, r.top + y * r.height]);
    const mid = [r.left + r.width / 2, r.top + r.height / 2];
    points.sort((a, b) => Math.hypot(a[0] - mid[0], a[1] - mid[1]) - Math.hypot(b[0] - mid[0], b[1] - mid[1]));
    const seat = hand.closest('.seat')!.getBoundingClientRect();
    return {
      id: el.getAttribute('data-card'),
      at: points.find(([x, y]) => el.contains(document.elementFromPoint(x, y))) ?? null,
      cards: cards().length,
      out: cards().map((b) => [b.getAttribute('data-card'), b.getBoundingClientRect()] as const)
        .filter(([, b]) => b.left < seat.left || b.right > seat.right).map(([id]) => id),
    };
  });
  if (!seen.at) throw new Error(`no part of ${seen.id} shows to click`);
  // However large the hand, its fan stays inside the person's seat: no card leans out of it.
  if (seen.out.length > 0) throw new Error(`cards ${seen.out.join(', ')} of a hand of ${seen.cards} lean out of the seat`);
  await page.mouse.click(seen.at[0], seen.at[1]);
}

/**
 * Makes the person's move by clicks: the first playable card (then the first colour, target,
 * pair choice offered), or else pass, accept, press or draw; out of turn, `react` decides.
 */
export async function clickMove(page: Page, ask: string, react: 'catch' | 'letGo' = 'letGo', w: Words = EN_WORDS): Promise<void> {
  const table = page.locator('.table');
  if (await dialogChoice(page)) return void (await page.locator('dialog.pick[open] .choices button').first().click());
  if (ask === 'press') {
    // Pressed once it can be (a launcher still firing holds it); a button that never can says why.
    return void (await page.getByRole('button', { name: w.t('ask.pressLauncher') }).click({ timeout: CARD_MOVE_MS }).catch(async () => {
      throw new Error(`Press the launcher was not there to click within ${CARD_MOVE_MS} ms: actions: ${await page.locator('.actions').innerText().catch(() => '(none)')}`);
    }));
  }
  if (ask === 'react') {
    const c = table.getByRole('button', { name: new RegExp(`^${w.t('ask.catchWho', { who: '' })}`) });
    if (react === 'catch' && (await c.count())) return void (await c.first().click());
    const uno = table.getByRole('button', { name: 'UNO' });
    if ((await uno.count()) && (await uno.isEnabled())) return void (await uno.click());
    return void (await table.getByRole('button', { name: w.t('ask.letGo') }).click());
  }
  const card = page.getByRole('region', { name: w.t('page.yourHand') }).locator('button.card.playable').first();
  if (await card.count()) {
    const id = await table.getAttribute('data-ask-id');
    await clickVisible(page, card);
    // A wild, a target, a pair: the first choice offered, until the move is made.
    while (await afterCard(page, id)) await page.locator('dialog.pick[open] .choices button').first().click();
    return;
  }
  for (const name of [w.t('ask.pass'), w.t('ask.acceptIt'), w.t('ask.pressLauncher'), w.t('ask.draw'), new RegExp(`^${w.t('ask.take', { total: 0 }).replace('0', '\\d+')}`)]) {
    const b = page.getByRole('button', { name, exact: typeof name === 'string' });
    if ((await b.count()) && (await b.first().isEnabled())) return void (await b.first().click());
  }
  throw new Error(`no move to make (${ask}): ${await page.locator('.actions').innerText()}`);
}

/** The same moves by keys alone: h focuses the hand, Enter plays, p presses, s passes, a accepts, Escape lets go. */
export async function keyMove(page: Page, ask: string): Promise<void> {
  const k = page.keyboard;
  if (await dialogChoice(page)) return void (await k.press('Enter'));
  if (ask === 'press') return void (await k.press('p'));
  if (ask === 'react') return void (await k.press('Escape'));
  const playable = await page.locator('.hand button.card.playable').count();
  if (playable) {
    const id = await page.locator('.table').getAttribute('data-ask-id');
    await k.press('h');
    await k.press('Enter');
    // The dialog's first button has the focus: Enter takes it, until the move is made.
    while (await afterCard(page, id)) {
      await page.locator('dialog.pick[open] .choices button:focus').waitFor();
      await k.press('Enter');
    }
    return;
  }
  const has = async (name: string) => (await page.getByRole('button', { name, exact: true }).count()) > 0;
  if (await has('Pass')) return void (await k.press('s'));
  if (await has('Accept the +4')) return void (await k.press('a'));
  await k.press('p');
}

/**
 * Plays the person's moves (by `how`) until the round is over; returns how many moves they made.
 * `each` is called before every move (a check of what the page shows).
 */
export async function playRound(page: Page, how: 'click' | 'keys', max = 400, w: Words = EN_WORDS, each?: () => Promise<void>): Promise<number> {
  let last = -1;
  for (let n = 0; n < max; n++) {
    const asked = await waitForPerson(page, last).catch(async (e: Error) => {
      const at = await page.locator('.table').evaluate((t) => `${t.getAttribute('data-ask')} #${t.getAttribute('data-ask-id')} moves ${t.getAttribute('data-moves')}: ${t.querySelector('.actions')?.textContent}`).catch(() => '(no table)');
      throw new Error(`${e.message}\n  the page: ${at}`);
    });
    if (asked.phase !== 'playing') return n;
    last = asked.askId;
    await each?.();
    await (how === 'click' ? clickMove(page, asked.ask, 'letGo', w) : keyMove(page, asked.ask));
  }
  throw new Error(`the round did not end after ${max} moves of the person`);
}

/** Makes the person's next `n` moves by clicks, then waits until they are asked again. */
export async function playMoves(page: Page, n: number): Promise<void> {
  let ask = -1;
  for (let i = 0; i < n; i++) {
    const w = await waitForPerson(page, ask);
    ask = w.askId;
    await clickMove(page, w.ask);
  }
  await waitForPerson(page, ask);
}

/** What a reload must give back of a game: the person's hand and the count of moves made. */
export async function handAndMoves(page: Page): Promise<{ hand: string[]; moves: string | null }> {
  return { hand: await handOf(page), moves: await page.locator('.table').getAttribute('data-moves') };
}

/** The person's hand as the page shows it (card ids, in order). */
export function handOf(page: Page): Promise<string[]> {
  return page.locator('.hand button.card').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-card')!));
}

/**
 * axe's serious and critical findings against WCAG 2.1 A and AA, one line each, within the part
 * of the page `within` selects (default: all of it). Read once every animation that ends has
 * ended, those its ends started too: a card in flight or a line fading in has, for that moment, a
 * colour of text against its background that is not the page's.
 */
export async function axeProblems(page: Page, o: { within?: string } = {}): Promise<string[]> {
  // Until a frame comes with none running: an animation's end may start another (a card lands,
  // then its seat's "+N" pops in), which a single look would miss.
  await page.evaluate(async () => {
    for (;;) {
      const running = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => {})));
      await new Promise((next) => requestAnimationFrame(next));
    }
  });
  const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const r = await (o.within ? axe.include(o.within) : axe).analyze();
  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
}

/** The match the page keeps in its storage (its save and the moves kept after it), as a reload reads it. */
export async function keptMatch(page: Page): Promise<MatchState> {
  const items = new Map(await page.evaluate(() => Object.entries(localStorage)));
  const kept = keptGame({ getItem: (k) => items.get(k) ?? null, setItem: () => {}, removeItem: () => {} })!;
  return parsePlaySave(kept.text, 'kept', kept.later).match;
}
