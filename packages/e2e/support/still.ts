import { expect, type Page } from '@playwright/test';
import { Toasts } from '../pages/toasts.js';

/**
 * Waits until no finite CSS transition or animation runs on the page (a colour scheme just
 * switched, a toast fading, a modal opening): axe judges colours as they are at that moment, and
 * mid-transition they are neither scheme's. Endless ones (a loader's spin) do not count. Toasts go
 * first: they belong to the app, not to the screen judged (a login's toast stays over the first
 * screens the scans reach without a reload).
 */
export async function untilStill(page: Page): Promise<void> {
  await expect(new Toasts(page).all).toHaveCount(0, { timeout: 10_000 });
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
}
