/**
 * Screenshots of the page's moments that the README's (bench/page-facts.ts) cannot show, taken in
 * Chromium on the real server (`node bin/run-ts.js bench/page-moments.ts`): the deal and a card
 * laid in flight, caught on their way (the page's animations paused at a moment), an UNO call at
 * its seat, the Guide, and the
 * first game's walkthrough on a phone's width. Written to docs/moment-*.png.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright';
import { ensurePageBuilt } from '../cli/web.ts';
import { launchChromium } from '../test/browser/chromium.ts';
import { keyMove, startWeb, waitForPerson } from '../test/browser/web.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A fresh page at `width`×`height`, motion allowed, the game at `speed`, a game of `rules` and seed 11 started for four. */
async function game(browser: Browser, url: string, width: number, height: number, rules: string, speed: 1 | 2 | 'instant'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, reducedMotion: 'no-preference', isMobile: width < 500, hasTouch: width < 500 });
  await context.addInitScript('globalThis.__name = (f) => f;');
  const page = await context.newPage();
  await page.addInitScript((s) => localStorage.setItem('uno-extreme-settings', JSON.stringify({ speed: s, colourBlind: false, sortHand: true })), speed);
  await page.goto(url);
  const form = page.getByRole('dialog', { name: 'New game' });
  await form.getByLabel('Rule set').selectOption(rules);
  await form.getByLabel('Players (2 to 10)').fill('4');
  await form.locator('details.more summary').click();
  await form.getByLabel('Seed').fill('11');
  await form.getByRole('button', { name: 'Start' }).click();
  return page;
}

/**
 * Pauses every animation of the page at `ms` into it, on the first frame an animation `id` runs
 * with no `unless` one (the bots go on meanwhile: the shot is taken before the next one moves).
 */
async function freezeAt(page: Page, id: string, ms: number, unless = ''): Promise<void> {
  await page.evaluate(({ id, ms, unless }) => new Promise<void>((done) => {
    const tick = () => {
      const all = document.getAnimations();
      if (!all.some((a) => a.id === id) || (unless && all.some((a) => a.id === unless))) return void requestAnimationFrame(tick);
      for (const a of all) {
        a.pause();
        a.currentTime = ms;
      }
      done();
    };
    tick();
  }), { id, ms, unless });
}

async function shot(page: Page, name: string): Promise<void> {
  const file = path.join(ROOT, 'docs', `${name}.png`);
  await page.screenshot({ path: file });
  console.log(`screenshot: ${path.relative(ROOT, file)}`);
}

await ensurePageBuilt((line) => console.log(line));
const server = await startWeb();
const browser = await launchChromium();
try {
  // The deal, dealt: a third of it in the hands, cards on their way to the seats.
  const deal = await game(browser, server.url, 1280, 800, 'classic', 1);
  await freezeAt(deal, 'motion-deal', 500);
  await shot(deal, 'moment-deal-1280x800');
  await deal.context().close();

  // A bot's card on its way from its seat to the pile, once the deal is over.
  const lay = await game(browser, server.url, 1280, 800, 'extreme', 1);
  await freezeAt(lay, 'motion-lay', 180, 'motion-deal');
  await shot(lay, 'moment-lay-1280x800');
  await lay.context().close();

  // An UNO call shown at the seat that made it: the person only presses (so a bot goes down to
  // one card first), by keys at 2x, until a seat calls UNO; the page is frozen at that frame.
  const uno = await game(browser, server.url, 1280, 800, 'extreme', 2);
  let seen = false;
  const called = freezeAt(uno, 'motion-uno', 150).then(() => (seen = true), () => false);
  for (let ask = -1; !seen;) {
    const next = await Promise.race([waitForPerson(uno, ask), called.then(() => null)]);
    if (!next || next.phase !== 'playing') break;
    ask = next.askId;
    if (next.ask === 'turn') await uno.keyboard.press('p');
    else await keyMove(uno, next.ask);
  }
  if (seen) await shot(uno, 'moment-uno-1280x800');
  else console.log('no UNO call in this round: no moment-uno shot');
  await uno.context().close();

  // The Guide of the French edition's cards.
  const guide = await game(browser, server.url, 1280, 800, 'extreme-fr', 'instant');
  await guide.getByRole('button', { name: 'Guide', exact: true }).click();
  const dialog = guide.getByRole('dialog', { name: /^Guide/ });
  await dialog.locator('.guide-cards li').first().waitFor();
  // Its top: the dialog opens on its focused button, at the end.
  await dialog.evaluate((d) => d.scrollTo(0, 0));
  await shot(guide, 'moment-guide-1280x800');
  await guide.context().close();

  // A phone's width: the walkthrough's first step pointing at the hand.
  const walk = await game(browser, server.url, 390, 844, 'extreme', 'instant');
  await walk.waitForFunction(() => document.querySelector('.table')?.getAttribute('data-walk') === 'match');
  await walk.locator('.walk').scrollIntoViewIfNeeded();
  await shot(walk, 'moment-walkthrough-390x844');
  await walk.context().close();
} finally {
  await browser.close();
  await server.stop();
}
