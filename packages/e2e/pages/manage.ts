// Manage (private/manage/*): category, currency, pocket and fixpoint lists, and the category editor
// (the Rules, Schedules and Bank connections tabs have their own models, rules.ts, schedules.ts and bank.ts).
import { expect, type Locator, type Page } from '@playwright/test';

export type ManageTab =
  | 'Categories'
  | 'Currencies'
  | 'Pockets'
  | 'Fixpoints'
  | 'Loans'
  | 'Businesses'
  | 'Rules'
  | 'Schedules'
  | 'Bank connections';
export type CategoryKind = 'expense' | 'income' | 'loan' | 'business';

const listTitles: Record<CategoryKind, string> = {
  expense: 'Expense categories',
  income: 'Income categories',
  loan: 'Loan categories',
  business: 'Business categories',
};

export class ManagePage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/private/manage');
  }

  async gotoCurrencies() {
    await this.page.goto('/private/manage/currency');
  }

  async gotoLoans() {
    await this.page.goto('/private/manage/loan');
  }

  tab(name: ManageTab): Locator {
    return this.page.getByRole('tab', { name });
  }

  /** The tab when it is the one shown. */
  selectedTab(name: ManageTab): Locator {
    return this.page.getByRole('tab', { name, selected: true });
  }

  async openTab(name: ManageTab) {
    await this.tab(name).click();
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true');
  }

  toast(text: string): Locator {
    return this.page.getByText(text);
  }

  get confirmButton(): Locator {
    return this.page.getByRole('button', { name: 'Yes' });
  }

  async scrollToTop() {
    await this.page.evaluate(() => window.scrollTo(0, 0));
  }

  // Categories, loans and businesses

  /** The card holding a kind's table; its Add new button sits in the card's header. */
  categoryList(kind: CategoryKind): Locator {
    return this.page
      .locator('.mantine-Card-root')
      .filter({ has: this.page.getByRole('table', { name: listTitles[kind] }) });
  }

  categoryCell(kind: CategoryKind, name: string): Locator {
    return this.categoryList(kind).getByRole('cell', { name });
  }

  /** A category's name cell in any of the page's lists, written exactly so. */
  categoryNamed(name: string): Locator {
    return this.page.getByRole('main').getByRole('cell', { name, exact: true });
  }

  categoryRow(kind: CategoryKind, text: string): Locator {
    return this.categoryList(kind).getByRole('row').filter({ hasText: text });
  }

  /** The first cell of every row; on a phone the description sits under the name, in that cell. */
  categoryNames(kind: CategoryKind): Locator {
    return this.categoryList(kind).getByRole('row').locator('td:first-child');
  }

  get addCategoryPanel(): Locator {
    return this.page.getByTestId('add-category-panel');
  }

  async addCategory(name: string, kind: CategoryKind, fields: { limit?: string; description?: string } = {}) {
    await this.categoryList(kind).getByRole('button', { name: 'Add new' }).click();
    const panel = this.addCategoryPanel;
    await expect(panel).toBeInViewport();
    await panel.getByRole('textbox', { name: 'Name' }).fill(name);
    if (fields.description !== undefined)
      await panel.getByRole('textbox', { name: 'Description' }).fill(fields.description);
    if (fields.limit !== undefined) await panel.getByRole('textbox', { name: 'Monthly limit' }).fill(fields.limit);
    await panel.getByRole('button', { name: 'Add', exact: true }).click();
    // An earlier add's toast may still be up (3 s): the newest one is last.
    await expect(this.toast('Category successfully added!').last()).toBeVisible();
    await expect(panel).toBeHidden();
  }

  async openCategory(kind: CategoryKind, name: string): Promise<CategoryEditor> {
    await this.categoryCell(kind, name).click();
    await expect(this.page).toHaveURL(/\/private\/edit-category\/\d+$/);
    return new CategoryEditor(this.page);
  }

  // Currencies

  get currencies(): Locator {
    return this.page.getByRole('table', { name: 'Your currencies' });
  }

  currencyRow(code: string): Locator {
    return this.currencies.locator(`[data-currency="${code}"]`);
  }

  get mainCurrencyBadge(): Locator {
    return this.currencies.getByText('Main currency');
  }

  /** "Rates of …" above the list: the day and source of the rates shown. */
  get ratesCaption(): Locator {
    return this.page.locator('[data-rates-caption]');
  }

  get addCurrencyPanel(): Locator {
    return this.page.getByTestId('add-currency-panel');
  }

  currencyOption(code: string): Locator {
    return this.page.getByRole('option', { name: code, exact: true });
  }

  newCurrencyPocketName(n: number): Locator {
    return this.addCurrencyPanel.getByRole('textbox', { name: `New pocket ${n} name` });
  }

  async openAddCurrency() {
    await this.page.getByRole('button', { name: 'Add new' }).click();
    await expect(this.addCurrencyPanel).toBeVisible();
  }

  /** Opens the currency picker; its options are `currencyOption(code)`. */
  async openCurrencyPicker() {
    await this.addCurrencyPanel.getByPlaceholder('Choose a currency').click();
  }

  async chooseCurrency(code: string) {
    await this.currencyOption(code).click();
    await expect(this.newCurrencyPocketName(1)).toBeVisible();
  }

  /** Adds pocket row `n` to the new currency (row 1 is there from the start). */
  async addCurrencyPocket(n: number, name: string, options: { cash?: boolean } = {}) {
    await this.addCurrencyPanel.getByRole('button', { name: 'Add another pocket' }).click();
    await this.newCurrencyPocketName(n).fill(name);
    if (options.cash === true)
      await this.addCurrencyPanel
        .getByRole('checkbox', { name: 'Is cash?' })
        .nth(n - 1)
        .check();
  }

  async removeCurrencyPocket(n: number) {
    await this.addCurrencyPanel.getByRole('button', { name: `Remove new pocket ${n}` }).click();
    await expect(this.newCurrencyPocketName(n)).toHaveCount(0);
  }

  /** Submits the new currency and answers Yes to the question that follows. */
  async saveCurrency() {
    await this.addCurrencyPanel.getByRole('button', { name: 'Add currency' }).click();
    await this.confirmButton.click();
  }

  // Pockets

  get pocketsHeading(): Locator {
    return this.page.getByRole('heading', { name: 'All your pockets' });
  }

  pocketGroup(currency: string): Locator {
    return this.page.getByRole('region', { name: `${currency} pockets` });
  }

  pocketCards(currency: string): Locator {
    return this.pocketGroup(currency).getByTestId('pocket-card');
  }

  /** "Available today" of a currency's group, above its pocket cards. */
  availableToday(currency: string): Locator {
    return this.pocketGroup(currency).locator('[data-available-today]');
  }

  /** A pocket's card by the text it shows (its name). */
  pocketCard(currency: string, text: string): Locator {
    return this.pocketCards(currency).filter({ hasText: text });
  }

  /** What a pocket card's balance is ("At the fixpoint of …"). */
  balanceCaption(currency: string, text: string): Locator {
    return this.pocketCard(currency, text).locator('[data-balance-caption]');
  }

  /** A pocket's card is the button that opens its editor. */
  pocket(currency: string, name: string): Locator {
    return this.pocketGroup(currency).getByRole('button', { name: `Edit pocket ${name}` });
  }

  /** Opens a pocket's editor and types a new name; `savePocket` stores it. */
  async renamePocket(currency: string, from: string, to: string) {
    await this.pocket(currency, from).click();
    await this.pocketGroup(currency).getByRole('textbox', { name: 'Name' }).fill(to);
  }

  async savePocket(currency: string) {
    await this.pocketGroup(currency).getByRole('button', { name: 'Save' }).click();
    await expect(this.toast('Changes saved')).toBeVisible();
  }

  async addPockets(currency: string, names: string[]) {
    const group = this.pocketGroup(currency);
    for (const [i, name] of names.entries()) {
      await group.getByRole('button', { name: `Add pocket in ${currency}` }).click();
      await group.getByRole('textbox', { name: `New pocket ${i + 1} name` }).fill(name);
    }
    await group.getByRole('button', { name: 'Save pockets' }).click();
    await expect(this.toast('Pockets saved')).toBeVisible();
  }

  // Fixpoints

  get fixpoints(): Locator {
    return this.page.getByRole('table', { name: 'Fixpoints' });
  }

  get fixpointRows(): Locator {
    return this.fixpoints.getByRole('row');
  }
}

