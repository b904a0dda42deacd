import { expect, type Page } from '@playwright/test';

/**
 * Readies the page for axe: closes every toast, then waits until no finite CSS transition or
 * animation runs (a colour scheme just switched, a modal opening). Axe judges colours as they are
 * at that moment: mid-transition they are neither scheme's, and a toast that starts fading during
 * a scan of several seconds (a success toast lasts 3 s, the login's greets the first screens)
 * fails contrast that it meets while shown. The pointer is moved off the page. The toasts' own contrast is scanned on its own in
 * a11y.spec ("a toast"). Endless animations (a loader's spin) do not count.
 */
export async function untilStill(page: Page): Promise<void> {
  // The pointer rests where the last click left it, and whatever lies under it on the next screen
  // shows its hover state: scans judge the page at rest (hover states are scanned on purpose in
  // a11y.spec).
  await page.mouse.move(0, 0);
  const toasts = page.locator('.mantine-Notification-root');
  // It may close itself meanwhile: a click on a toast already leaving waited for it to come back
  // until the test's own timeout (a bank journey's "Sync done" in CI), so each click gets a few seconds.
  for (const close of await toasts.getByRole('button', { name: 'Close the message' }).all())
    await close.click({ timeout: 3000 }).catch(() => undefined);
  await expect(toasts).toHaveCount(0);
  await untilNoTransition(page);
}

/** Waits until no finite CSS transition or animation runs (endless ones, a loader's spin, do not count). */
export async function untilNoTransition(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
}
