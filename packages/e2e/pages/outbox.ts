// The outbox of offline entry (issue 36): the list's "Waiting to sync" rows, the dashboard's
// line, the header's word, and the "Needs your decision" page with its cards.
import type { Locator, Page } from '@playwright/test';

export class Outbox {
  constructor(private readonly page: Page) {}

  /** The list's rows kept on this device, each marked "Waiting to sync". */
  get waitingRows(): Locator {
    return this.page.locator('tr[data-waiting]');
  }
  waitingRow(text: string): Locator {
    return this.waitingRows.filter({ hasText: text });
  }
  /** The dashboard's line of entries waiting, with their sums per currency. */
  get summary(): Locator {
    return this.page.getByTestId('waiting-summary');
  }
  /** The header's link to the waiting entries ("3 entries waiting to sync"). */
  headerWaiting(count: number): Locator {
    return this.page
      .getByRole('banner')
      .getByRole('link', { name: `${count} ${count === 1 ? 'entry' : 'entries'} waiting to sync` });
  }
  /** The header's link to the waiting entries, whatever their number. */
  get anyWaiting(): Locator {
    return this.page.getByRole('banner').getByRole('link', { name: /waiting to sync$/ });
  }
  /** The header's link to the decisions ("1 entry needs your decision"). */
  headerDecisions(count: number): Locator {
    return this.page
      .getByRole('banner')
      .getByRole('link', { name: `${count} ${count === 1 ? 'entry needs' : 'entries need'} your decision` });
  }
  /** A decision's card, by a text it shows. */
  decision(text: string): Locator {
    return this.page.locator('[data-decision]').filter({ hasText: text });
  }
  /** One side of a conflict's card: "Your change" or "Now on the server". */
  side(card: Locator, title: 'Your change' | 'Now on the server'): Locator {
    return card.locator(`[data-side="${title}"]`);
  }
  get nothingToDecide(): Locator {
    return this.page.getByText('Nothing needs your decision.');
  }
}
