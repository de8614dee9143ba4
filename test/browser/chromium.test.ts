import { describe, expect, it } from 'vitest';
import { chromiumForTest, hasChromium } from './chromium.ts';

describe.skipIf(!hasChromium && !process.env.CI)('Chromium for the browser tests', () => {
  it('starts headless and runs a page', async () => {
    const browser = await chromiumForTest();
    const page = await browser.newPage();
    await page.setContent('<button>Press the launcher</button>');
    await expect(page.getByRole('button', { name: 'Press the launcher' }).count()).resolves.toBe(1);
    expect(await page.evaluate(() => typeof OfflineAudioContext)).toBe('function');
  });
});
