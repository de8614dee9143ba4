import { describe, expect, it } from 'vitest';
import { chromiumForTest } from './chromium.ts';
import { needs } from '../tools.ts';

describe.runIf(needs('chromium'))('Chromium for the browser tests', () => {
  it('starts headless and runs a page', async () => {
    const browser = await chromiumForTest();
    const page = await browser.newPage();
    await page.setContent('<button>Press the launcher</button>');
    await expect(page.getByRole('button', { name: 'Press the launcher' }).count()).resolves.toBe(1);
    expect(await page.evaluate(() => typeof OfflineAudioContext)).toBe('function');
  });
});
