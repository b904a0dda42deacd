import { expect, type Download, type Locator, type Page } from '@playwright/test';

/**
 * private/add-transaction (each kind and the conversion), the two editors, and the transaction
 * list with its filter, export and bulk selection.
 */
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
  /** The kind's tab when it is the one shown. */
  selectedTab(name: string): Locator {
    return this.page.getByRole('tab', { name, selected: true });
  }
  get amount(): Locator {
    return this.page.getByRole('textbox', { name: 'Amount', exact: true });
  }
  /** The amount's box around the input: it names the currency inside the field. */
  get amountBox(): Locator {
    return this.amount.locator('xpath=..');
  }
  /** The amount's value as read, shown live under the field ("= 15.70 €"). */
  amountPreview(text: string): Locator {
    return this.page.getByText(text);
  }
  /** A field's message under it ("Amount "1,234" is ambiguous…"). */
  fieldMessage(text: string): Locator {
    return this.page.getByText(text);
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

  // The conversion form and editor.
  get fromAmount(): Locator {
    return this.page.getByRole('textbox', { name: /^From amount/ });
  }
  get toAmount(): Locator {
    return this.page.getByRole('textbox', { name: /^To amount/ });
  }
  /** The rate the two amounts imply, against the day's reference rate. */
  get conversionRate(): Locator {
    return this.page.getByTestId('conversion-rate');
  }

  get saveButton(): Locator {
    return this.page.getByRole('button', { name: 'Save' });
  }
  async save(): Promise<void> {
    await this.saveButton.click();
  }

  // The editors.
  /** The editor's warning on a row dated before the last fixpoint. */
  get beforeFixpointWarning(): Locator {
    return this.page.getByText('Warning: editing transactions from before the last fixpoint is not recommended!');
  }
  /** The editor's "Make this a schedule", which opens the new schedule filled from the row. */
  get makeScheduleLink(): Locator {
    return this.page.getByRole('link', { name: 'Make this a schedule' });
  }
  async cancel(): Promise<void> {
    await this.page.getByRole('button', { name: 'Cancel' }).click();
  }
  async delete(): Promise<void> {
    await this.page.getByRole('button', { name: 'Delete' }).click();
  }
  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }
  /** The question before a delete. */
  get confirmation(): Locator {
    return this.page.getByRole('dialog', { name: 'Are you sure?' });
  }
  async answer(button: 'Yes' | 'No' | 'Cancel'): Promise<void> {
    await this.dialog.getByRole('button', { name: button }).click();
  }

  // The list.
  get rows(): Locator {
    return this.page.locator('tbody tr[data-row-kind]');
  }
  row(text: string | RegExp): Locator {
    return this.rows.filter({ hasText: text });
  }
  /** The rows of transactions (conversions and fixpoints aside). */
  get transactionRows(): Locator {
    return this.page.locator('tr[data-row-kind="transaction"]');
  }
  get conversionRows(): Locator {
    return this.page.locator('tr[data-row-kind="conversion"]');
  }
  get beforeFixRows(): Locator {
    return this.page.locator('tr[data-before-fix]');
  }
  /** A row's Converted cell; its title names the rate, its day and source. */
  convertedCell(text: string): Locator {
    return this.row(text).locator('[data-converted]');
  }
  get sumRow(): Locator {
    return this.page.locator('tr[data-sum]');
  }
  columnHeader(name: string): Locator {
    return this.page.getByRole('columnheader', { name });
  }
  /** The footer's count of what the list shows ("2 transactions and 1 conversion shown"). */
  get shownCount(): Locator {
    return this.page.locator('[data-shown]');
  }
  /** The legend of the italic rows (dated before the last fixpoint). */
  get legend(): Locator {
    return this.page.locator('[data-legend]');
  }
  get emptyList(): Locator {
    return this.page.getByText('No transactions');
  }
  /** The link to the Import page, beside Export CSV. */
  get importLink(): Locator {
    return this.page.getByRole('main').getByRole('link', { name: 'Import' });
  }
  /** Exports the list (as filtered) and gives the file the browser received. */
  async exportCsv(): Promise<Download> {
    const downloaded = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: 'Export CSV' }).click();
    return downloaded;
  }

  // The filter.
  get filters(): Locator {
    return this.page.getByRole('switch', { name: 'Filters' });
  }
  /** An item of a filter list still available: pressing it selects it. */
  addChip(item: string): Locator {
    return this.page.getByRole('button', { name: `Add ${item}` });
  }
  /** A selected item of a filter list: pressing it makes it available again. */
  removeChip(item: string): Locator {
    return this.page.getByRole('button', { name: `Remove ${item}` });
  }
  /** Moves an item of a filter list from available to selected. */
  async choose(item: string): Promise<void> {
    await this.addChip(item).click();
  }
  /** A filter list's available items ("Expense categories", "Currency"…). */
  availableList(list: string): Locator {
    return this.page.getByRole('group', { name: `Available ${list}` });
  }
  /** One of the interval's quick buttons ("Last month", "1 Y", "MTD"). */
  preset(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  // Bulk selection.
  /** A row's checkbox (the cell takes the click, Shift included). */
  checkbox(description: string): Locator {
    return this.page.getByRole('checkbox', { name: `Select ${description}` });
  }
  /** The bar of what to do with the selected rows, and how many they are. */
  get bulkBar(): Locator {
    return this.page.locator('[data-bulk-bar]');
  }
  async selectEveryShown(): Promise<void> {
    await this.page.getByRole('checkbox', { name: 'Select every transaction shown' }).click();
  }
  async selectAllMatching(): Promise<void> {
    await this.page.getByRole('button', { name: 'Select all matching the filter' }).click();
  }
  /** What the list says of the selection ("All 110 transactions matching the filter are selected."). */
  selectionNote(text: string): Locator {
    return this.page.getByText(text);
  }
  /** Gives the `count` selected rows another category, from the bar's dialog. */
  async changeCategoryOfSelection(count: number, category: string): Promise<void> {
    await this.bulkBar.getByRole('button', { name: 'Category' }).click();
    const dialog = this.page.getByRole('dialog', { name: `Change the category of ${count} transactions` });
    await dialog.getByRole('combobox', { name: 'New category' }).click();
    await this.page.getByRole('option', { name: category, exact: true }).click();
    await dialog.getByRole('button', { name: 'Apply' }).click();
  }
  /** Asks to delete the selected rows; the question is `confirmation`. */
  async deleteSelection(): Promise<void> {
    await this.bulkBar.getByRole('button', { name: 'Delete' }).click();
  }
}
