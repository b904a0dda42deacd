// Operations (private/operations/*): the fixpoint statement, the business and loan overviews,
// and the fixpoint editor (private/edit-fixpoint/{id}).
import { expect, type Locator, type Page } from '@playwright/test';

export type OperationsTab = 'Fixpoint' | 'Businesses' | 'Loans';

/** Dialogs are answered by name; each answer waits for its dialog to close. */
async function answer(dialog: Locator, choice: 'Yes' | 'No') {
  await dialog.getByRole('button', { name: choice }).click();
  await expect(dialog).toBeHidden();
}

export class OperationsPage {
  constructor(readonly page: Page) {}

  async gotoFixpoint() {
    await this.page.goto('/private/operations');
  }

  async gotoBusiness(categoryId: number) {
    await this.page.goto(`/private/operations/business?id=${categoryId}`);
  }

  tab(name: OperationsTab): Locator {
    return this.page.getByRole('tab', { name });
  }

  /** The tab when it is the one shown. */
  selectedTab(name: OperationsTab): Locator {
    return this.page.getByRole('tab', { name, selected: true });
  }

  async openTab(name: OperationsTab) {
    await this.tab(name).click();
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true');
  }

  toast(text: string): Locator {
    return this.page.getByText(text);
  }

  // Fixpoint statement: stage 1 states balances, stage 2 shows the errors, stage 3 is saved.

  get lastFixpoint(): Locator {
    return this.page.getByTestId('last-fixpoint');
  }

  pocketBalance(pocket: string): Locator {
    return this.page.getByRole('textbox', { name: pocket, exact: true });
  }

  currencyCard(currency: string): Locator {
    return this.page.locator(`[data-currency="${currency}"]`);
  }

  /** A line of the calculated errors ("Stated: 75.00 €", "There is no error: $0.00"). */
  errorLine(text: string): Locator {
    return this.page.getByText(text);
  }

  async calculateErrors() {
    await this.page.getByRole('button', { name: 'Calculate errors' }).click();
    await expect(this.page.getByRole('button', { name: 'Make changes' })).toBeVisible();
  }

  async makeChanges() {
    await this.page.getByRole('button', { name: 'Make changes' }).click();
    await expect(this.page.getByRole('button', { name: 'Calculate errors' })).toBeVisible();
  }

  get saveWarning(): Locator {
    return this.page.getByRole('dialog', { name: 'Are you sure?' });
  }

  /** Asks to save; `confirmSave` answers the warning. */
  async saveFixpoint() {
    await this.page.getByRole('button', { name: 'Save fixpoint' }).click();
    await expect(this.saveWarning).toBeVisible();
  }

  async confirmSave() {
    await answer(this.saveWarning, 'Yes');
    await expect(this.viewFixpointLink).toBeVisible();
  }

  get viewFixpointLink(): Locator {
    return this.page.getByRole('link', { name: 'View fixpoint' });
  }

  async viewFixpoint(): Promise<FixpointEditor> {
    await this.viewFixpointLink.click();
    await expect(this.page).toHaveURL(/\/private\/edit-fixpoint\/\d+$/);
    return new FixpointEditor(this.page);
  }

  // Business and loan overviews

  figure(label: string): Locator {
    return this.page.locator(`[data-figure="${label}"]`);
  }

  /** The selected category's transactions, newest first. */
  get transactions(): Locator {
    return this.page.locator('tr[data-transaction]');
  }

  transaction(id: number): Locator {
    return this.page.locator(`tr[data-transaction="${id}"]`);
  }

  /** A row's badge in plain words ("I lent", "Profit"), next to last of its cells. */
  words(id: number): Locator {
    return this.transaction(id).locator('td').nth(-2);
  }

  /** The newest row's badge in plain words. */
  get newestWords(): Locator {
    return this.transactions.first().locator('td').nth(-2);
  }

  /** Each term of the rows' words explained, under the table. */
  get explanations(): Locator {
    return this.page.locator('[data-explanations]');
  }

  /** The explained terms, one by one. */
  get terms(): Locator {
    return this.page.locator('[data-explanations] > *');
  }

  get realiseButton(): Locator {
    return this.page.getByRole('button', { name: 'Realise' });
  }

  get closeButton(): Locator {
    return this.page.getByRole('button', { name: 'Close' });
  }

  get closedBadge(): Locator {
    return this.page.getByTestId('closed-badge');
  }

  /** Asks to realise the latent P&L; returns the question, to be answered with `answer`. */
  async realise(): Promise<Locator> {
    await this.realiseButton.click();
    const question = this.page.getByRole('dialog');
    await expect(question).toBeVisible();
    return question;
  }

  /** Asks to close the shown category; returns the question (named by its title), to be answered with `answer`. */
  async close(title: string): Promise<Locator> {
    await this.closeButton.click();
    const question = this.page.getByRole('dialog', { name: title });
    await expect(question).toBeVisible();
    return question;
  }

  /** A question's answer button, to check it is offered. */
  answerButton(dialog: Locator, choice: 'Yes' | 'No'): Locator {
    return dialog.getByRole('button', { name: choice });
  }

  async answer(dialog: Locator, choice: 'Yes' | 'No') {
    await answer(dialog, choice);
  }
}

/** private/edit-fixpoint/{id}: a saved fixpoint, shown, then edited or deleted. */
export class FixpointEditor {
  constructor(readonly page: Page) {}

  async goto(id: number) {
    await this.page.goto(`/private/edit-fixpoint/${id}`);
  }

  get setOn(): Locator {
    return this.page.getByText('Fixpoint was set on');
  }

  currencyCard(currency: string): Locator {
    return this.page.locator(`[data-currency="${currency}"]`);
  }

  get backButton(): Locator {
    return this.page.getByRole('button', { name: 'Back' });
  }

  get caution(): Locator {
    return this.page.getByText(
      'Be careful! Only make changes or delete a fixpoint if you fully understand the consequences!',
    );
  }

  pocketBalance(pocket: string): Locator {
    return this.page.getByRole('textbox', { name: pocket, exact: true });
  }

  async startEditing() {
    await this.page.getByRole('button', { name: 'Edit' }).click();
    await expect(this.page.getByRole('button', { name: 'Delete' })).toBeVisible();
  }

  /** The question after Save or Delete; `confirm` answers it. */
  get question(): Locator {
    return this.page.getByRole('dialog');
  }

  async save() {
    await this.page.getByRole('button', { name: 'Save' }).click();
    await expect(this.question).toBeVisible();
  }

  async delete() {
    await this.page.getByRole('button', { name: 'Delete' }).click();
    await expect(this.question).toBeVisible();
  }

  /** Answers Yes; the editor then returns to the page before. */
  async confirm() {
    await answer(this.question, 'Yes');
    await expect(this.page).not.toHaveURL(/\/edit-fixpoint\//);
  }
}
