import { expect, type Locator, type Page } from '@playwright/test';

/** public/forgot-password and the mailed link's public/reset-password page. */
export class PasswordResetPages {
  constructor(private readonly page: Page) {}

  get forgotLink(): Locator {
    return this.page.getByRole('link', { name: 'Forgot password?' });
  }
  get email(): Locator {
    return this.page.getByLabel('E-mail');
  }
  get sendLink(): Locator {
    return this.page.getByRole('button', { name: 'Send link' });
  }
  /** The neutral answer: the same whether or not the address has an account. */
  get sentNotice(): Locator {
    return this.page.getByRole('status').filter({ hasText: 'Check your mail' });
  }
  /** The status message the page shows, whatever it says. */
  get status(): Locator {
    return this.page.getByRole('status');
  }
  get resetHeading(): Locator {
    return this.page.getByRole('heading', { name: 'Choose a new password' });
  }
  /** The server's rule a refused password breaks, shown under the field. */
  passwordProblem(text: string): Locator {
    return this.page.getByText(text);
  }
  get newPassword(): Locator {
    return this.page.getByRole('textbox', { name: 'New password', exact: true });
  }
  get newPasswordAgain(): Locator {
    return this.page.getByRole('textbox', { name: 'New password again' });
  }
  get setPassword(): Locator {
    return this.page.getByRole('button', { name: 'Set new password' });
  }
  /** The login page's notice after a reset. */
  get resetNotice(): Locator {
    return this.page.getByRole('status').filter({ hasText: 'Your password was reset' });
  }
  get deadLink(): Locator {
    return this.page.getByRole('alert').filter({ hasText: 'This link does not work' });
  }
  get askAgainLink(): Locator {
    return this.page.getByRole('link', { name: 'Ask for a new link' });
  }

  /** From the login page's link to the mail being asked for. */
  async askForLink(email: string): Promise<void> {
    await this.page.goto('/public/login');
    await this.email.fill(email);
    await this.forgotLink.click();
    await expect(this.page).toHaveURL(/\/public\/forgot-password$/);
    await expect(this.email).toHaveValue(email);
    await this.sendLink.click();
    await expect(this.sentNotice).toBeVisible();
  }

  async choosePassword(password: string, again = password): Promise<void> {
    await this.newPassword.fill(password);
    await this.newPasswordAgain.fill(again);
    await this.setPassword.click();
  }
}
