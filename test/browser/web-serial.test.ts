/**
 * The Web Serial transport in a real Chromium: the module and the command session bundled for the
 * page (no Node in them), on the browser's own WHATWG streams, EventTarget and timers, against a
 * fake `navigator.serial` backed by the compiled firmware on the emulated board. An unplug in
 * the middle of a burst: every card the roller ejected is counted once.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BOARD_REAL_TIME_MS } from '../budgets.ts';
import { hex } from '../firmware/boot.ts';
import { chromiumForTest } from './chromium.ts';
import { needs } from '../tools.ts';

describe.runIf(needs('chromium'))('Web Serial in Chromium', () => {
  it('an unplug mid-burst through the fake navigator.serial and the firmware: no card lost or doubled', async () => {
    const bundle = await build({
      entryPoints: [fileURLToPath(new URL('./web-serial-page.ts', import.meta.url))],
      bundle: true, write: false, format: 'iife', platform: 'browser', target: 'es2022', logLevel: 'silent',
    });
    const browser = await chromiumForTest();
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setContent('<title>web serial</title>');
    await page.addScriptTag({ content: bundle.outputFiles[0].text });
    const r = await page.evaluate((h) => (globalThis as unknown as { unplugMidBurst(hex: string): Promise<Record<string, unknown>> }).unplugMidBurst(h), hex());
    expect(errors).toEqual([]);
    expect(r.cards).toBe(r.ejected);
    expect(r.ejected as number).toBeGreaterThan(2);
    expect(r).toMatchObject({ links: [false, true], newPortObject: true, connections: 2, lockedCloses: 0, lockedClosesAtEnd: 0 });
    // A burst, then an unplug and a reconnect, on a board paced to the wall clock.
  }, 2 * BOARD_REAL_TIME_MS);
});
