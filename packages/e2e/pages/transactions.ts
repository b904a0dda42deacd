import { expect, type Locator, type Page } from '@playwright/test';

/** private/add-transaction, the transaction list and its filter, and the two editors. */
export class Transactions {
  constructor(private readonly page: Page) {}

  async gotoAdd(kind = ''): Promise<void> {
    await this.page.goto(`/private/add-transaction${kind === '' ? '' : `/${kind}`}`);
  }
  async gotoList(): Promise<void> {
    await this.page.goto('/private/transactions');
  }

  tab(name: string): Locator {
    return this.page.getByRole('tab', { name });
  }
  get amount(): Locator {
    return this.page.getByRole('textbox', { name: 'Amount', exact: true });
  }
  get description(): Locator {
    return this.page.getByRole('textbox', { name: 'Description' });
  }
  select(label: string): Locator {
    return this.page.getByRole('combobox', { name: label, exact: true });
  }

  /** Picks an option of one of the form's selects by its label. */
  async pick(label: string, option: string): Promise<void> {
    await this.select(label).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  async direction(value: 'IN' | 'OUT'): Promise<void> {
    await this.page.getByText(value, { exact: true }).click();
    await expect(this.page.getByRole('radio', { name: value })).toBeChecked();
  }

  async fill(amount: string, description: string): Promise<void> {
    await this.amount.fill(amount);
    await this.description.fill(description);
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save' }).click();
  }

  // The list.
  get rows(): Locator {
    return this.page.locator('tbody tr[data-row-kind]');
  }
  row(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }
  get conversionRows(): Locator {
    return this.page.locator('tr[data-row-kind="conversion"]');
  }
  get beforeFixRows(): Locator {
    return this.page.locator('tr[data-before-fix]');
  }
  get sumRow(): Locator {
    return this.page.locator('tr[data-sum]');
  }
  get filters(): Locator {
    return this.page.getByRole('switch', { name: 'Filters' });
  }
  /** Moves an item of a filter list from available to selected. */
  async choose(item: string): Promise<void> {
    await this.page.getByRole('button', { name: `Add ${item}` }).click();
  }

  // The editors.
  async delete(): Promise<void> {
    await this.page.getByRole('button', { name: 'Delete' }).click();
  }
  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }
  async answer(button: 'Yes' | 'No' | 'Cancel'): Promise<void> {
    await this.dialog.getByRole('button', { name: button }).click();
  }
}
