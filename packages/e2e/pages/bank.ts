// private/manage/bank (issue 35): adding a connection, mapping its accounts to pockets, and each
// connection's card (accounts, Sync now and its result, pending rows, sync log).
import { expect, type Locator, type Page } from '@playwright/test';

export class BankPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/private/manage/bank');
    await expect(this.heading).toBeVisible();
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Bank connections', level: 2 });
  }

  // Adding a connection.

  get addSection(): Locator {
    return this.page.getByRole('region', { name: 'Add a connection', exact: true });
  }
  get setupToken(): Locator {
    return this.addSection.getByRole('textbox', { name: 'SimpleFIN setup token' });
  }
  /** Pastes a SimpleFIN setup token and presses Connect. */
  async connectSimplefin(token: string): Promise<void> {
    await this.setupToken.fill(token);
    await this.addSection.getByRole('button', { name: 'Connect', exact: true }).click();
  }
  /** The folded Add a connection, once the book has a connection. */
  get addConnectionButton(): Locator {
    return this.page.getByRole('button', { name: 'Add a connection' });
  }

  // Mapping accounts to pockets.

  get mappingForm(): Locator {
    return this.page.getByRole('form', { name: 'Map accounts to pockets' });
  }
  /** An account's part of the mapping form (a fieldset named by the account). */
  mappingOf(accountId: string): Locator {
    return this.mappingForm.locator(`fieldset[data-account="${accountId}"]`);
  }
  /** Every account's part of the mapping form. */
  get mappedAccounts(): Locator {
    return this.mappingForm.locator('fieldset[data-account]');
  }
  syncInto(accountId: string): Locator {
    return this.mappingOf(accountId).getByRole('combobox', { name: 'Sync into' });
  }
  /** Chooses where an account syncs into: a pocket by name, "New pocket" or "Don't sync". */
  async chooseSyncInto(accountId: string, option: string): Promise<void> {
    await this.syncInto(accountId).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
    await expect(this.syncInto(accountId)).toHaveValue(option);
  }
  newPocketName(accountId: string): Locator {
    return this.mappingOf(accountId).getByRole('textbox', { name: 'New pocket name' });
  }
  async saveMapping(): Promise<void> {
    await this.mappingForm.getByRole('button', { name: 'Save mapping' }).click();
  }

  // A connection's card.

  /** A connection's card, named by the connection (the bank's name). */
  card(name: string): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }
  /** An account of a connection's card: the pocket it syncs into, the bank's balance, pending and available. */
  account(connection: string, accountName: string): Locator {
    return this.card(connection)
      .getByRole('list', { name: `Accounts of ${connection}` })
      .getByRole('listitem', { name: accountName });
  }
  /** A figure of an account's line: 'balance', 'pending' or 'available'. */
  figure(account: Locator, name: 'balance' | 'pending' | 'available'): Locator {
    return account.locator(`[data-figure="${name}"]`);
  }
  async syncNow(connection: string): Promise<void> {
    await this.card(connection)
      .getByRole('button', { name: `Sync ${connection} now` })
      .click();
  }
  /** What Sync now brought: the counts, the anchors, the link to the import history. */
  syncResult(connection: string): Locator {
    return this.card(connection).locator('[data-sync-result]');
  }
  /** The anchor lines of the sync's result. */
  anchors(connection: string): Locator {
    return this.syncResult(connection).locator('[data-anchor]');
  }
  /** The card's Pending rows fold, whose label counts the rows still pending ("Pending rows (1)"). */
  pendingFold(connection: string): Locator {
    return this.card(connection).getByRole('button', { name: /^Pending rows \(\d+\)$/ });
  }
  pendingRows(connection: string): Locator {
    return this.page.getByRole('list', { name: `Pending rows of ${connection}` }).getByRole('listitem');
  }
  pendingRow(connection: string, text: string): Locator {
    return this.pendingRows(connection).filter({ hasText: text });
  }
  syncLogFold(connection: string): Locator {
    return this.card(connection).getByRole('button', { name: /^Sync log \(/ });
  }
  syncLog(connection: string): Locator {
    return this.page.getByRole('table', { name: `Sync log of ${connection}` });
  }
}
