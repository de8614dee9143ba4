/**
 * The README's facts about the browser game, measured rather than written by hand
 * (`npm run page-facts`): the page built as `uno-extreme web` builds it, the gzipped size of
 * what it loads (written into README.md between its `page-size` markers), and the screenshots
 * of a game of seed 11 at three window sizes (docs/table-WxH.png) and in French
 * (docs/table-1280x800-fr.png), and of a game night (the table screen and a phone:
 * docs/game-night-*.png; a phone in French: docs/game-night-phone-390x844-fr.png), taken in
 * Chromium on the real server. Needs Chromium, as the browser tests do.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePageBuilt, WEB_DIST } from '../cli/web.ts';
import type { Browser } from 'playwright';
import { launchChromium } from '../test/browser/chromium.ts';
import { serveWeb } from './serve.ts';
import { join, openRoom, phoneMove, questionOf, readFrames, untilFrame } from '../test/browser/rooms.ts';
import { loadLang, type Lang } from '../words/catalogue.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const README = path.join(ROOT, 'README.md');
const SIZES = [[1280, 800], [1920, 1080], [390, 844]] as const;

/**
 * The size in KB of the built files `keep` accepts as the server sends them with `encoding` (the
 * compressed forms the build made beside them), and how many there are.
 */
function sent(keep: (file: string) => boolean, encoding: 'br' | 'gz'): { kb: number; files: number } {
  const dir = path.join(WEB_DIST, 'assets');
  const files = readdirSync(dir).filter(keep);
  const bytes = files.reduce((n, f) => n + statSync(path.join(dir, `${f}.${encoding}`)).size, 0);
  return { kb: Math.round(bytes / 102.4) / 10, files: files.length };
}

await ensurePageBuilt((line) => console.log(line));
// The script the page loads first (the one index.html names), and all of them: the workers of
// the search bots and of the virtual launcher load only when a game needs them.
const entry = /src="\.\/assets\/([^"]+\.js)"/.exec(readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8'))?.[1];
if (!entry) throw new Error('web/dist/index.html names no script');
const first = sent((f) => f === entry, 'br');
const firstGzip = sent((f) => f === entry, 'gz');
const js = sent((f) => f.endsWith('.js'), 'br');
// The stylesheet index.html names: the rooms' own loads with their pages.
const entryCss = /href="\.\/assets\/([^"]+\.css)"/.exec(readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8'))?.[1];
const css = sent((f) => f === entryCss, 'br');
const text = readFileSync(README, 'utf8');
const marked = /<!-- page-size -->[^]*?<!-- \/page-size -->/;
if (!marked.test(text)) throw new Error('README.md has no <!-- page-size --> … <!-- /page-size --> markers');
const said = `<!-- page-size -->${first.kb} KB of JavaScript and ${css.kb} KB of CSS as it loads, sent with Brotli (${firstGzip.kb} KB of JavaScript with gzip), ${js.kb} KB of JavaScript in all with the workers (search bots, the virtual launcher) it loads when a game needs them, as \`npm run page-facts\` measured the bytes the server sends<!-- /page-size -->`;
writeFileSync(README, text.replace(marked, said));
console.log(`page as sent: ${first.kb} KB JavaScript first (Brotli; ${firstGzip.kb} KB gzip), ${js.kb} KB in ${js.files} files, ${css.kb} KB CSS`);

/**
 * A game night: the table screen at 1280×800 and three phones at 390×844 (a context each), the
 * phones speaking `lang`, some moves played on the phones, then the table screen and the phone
 * whose turn it is (`-fr` after the name of a French phone's shot; the table's only in English).
 */
