// Rate provenance (issue 21): the caption under converted figures ([data-rate-provenance=name]),
// its "Rates used" toggle and the list of each currency's rate, day and source.
import { expect, type Locator, type Page } from '@playwright/test';

export class RateProvenanceBlock {
  readonly root: Locator;

  constructor(
    readonly page: Page,
    name: string,
  ) {
    this.root = page.locator(`[data-rate-provenance="${name}"]`);
  }

  get caption(): Locator {
    return this.root.locator('[data-rates-caption]');
  }

  /** A currency's line of the opened list. */
  line(currency: string): Locator {
    return this.root.locator(`[data-rate-line="${currency}"]`);
  }

  async open() {
    const toggle = this.root.getByRole('button', { name: 'Rates used' });
    await toggle.click();
    await expect(this.root.getByRole('button', { name: 'Hide rates' })).toHaveAttribute('aria-expanded', 'true');
    await expect(this.root.getByRole('list', { name: 'Rates used' })).toBeVisible();
  }
}