/** private/edit-category/{id}. */
export class CategoryEditor {
  constructor(readonly page: Page) {}

  get name(): Locator {
    return this.page.getByRole('textbox', { name: 'Name' });
  }

  get monthlyLimit(): Locator {
    return this.page.getByRole('textbox', { name: 'Monthly limit' });
  }

  get rollOver(): Locator {
    return this.page.getByRole('switch', { name: 'Roll over' });
  }

  get system(): Locator {
    return this.page.getByRole('checkbox', { name: 'System' });
  }

  get active(): Locator {
    return this.page.getByRole('checkbox', { name: 'Active' });
  }

  get closedBadge(): Locator {
    return this.page.getByText('Closed', { exact: true });
  }

  get deleteButton(): Locator {
    return this.page.getByRole('button', { name: 'Delete' });
  }

  get deleteWarning(): Locator {
    return this.page.getByText('This action can not be undone!');
  }

  async save() {
    await this.page.getByRole('button', { name: 'Save' }).click();
    await expect(this.page).not.toHaveURL(/\/edit-category\//);
  }

  async cancel() {
    await this.page.getByRole('button', { name: 'Cancel' }).click();
    await expect(this.page).not.toHaveURL(/\/edit-category\//);
  }

  /** Asks to delete; the question (`deleteWarning`) is answered with `confirmDelete`. */
  async delete() {
    await this.deleteButton.click();
    await expect(this.page.getByRole('button', { name: 'Yes' })).toBeVisible();
  }

  async confirmDelete() {
    await this.page.getByRole('button', { name: 'Yes' }).click();
    await expect(this.page).not.toHaveURL(/\/edit-category\//);
  }
}
