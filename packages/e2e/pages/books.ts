// Shared books (issue 34): the header's book switcher, the Members tab of the User page and the
// invitation link's page.
import { expect, type Locator, type Page } from '@playwright/test';

export class Books {
  constructor(private readonly page: Page) {}

  /** The header's switcher, named by the current book ("Switch book (now Anna Kovács's books)"). */
  get switcher(): Locator {
    return this.page.getByRole('banner').getByRole('button', { name: /^Switch book/ });
  }

  /** The switcher while `name` is the current book. */
  current(name: string): Locator {
    return this.page.getByRole('banner').getByRole('button', { name: `Switch book (now ${name})` });
  }

  /** A book of the switcher's open menu ("Your books", "Anna Kovács's books"). */
  menuBook(name: string): Locator {
    return this.page.getByRole('menuitem', { name: new RegExp(`^${name}`) });
  }

  /** Picks `name` in the switcher and waits until the header names it. */
  async switchTo(name: string): Promise<void> {
    await this.switcher.click();
    await this.menuBook(name).click();
    await expect(this.current(name)).toBeVisible();
  }

  // The Members tab (private/user/members).

  async gotoMembers(): Promise<void> {
    await this.page.goto('/private/user/members');
    await expect(this.members).toBeVisible();
  }

  get members(): Locator {
    return this.page.getByRole('list', { name: 'Members' });
  }

  member(name: string): Locator {
    return this.members.getByRole('listitem', { name });
  }

  get openInvites(): Locator {
    return this.page.getByRole('list', { name: 'Open invitations' });
  }

  get inviteForm(): Locator {
    return this.page.getByRole('form', { name: 'Invite someone' });
  }

  /** Sends an invitation; the toast says it went. */
  async invite(email: string, role: 'Editor' | 'Viewer'): Promise<void> {
    await this.inviteForm.getByRole('textbox', { name: 'E-mail address' }).fill(email);
    // The segmented control's radio input sits under its label, which takes the click.
    await this.inviteForm.getByText(role, { exact: true }).click();
    await expect(this.inviteForm.getByRole('radio', { name: role })).toBeChecked();
    await this.inviteForm.getByRole('button', { name: 'Send invitation' }).click();
  }

  /** Picks a member's new role in its select. */
  async changeRole(name: string, role: 'Editor' | 'Viewer'): Promise<void> {
    await this.page.getByRole('combobox', { name: `Role of ${name}` }).click();
    await this.page.getByRole('option', { name: role, exact: true }).click();
  }

  /** Removes a member, answering Yes to the question. */
  async remove(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Remove ${name}` }).click();
    await this.page
      .getByRole('dialog', { name: `Remove ${name}?` })
      .getByRole('button', { name: 'Yes' })
      .click();
  }

  get leaveButton(): Locator {
    return this.page.getByRole('button', { name: 'Leave this book' });
  }

  // The invitation link's page (private/book/accept/{token}).

  get acceptRefusal(): Locator {
    return this.page.getByRole('alert').filter({ hasText: 'This invitation cannot be accepted' });
  }

  /** The entry screen's note for a viewer, in place of the forms. */
  get viewerNote(): Locator {
    return this.page.getByText('You can view these books only');
  }
}
