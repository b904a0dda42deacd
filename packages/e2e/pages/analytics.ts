// Analytics (private/analytics/*): one tab per view; figures carry data-figure, table rows data-row.
import { expect, type Locator, type Page } from '@playwright/test';

export type AnalyticsTab = 'Single period' | 'Cash flow' | 'Holdings' | 'Balances' | 'Balance history' | 'Multi-period';

/** A labelled figure inside `scope`. */
export const figureIn = (scope: Page | Locator, label: string): Locator => scope.locator(`[data-figure="${label}"]`);

export class AnalyticsPage {
  constructor(readonly page: Page) {}

  async goto(view?: 'oneperiod' | 'holdings' | 'balance-history') {
    await this.page.goto(view === undefined ? '/private/analytics' : `/private/analytics/${view}`);
  }

  tab(name: AnalyticsTab): Locator {
    return this.page.getByRole('tab', { name });
  }

  async openTab(name: AnalyticsTab) {
    await this.tab(name).click();
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true');
  }

  /**
   * Runs `action` (a goto, a tab, a toggle) and returns the body the page POSTed to
   * /api/analytics/{endpoint} for it, so the test can ask the API the same question.
   */
  async bodySentTo(endpoint: string, action: () => Promise<unknown>): Promise<unknown> {
    const [request] = await Promise.all([
      this.page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/api/analytics/${endpoint}`)),
      action(),
    ]);
    return request.postDataJSON() as unknown;
  }

  async chooseInterval(label: '1 Y') {
    await this.page.getByRole('button', { name: label }).click();
  }

  async showIncome() {
    await this.page.getByText('IN', { exact: true }).click();
  }

  figure(label: string): Locator {
    return figureIn(this.page, label);
  }

  // Single period

  /** The cells of a category's row (name, amount, limit, share); "Sum" is the total row. */
  categoryCells(name: string): Locator {
    return this.page.locator(`[data-row="${name}"] td`);
  }

  get categoryRows(): Locator {
    return this.page.locator('tbody [data-row]');
  }

  get pieSlices(): Locator {
    return this.page.locator('.recharts-pie-sector');
  }

  // Cash flow

  cashflowSection(title: string): Locator {
    return this.page.locator(`[data-section="${title}"]`);
  }

  get mismatchWarning(): Locator {
    return this.page.getByText(/The lines above add up to/);
  }

  // Holdings

  get holdingRows(): Locator {
    return this.page.locator('[data-row]');
  }

  get compositionTitle(): Locator {
    return this.page.getByText('Converted value composition');
  }

  // Balances

  get balancesCard(): Locator {
    return this.page.getByTestId('balances-card');
  }

  get hiddenBalances(): Locator {
    return this.balancesCard.getByRole('img', { name: 'hidden' });
  }

  /** A click anywhere on the card shows the hidden balances. */
  async revealBalances() {
    await this.balancesCard.click();
    await expect(this.hiddenBalances).toHaveCount(0);
  }

  // Balance history and multi-period

  get balanceHistoryChart(): Locator {
    return this.page.getByTestId('balance-history-chart');
  }

  get multiPeriodChart(): Locator {
    return this.page.getByTestId('multiperiod-chart');
  }

  get tooltip(): Locator {
    return this.page.locator('.recharts-tooltip-wrapper');
  }

  /** Hovers the balance history chart `fromRight` pixels before its right edge, where a day's tooltip shows. */
  async hoverBalanceHistory(fromRight: number) {
    const box = await this.balanceHistoryChart.locator('.recharts-surface').boundingBox();
    if (box === null) throw new Error('no chart surface');
    await this.page.mouse.move(box.x + box.width - fromRight, box.y + box.height / 2);
  }
}
