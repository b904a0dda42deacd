// Currency insights (issue 21): the Exchange tab of analytics (conversion costs, exposure), the
// net-worth bridge of the Balances tab and the fixpoint drift of Manage › Fixpoints. Table rows
// carry data-row, single figures data-figure.
import type { Locator, Page } from '@playwright/test';

export class InsightsScreens {
  constructor(readonly page: Page) {}

  async gotoExchange() {
    await this.page.goto('/private/analytics/exchange');
  }

  async gotoBalances() {
    await this.page.goto('/private/analytics/balances');
  }

  async gotoFixpoints() {
    await this.page.goto('/private/manage/fixpoint');
  }

  /** The cells of a table row by its data-row ("conversion 12", "pair EUR USD", "sensitivity USD", "bridge end"). */
  cells(row: string): Locator {
    return this.page.locator(`[data-row="${row}"] td`);
  }

  figure(label: string): Locator {
    return this.page.locator(`[data-figure="${label}"]`);
  }

  // Exchange

  get conversionCosts(): Locator {
    return this.page.getByTestId('conversion-costs');
  }

  get totalCost(): Locator {
    return this.figure('Total conversion cost');
  }

  get conversionTable(): Locator {
    return this.page.getByRole('table', { name: 'Conversion costs', exact: true });
  }

  get monthlyCostBars(): Locator {
    return this.page.getByTestId('conversion-cost-months').locator('.recharts-bar-rectangle');
  }

  get exposureAreas(): Locator {
    return this.page.getByTestId('exposure-chart').locator('.recharts-area');
  }

  /** The exposure card's word of what the sensitivity table shows, against the main currency. */
  sensitivityCaption(main: string): Locator {
    return this.page.getByText(`If a currency moves 10 % against ${main}`);
  }

  // Balances

  get bridge(): Locator {
    return this.page.getByTestId('networth-bridge');
  }

  get bridgeBars(): Locator {
    return this.bridge.locator('.recharts-bar-rectangle');
  }

  get bridgeTable(): Locator {
    return this.page.getByRole('table', { name: 'Net worth bridge' });
  }

  // Fixpoints

  get drift(): Locator {
    return this.page.getByTestId('fixpoint-drift');
  }

  get driftLines(): Locator {
    return this.drift.locator('.recharts-line');
  }

  /** Whether the page is wider than the window (something sticks out sideways at phone width). */
  async overflowsSideways(): Promise<boolean> {
    return this.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  }
}
