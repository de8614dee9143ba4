/**
 * The README's facts about the browser game, measured rather than written by hand
 * (`npm run page-facts`): the page built as `uno-extreme web` builds it, the gzipped size of
 * what it loads (written into README.md between its `page-size` markers), and the screenshots
 * of a game of seed 11 at three window sizes (docs/table-WxH.png), taken in Chromium on the real
 * server. Needs Chromium, as the browser tests do.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ensurePageBuilt, WEB_DIST } from '../cli/web.ts';
import { launchChromium } from '../test/browser/chromium.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const README = path.join(ROOT, 'README.md');
const SIZES = [[1280, 800], [1920, 1080], [390, 844]] as const;

/** The gzipped size in KB of the built files `keep` accepts, and how many there are. */
function gzipped(keep: (file: string) => boolean): { kb: number; files: number } {
  const dir = path.join(WEB_DIST, 'assets');
  const files = readdirSync(dir).filter(keep);
  const bytes = files.reduce((n, f) => n + gzipSync(readFileSync(path.join(dir, f)), { level: 9 }).length, 0);
  return { kb: Math.round(bytes / 102.4) / 10, files: files.length };
}

/** `uno-extreme web --json` on a free port: its address, and the function that stops it. */
function serve(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/uno-extreme.js'), 'web', '--json'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((ok, fail) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) ok({ url: (JSON.parse(line) as { url: string }).url, stop: () => child.kill('SIGTERM') });
    });
    child.once('exit', (code) => fail(new Error(`uno-extreme web exited ${code}`)));
  });
}

await ensurePageBuilt((line) => console.log(line));
// The script the page loads first (the one index.html names), and all of them: the workers of
// the search bots and of the virtual launcher load only when a game needs them.
const entry = /src="\.\/assets\/([^"]+\.js)"/.exec(readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8'))?.[1];
if (!entry) throw new Error('web/dist/index.html names no script');
const first = gzipped((f) => f === entry);
const js = gzipped((f) => f.endsWith('.js'));
const css = gzipped((f) => f.endsWith('.css'));
const text = readFileSync(README, 'utf8');
const marked = /<!-- page-size -->[^]*?<!-- \/page-size -->/;
if (!marked.test(text)) throw new Error('README.md has no <!-- page-size --> … <!-- /page-size --> markers');
const said = `<!-- page-size -->${first.kb} KB of JavaScript and ${css.kb} KB of CSS gzipped as it loads, ${js.kb} KB of JavaScript in all with the workers (search bots, the virtual launcher) it loads when a game needs them, as \`npm run page-facts\` measured<!-- /page-size -->`;
writeFileSync(README, text.replace(marked, said));
console.log(`page: ${first.kb} KB JavaScript first, ${js.kb} KB in ${js.files} files, ${css.kb} KB CSS, gzipped`);

const server = await serve();
const browser = await launchChromium();
try {
  for (const [width, height] of SIZES) {
    const context = await browser.newContext({ viewport: { width, height }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('uno-extreme-settings', JSON.stringify({ speed: 'instant', colourBlind: false, sortHand: true })));
    await page.goto(server.url);
    const form = page.getByRole('dialog', { name: 'New game' });
    await form.getByLabel('Players (2 to 10)').fill('4');
    // The seed is folded away under More options.
    await form.locator('details.more summary').click();
    await form.getByLabel('Seed').fill('11');
    await form.getByRole('button', { name: 'Start' }).click();
    // The person's first question: the table as a player first sees it.
    await page.waitForFunction(() => document.querySelector('.table')?.getAttribute('data-ask') === 'turn');
    const file = path.join(ROOT, 'docs', `table-${width}x${height}.png`);
    await page.screenshot({ path: file });
    console.log(`screenshot: ${path.relative(ROOT, file)}`);
    await context.close();
  }
} finally {
  await browser.close();
  server.stop();
}
