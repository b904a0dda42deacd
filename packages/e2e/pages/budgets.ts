// Budgets (private/budgets): one card per budget (data-testid budget-item, data-category = name),
// figures carrying data-figure, the add form below, month navigation above.
import type { Locator, Page } from '@playwright/test';

export class BudgetsPage {
  constructor(readonly page: Page) {}

  get month(): Locator {
    return this.page.getByTestId('budget-month');
  }

  item(name: string): Locator {
    return this.page.locator(`[data-testid="budget-item"][data-category="${name}"]`);
  }

  figure(name: string, figure: 'spent' | 'left' | 'limit' | 'carried' | 'allowance'): Locator {
    return this.item(name).locator(`[data-figure="${figure}"]`);
  }

  progress(name: string): Locator {
    return this.item(name).getByRole('progressbar');
  }

  /** A budget's state in words ("Close to limit", "Over limit"). */
  status(name: string, text: string): Locator {
    return this.item(name).getByText(text);
  }

  rollover(name: string): Locator {
    return this.item(name).getByRole('switch', { name: 'Roll over to next month' });
  }

  async nextMonth(): Promise<void> {
    await this.page.getByRole('button', { name: 'Next month' }).click();
  }

  async thisMonth(): Promise<void> {
    await this.page.getByRole('button', { name: 'This month' }).click();
  }

  /** Gives a category without a limit its budget through the add form. */
  async add(category: string, limit: string): Promise<void> {
    await this.page.getByRole('combobox', { name: 'Expense category' }).click();
    await this.page.getByRole('option', { name: category }).click();
    await this.page.getByRole('textbox', { name: /Monthly limit/ }).fill(limit);
    await this.page.getByRole('button', { name: 'Add budget' }).click();
  }

  /** Changes a budget's limit in place. */
  async setLimit(category: string, limit: string): Promise<void> {
    await this.item(category)
      .getByRole('button', { name: `Edit the limit of ${category}` })
      .click();
    await this.item(category)
      .getByRole('textbox', { name: new RegExp(`Monthly limit of ${category}`) })
      .fill(limit);
    await this.item(category).getByRole('button', { name: 'Save' }).click();
  }
}
