/**
 * Test pages of the page's parts (test/browser/fixtures/*.html), built by Vite from the page's own
 * sources and served for a describe block, with a Chromium to open them in.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { build, preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll } from 'vitest';
import { PAGE_START_MS } from '../budgets.ts';
import { launchChromium } from './chromium.ts';

/** The fixture page `html` (a file of test/browser/fixtures) served while the block's tests run: its address and the browser. */
export function useFixturePage(html: string): { readonly url: string; readonly browser: Browser } {
  let out: string;
  let server: PreviewServer;
  const ready = { url: '', browser: null as unknown as Browser };
  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'uno-fixture-'));
    const root = join(import.meta.dirname, 'fixtures');
    const config = {
      root, configFile: false as const, logLevel: 'warn' as const, base: './',
      oxc: { jsx: { runtime: 'automatic' as const, importSource: 'preact' } },
      build: { outDir: out, emptyOutDir: true, rollupOptions: { input: join(root, html) } },
    };
    await build(config);
    server = await preview({ ...config, preview: { host: '127.0.0.1', port: 0 } });
    ready.url = `${server.resolvedUrls!.local[0]}${html}`;
    ready.browser = await launchChromium();
  }, PAGE_START_MS);
  afterAll(async () => {
    await ready.browser?.close();
    await server?.close();
    if (out) rmSync(out, { recursive: true, force: true });
  });
  return ready;
}
