// Analytics (private/analytics/*): one tab per view; figures carry data-figure, table rows data-row.
import { expect, type Locator, type Page } from '@playwright/test';
import { Chart } from './chart.js';

export type AnalyticsTab =
  'Single period' | 'Cash flow' | 'Holdings' | 'Balances' | 'Balance history' | 'Multi-period' | 'Exchange';

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

  async chooseInterval(label: '1 Y' | 'MTD') {
    await this.page.getByRole('button', { name: label }).click();
  }

  async showIncome() {
    await this.page.getByText('IN', { exact: true }).click();
  }

  /** Values every flow at its own day's rate, or all at one date's. */
  async chooseValuation(choice: "Each day's rate" | 'One date') {
    await this.page.getByText(choice, { exact: true }).click();
  }

  /** Shows the figures in another currency. */
  async chooseCurrency(code: string) {
    await this.page.getByRole('combobox', { name: 'Currency', exact: true }).click();
    await this.page.getByRole('option', { name: code, exact: true }).click();
  }

  columnHeader(name: string | RegExp): Locator {
    return this.page.getByRole('columnheader', { name });
  }

  /** The card holding the table whose column is `header`. */
  tableCardOf(header: string): Locator {
    return this.columnHeader(header).locator('xpath=ancestor::div[contains(@class, "mantine-Card-root")][1]');
  }

  /** A figure's label, written exactly so ("Expenses monthly avg. *"). */
  figureLabel(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }

  /** The note under a table whose monthly averages are projected from part of a month. */
  get projectedNote(): Locator {
    return this.page.locator('[data-projected]');
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

  get monthlyAverageHeader(): Locator {
    return this.columnHeader(/^Monthly avg\./);
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

  /** The cells of the `i`th holding row: currency, amount, converted value. */
  holdingCells(i: number): Locator {
    return this.holdingRows.nth(i).locator('td');
  }

  get compositionTitle(): Locator {
    return this.page.getByText('Converted value composition');
  }

  /** The pie's note on currencies left out for a negative balance. */
  get negativeNote(): Locator {
    return this.page.getByText(/Not in the pie, being negative/);
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

  get balanceHistoryChart(): Chart {
    return new Chart(this.page, this.page.getByTestId('balance-history-chart'));
  }

  get multiPeriodChart(): Chart {
    return new Chart(this.page, this.page.getByTestId('multiperiod-chart'));
  }

  get tooltip(): Locator {
    return this.page.locator('.recharts-tooltip-wrapper');
  }

  /** Hovers the balance history chart `fromRight` pixels before its right edge, where a day's tooltip shows. */
  async hoverBalanceHistory(fromRight: number) {
    const box = await this.balanceHistoryChart.surface.boundingBox();
    if (box === null) throw new Error('no chart surface');
    await this.page.mouse.move(box.x + box.width - fromRight, box.y + box.height / 2);
  }
}
