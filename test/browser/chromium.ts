/**
 * Debian's Chromium (its headless shell: see CHROMIUM) for the browser tests, driven by
 * Playwright (which downloads no browser of its own here). The flags keep Chromium from dialling
 * out of a machine that has no network.
 */
import { chromium, type Browser } from 'playwright';
import { onTestFinished } from 'vitest';
import { CHROMIUM } from '../tools.ts';

const FLAGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];

/** A headless Chromium; close it when done with it (a file's browser, in its `afterAll`). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
}

/** A headless Chromium for the running test alone, closed when the test finishes (passed or failed). */
export async function chromiumForTest(): Promise<Browser> {
  const browser = await launchChromium();
  onTestFinished(() => browser.close());
  return browser;
}
