import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';

/** The image has really loaded and decoded (a broken <img> has naturalWidth 0). */
export async function expectImageLoaded(image: Locator): Promise<void> {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

/**
 * The duration in seconds the browser reads from the audio at `url` (a fresh Audio element, so the
 * page's preload="none" players are left alone); rejects when the browser cannot load or decode it.
 */
export function audioDurationIn(page: Page, url: string): Promise<number> {
  return page.evaluate(
    (src) =>
      new Promise<number>((resolve, reject) => {
        const audio = new Audio();
        audio.preload = 'metadata';
        audio.onloadedmetadata = () => resolve(audio.duration);
        audio.onerror = () =>
          reject(new Error(`audio failed to load: ${audio.error?.code} ${audio.error?.message}`));
        audio.src = src;
      }),
    url,
  );
}

/** Clicks `button`, waits for the download it starts, and returns the saved file's name and bytes. */
export async function downloadFrom(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}

/** The first bytes of each format the tests meet ("magic numbers"). */
export const MAGIC = {
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  wav: Buffer.from('RIFF', 'latin1'),
};

/** The page is no wider than its viewport (a phone would scroll sideways otherwise). */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}
