import type { Page } from '@playwright/test';

/**
 * Waits until no finite CSS transition or animation runs on the page (a colour scheme just
 * switched, a toast fading, a modal opening): axe judges colours as they are at that moment, and
 * mid-transition they are neither scheme's. Endless ones (a loader's spin) do not count.
 */
export async function untilStill(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
}
