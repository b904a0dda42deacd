import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Axe for the page, reporting violations only: axe otherwise gathers every node that passes or
 * does not apply too (a long table's thousands), which was most of a scan's time, and the
 * journeys read only the violations.
 */
export function axeOf(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
}
