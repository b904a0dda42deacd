// Two-factor sign-in: its tab on the user page (private/user/two-factor) and the code step of login.
import type { Locator, Page } from '@playwright/test';

export class TwoFactorPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/private/user/two-factor');
  }

  // The user page's tab

  /** The state badge next to the section's name: 'On' or 'Off'. */
  state(text: 'On' | 'Off'): Locator {
    return this.page.getByText(text, { exact: true });
  }

  get recoveryCodesLeft(): Locator {
    return this.page.getByText(/^Recovery codes left:/);
  }

  async startSetup() {
    await this.page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  }

  get qrCode(): Locator {
    return this.page.getByRole('img', { name: /QR code/ });
  }

  /** The base32 secret as the page shows it, without the spaces between its blocks. */
  async secretKey(): Promise<string> {
    return (await this.page.getByRole('textbox', { name: 'Secret key' }).inputValue()).replace(/\s+/g, '');
  }

  /** Sends the app's code that turns two-factor sign-in on; the recovery codes follow. */
  async turnOn(code: string) {
    await this.page.getByRole('textbox', { name: 'Code from the app' }).fill(code);
    await this.page.getByRole('button', { name: 'Turn on' }).click();
  }

  get recoveryCodes(): Locator {
    return this.page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  }

  async savedThem() {
    await this.page.getByRole('button', { name: 'I have saved them' }).click();
  }

  // The code step of login

  get codeStepHeading(): Locator {
    return this.page.getByRole('heading', { name: 'Two-factor sign-in', level: 1 });
  }

  /** Sends a code of the app on the login's code step. */
  async verifyCode(code: string) {
    await this.page.getByRole('textbox', { name: 'Authentication code' }).fill(code);
    await this.page.getByRole('button', { name: 'Verify' }).click();
  }

  /** Switches the code step to a recovery code and sends it. */
  async verifyRecoveryCode(code: string) {
    await this.page.getByRole('button', { name: 'Use a recovery code' }).click();
    await this.page.getByRole('textbox', { name: 'Recovery code' }).fill(code);
    await this.page.getByRole('button', { name: 'Verify' }).click();
  }
}
