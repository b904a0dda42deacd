import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { Shell } from '../pages/shell.js';

/**
 * Whether the journeys take the pictures they leave to look at (`E2E_SCREENSHOTS=1 npm run
 * test:e2e`, then test-results/). CI runs without: full-page pictures and the pauses before them
 * were a tenth of the suite's time. A failing journey still leaves its trace.
 */
export const PICTURES = process.env['E2E_SCREENSHOTS'] === '1';

/**
 * A picture of the page (whole, unless `fullPage: false`) or of one element as it is now, when
 * pictures are asked for; `settleMs` first lets fades and colour transitions end.
 */
export async function picture(
  target: Page | Locator,
  path: string,
  options: { fullPage?: boolean; settleMs?: number } = {},
): Promise<void> {
  if (!PICTURES) return;
  if (options.settleMs !== undefined) await new Promise((resolve) => setTimeout(resolve, options.settleMs));
  if ('goto' in target) await target.screenshot({ path, fullPage: options.fullPage ?? true });
  else await target.screenshot({ path });
}

/**
 * Pictures of the page at the project's width in the light and the dark scheme, when pictures
 * are asked for (each once the scheme is applied and its colour transitions have ended); the
 * page is light again afterwards.
 */
export async function schemePictures(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (!PICTURES) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(new Shell(page).document).toHaveAttribute('data-mantine-color-scheme', scheme);
    await picture(page, testInfo.outputPath(`${name}-${scheme}.png`), { settleMs: 300 });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