async function gameNight(browser: Browser, url: string, lang: Lang): Promise<void> {
  const w = await loadLang(lang);
  const open = async (width: number, height: number, at: string, phone = false) => {
    const context = await browser.newContext({ viewport: { width, height }, reducedMotion: 'reduce', isMobile: phone, hasTouch: phone, locale: phone && lang === 'fr' ? 'fr-FR' : 'en-GB' });
    // tsx compiles this script keeping function names (esbuild's __name helper): the functions it
    // hands to page.evaluate call it in the page.
    await context.addInitScript('globalThis.__name = (f) => f;');
    const page = await context.newPage();
    const sockets = readFrames(page);
    await page.goto(at);
    return { context, page, sockets };
  };
  const table = await open(1280, 800, url);
  const code = await openRoom(table.page, { players: 4 });
  const phones: Awaited<ReturnType<typeof open>>[] = [];
  for (const name of ['Ana', 'Bo', 'Cy']) {
    const p = await open(390, 844, `${url}#join=${code}`, true);
    await p.page.getByLabel(w.t('form.name')).fill(name);
    await p.page.getByRole('button', { name: w.t('phone.join') }).click();
    await p.page.getByText(w.t('phone.inAs', { names: name })).waitFor();
    phones.push(p);
  }
  await table.page.getByRole('button', { name: /^Start the game/ }).click();
  // A few moves in, at a phone's turn: counts that differ, events in the log.
  for (let moves = 0; ; moves++) {
    const next = await untilFrame(() => {
      for (const p of phones) {
        const seat = p.sockets.find((s) => s.seat !== null)?.seat;
        const q = seat === undefined || seat === null ? null : questionOf(p, seat);
        if (q) return { p, q };
      }
      return null;
    }, () => 'a phone asked');
    await next.p.page.locator(`.seat-play[data-ask-id="${next.q.id}"]`).waitFor();
    if (moves >= 8 && next.q.mode === 'turn') {
      const shots = lang === 'en' ? [['game-night-table-1280x800', table.page], ['game-night-phone-390x844', next.p.page]] as const : [[`game-night-phone-390x844-${lang}`, next.p.page]] as const;
      for (const [shot, page] of shots) {
        const file = path.join(ROOT, 'docs', `${shot}.png`);
        await page.screenshot({ path: file });
        console.log(`screenshot: ${path.relative(ROOT, file)}`);
      }
      break;
    }
    await phoneMove(next.p.page, next.q.id, 'click', w);
  }
  for (const p of [table, ...phones]) await p.context.close();
}

const rooms = mkdtempSync(path.join(tmpdir(), 'uno-extreme-rooms-'));
// Its rooms kept in `rooms`.
const server = await serveWeb(ROOT, ['--rooms', rooms]);
const browser = await launchChromium();
try {
  // Each size in English, and the first in French.
  for (const [width, height, lang] of [...SIZES.map(([w, h]) => [w, h, 'en'] as const), [SIZES[0][0], SIZES[0][1], 'fr'] as const]) {
    const w = await loadLang(lang);
    const context = await browser.newContext({ viewport: { width, height }, reducedMotion: 'reduce', locale: lang === 'fr' ? 'fr-FR' : 'en-GB' });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('uno-extreme-settings', JSON.stringify({ speed: 'instant', colourBlind: false, sortHand: true })));
    await page.goto(server.url);
    const form = page.getByRole('dialog', { name: w.t('page.newGame') });
    await form.getByLabel(w.t('form.players')).fill('4');
    // The seed is folded away under More options.
    await form.locator('details.more summary').click();
    await form.getByLabel(w.t('form.seed')).fill('11');
    await form.getByRole('button', { name: w.t('form.start') }).click();
    // The person's first question: the table as a player first sees it.
    await page.waitForFunction(() => document.querySelector('.table')?.getAttribute('data-ask') === 'turn');
    const file = path.join(ROOT, 'docs', `table-${width}x${height}${lang === 'en' ? '' : `-${lang}`}.png`);
    await page.screenshot({ path: file });
    console.log(`screenshot: ${path.relative(ROOT, file)}`);
    await context.close();
  }
  for (const lang of ['en', 'fr'] as const) await gameNight(browser, server.url, lang);
} finally {
  await browser.close();
  await server.stop();
  rmSync(rooms, { recursive: true, force: true });
}
