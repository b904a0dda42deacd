import type { Locator, Page } from '@playwright/test';

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
