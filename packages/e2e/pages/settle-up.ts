// Settling up a shared book (issue 34): the entry form's Split section and the Settle-up screen.
import { expect, type Locator, type Page } from '@playwright/test';

export class SettleUp {
  constructor(private readonly page: Page) {}

  // The entry form's Split section.

  get splitSwitch(): Locator {
    return this.page.getByRole('switch', { name: /Split with others/ });
  }
  get paidBy(): Locator {
    return this.page.getByRole('combobox', { name: 'Paid by', exact: true });
  }
  get shares(): Locator {
    return this.page.getByRole('list', { name: 'Shares of the members' });
  }
  /** A member's part of the amount, shown live ("6.17 €"). */
  partOf(name: string): Locator {
    return this.shares.getByRole('listitem', { name }).locator('[data-part]');
  }

  // The Settle-up screen (private/settle-up).

  async goto(): Promise<void> {
    await this.page.goto('/private/settle-up');
    await expect(this.cards).toBeVisible();
  }
  /** The sidebar's (or the drawer's) link to it. */
  get navLink(): Locator {
    return this.page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settle up' });
  }
  get cards(): Locator {
    return this.page.getByRole('list', { name: "Members' balances" });
  }
  /** A member's balance in words ("is owed 6.17 €", "owes 6.17 €", "is settled up"). */
  balanceOf(name: string): Locator {
    return this.cards.getByRole('listitem', { name }).locator('[data-balance]');
  }
  /** Every member's name and balance, in the order of the cards: what two people compare. */
  async balancesText(): Promise<string[]> {
    const cards = this.cards.getByRole('listitem');
    const lines: string[] = [];
    for (const card of await cards.all()) {
      const name = (await card.getAttribute('aria-label')) ?? '';
      lines.push(`${name}: ${await card.locator('[data-balance]').innerText()}`);
    }
    return lines;
  }
  /** The chart of the balances, named by them for screen readers. */
  get chart(): Locator {
    return this.page.locator('[data-chart="balances"]');
  }
  get payments(): Locator {
    return this.page.getByRole('list', { name: 'Suggested payments' });
  }
  /** A suggested payment's Record button ("Anna Kovács pays Mia Berg 6.17 €"). */
  recordButton(payment: string): Locator {
    return this.page.getByRole('button', { name: `Record: ${payment}` });
  }
  get settledNote(): Locator {
    return this.page.getByText('Everyone is settled up: no payments needed.');
  }
  get recorded(): Locator {
    return this.page.getByRole('list', { name: 'Recorded settlements' });
  }
  get form(): Locator {
    return this.page.getByRole('form', { name: 'Record a settlement' });
  }
}
