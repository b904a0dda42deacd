// The admin page (private/admin): the invitation form, the waitlist and the users with their
// Disable and Enable.
import type { Locator, Page } from '@playwright/test';

export class AdminPage {
  constructor(readonly page: Page) {}

  get users(): Locator {
    return this.page.getByRole('list', { name: 'Users' });
  }

  /** A user's entry, named by their e-mail. */
  user(email: string): Locator {
    return this.users.getByRole('listitem', { name: email });
  }

  /** The Disabled badge of a user's entry. */
  disabledBadge(email: string): Locator {
    return this.user(email).getByText('Disabled', { exact: true });
  }

  get waitlistHeading(): Locator {
    return this.page.getByRole('heading', { name: 'Waitlist' });
  }

  /** Mails an invitation to `email`; the toast that follows is for the test to check. */
  async invite(email: string) {
    await this.page.getByLabel('E-mail').fill(email);
    await this.page.getByRole('button', { name: 'Send invitation' }).click();
  }

  /** Disables a user, answering the question with Yes. */
  async disable(email: string) {
    await this.page.getByRole('button', { name: `Disable ${email}` }).click();
    await this.page.getByRole('button', { name: 'Yes' }).click();
  }
}
