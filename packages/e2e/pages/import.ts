// private/import: the bank-file import (pocket and file, the file settings, the rows, the summary, earlier imports).
import { expect, type Locator, type Page } from '@playwright/test';

export class ImportPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/private/import');
    await expect(this.chooseFile.or(this.chooseAnother)).toBeVisible();
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Import', level: 1 });
  }

  // The file.

  get pocket(): Locator {
    return this.page.getByRole('combobox', { name: 'Pocket', exact: true });
  }
  async choosePocket(option: string): Promise<void> {
    await this.pocket.click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
    await expect(this.pocket).toHaveValue(option);
  }
  get chooseFile(): Locator {
    return this.page.getByRole('button', { name: 'Choose a file' });
  }
  get chooseAnother(): Locator {
    return this.page.getByRole('button', { name: 'Choose another file' });
  }

  /** Picks a file in the browser's chooser, as a person does; the page reads it at once. */
  async upload(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.chooseFile.or(this.chooseAnother).click();
    await (await chooser).setFiles(file);
  }

  /** The page's offer of a pocket for a file in a currency no pocket holds. */
  pocketOffer(currency: string): Locator {
    return this.page.locator(`[data-pocket-offer="${currency}"]`);
  }
  async createOfferedPocket(currency: string): Promise<void> {
    await this.pocketOffer(currency)
      .getByRole('button', { name: `Create the ${currency} pocket` })
      .click();
  }

  /** The failure of reading the file, as the server said it. */
  get error(): Locator {
    return this.page.getByRole('alert').filter({ hasText: 'The file could not be read' });
  }

  // The settings.

  /** Unfolds the file settings (folded at first on a phone). */
  async showSettings(): Promise<void> {
    const toggle = this.page.getByRole('button', { name: 'Change', exact: true });
    if (await toggle.isVisible()) await toggle.click();
    await expect(this.page.getByRole('button', { name: 'Hide', exact: true })).toBeVisible();
  }

  /** A setting's select by its label ("Delimiter", "Date format", and the columns: "Date", "Payee"…). */
  setting(label: string): Locator {
    return this.page.getByRole('combobox', { name: label, exact: true });
  }

  /** Chooses another value of a setting; the rows are read again. */
  async changeSetting(label: string, option: string): Promise<void> {
    await this.setting(label).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
    await expect(this.setting(label)).toHaveValue(option);
  }

  get rawTable(): Locator {
    return this.page.getByRole('table', { name: 'The file’s first rows' });
  }
  get rawColumns(): Locator {
    return this.rawTable.getByRole('columnheader');
  }

  // The rows (table rows at desktop width, cards on a phone).

  get rowsPanel(): Locator {
    return this.page.getByRole('region', { name: 'Rows', exact: true });
  }
  /** Where the rows go ("Into Girokonto"). */
  get destination(): Locator {
    return this.page.locator('[data-destination]');
  }
  get rows(): Locator {
    return this.page.locator('[data-line]');
  }
  row(line: number): Locator {
    return this.page.locator(`[data-line="${line}"]`);
  }
  rowWith(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }
  /** The rows' Duplicate badges. */
  get duplicateBadges(): Locator {
    return this.rows.getByText('Duplicate', { exact: true });
  }
  category(line: number): Locator {
    return this.page.getByRole('combobox', { name: `Category of line ${line}` });
  }
  skip(line: number): Locator {
    return this.page.getByRole('checkbox', { name: `Skip line ${line}` });
  }
  importAnyway(line: number): Locator {
    return this.page.getByRole('checkbox', { name: `Import anyway (line ${line})` });
  }
  notAPair(line: number): Locator {
    return this.page.getByRole('checkbox', { name: `Not a pair (line ${line})` });
  }
  /** "Confirm the schedule" of a row that pays a due scheduled entry (checked unless declined). */
  confirmSchedule(line: number): Locator {
    return this.page.getByRole('checkbox', { name: `Confirm the schedule (line ${line})` });
  }
  /** "Save the statement’s closing balance" (as a fixpoint of the pocket). */
  get saveClosingBalance(): Locator {
    return this.page.getByRole('checkbox', { name: /Save the statement’s closing balance/ });
  }
  /** What the closing balance does to the pocket's next fixpoint ('agrees', or how they differ). */
  anchorCheck(state: string): Locator {
    return this.page.locator(`[data-anchor-check="${state}"]`);
  }
  get counts(): Locator {
    return this.page.locator('[data-counts]');
  }
  get plan(): Locator {
    return this.page.locator('[data-plan]');
  }
  /** Whether the page is reading the file (again). */
  get busy(): Locator {
    return this.page.locator('[aria-busy="true"]');
  }

  async commit(): Promise<void> {
    await expect(this.busy).toHaveCount(0);
    await this.page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(this.summary).toBeVisible();
  }

  // The summary.

  get summary(): Locator {
    return this.page.getByRole('heading', { name: 'Import finished' });
  }
  result(key: 'imported' | 'skipped' | 'duplicates' | 'transfers' | 'conversions' | 'fixpoint'): Locator {
    return this.page.locator(`[data-result="${key}"]`);
  }
  /** The summary's link to the transaction list. */
  get showTransactions(): Locator {
    return this.page.getByRole('link', { name: 'Show transactions' });
  }
  /** The summary's way back to a new file. */
  async importAnother(): Promise<void> {
    await this.page.getByRole('button', { name: 'Import another file' }).click();
  }

  // Earlier imports.

  get history(): Locator {
    return this.page.getByRole('list', { name: 'Earlier imports' });
  }
  batch(fileName: string): Locator {
    return this.history.getByRole('listitem').filter({ hasText: fileName });
  }

  /** Undoes an import, answering the question with Yes. */
  async undo(fileName: string): Promise<void> {
    await this.batch(fileName)
      .getByRole('button', { name: `Undo the import of ${fileName}` })
      .click();
    const dialog = this.page.getByRole('dialog', { name: 'Undo this import?' });
    await expect(dialog).toContainText(fileName);
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(this.batch(fileName)).toContainText('Undone');
  }
}
