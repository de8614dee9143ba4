/**
 * Debian's Chromium for the browser tests, driven by Playwright (which downloads no browser of
 * its own here). The flags keep Chromium from dialling out of a machine that has no network.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright';

/** Where `apt-get install chromium` puts it; UNO_EXTREME_CHROMIUM names another build. */
export const CHROMIUM = process.env.UNO_EXTREME_CHROMIUM ?? '/usr/bin/chromium';

/** Chromium is there to test with. */
export const hasChromium = existsSync(CHROMIUM);

const FLAGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];

/** A headless Chromium; close it when the test is done. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
}
