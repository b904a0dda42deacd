// The user area (private/user/*): profile, password change, referral code and data (backup, export, restore).
import { expect, type Download, type Locator, type Page } from '@playwright/test';

export type UserTab = 'User info' | 'Password' | 'Referral' | 'Data';

export class UserPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/private/user');
  }

  async gotoReferral() {
    await this.page.goto('/private/user/referral');
  }

  /** Opens the profile the way a user does, from the menu under their first name. */
  async openProfileFromMenu(firstName: string) {
    await this.page.getByRole('button', { name: firstName }).click();
    await this.page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(this.heading).toBeVisible();
  }

  tab(name: UserTab): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }

  async openTab(name: UserTab) {
    await this.tab(name).click();
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true');
  }

  toast(text: string): Locator {
    return this.page.getByText(text);
  }

  // Profile

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'User', level: 1 });
  }

  get info(): Locator {
    return this.page.getByRole('table', { name: 'User info' });
  }

  /** Any field one could type in among the info (there are none: it is read only). */
  get infoFields(): Locator {
    return this.info.getByRole('textbox');
  }

  infoRow(label: string): Locator {
    return this.info.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: label }) });
  }

  // Password

  get oldPassword(): Locator {
    return this.page.getByRole('textbox', { name: 'Old password' });
  }

  get newPassword(): Locator {
    return this.page.getByRole('textbox', { name: 'New password', exact: true });
  }

  get newPasswordAgain(): Locator {
    return this.page.getByRole('textbox', { name: 'New password again' });
  }

  get passwordCriteria(): Locator {
    return this.page.getByRole('list', { name: 'Password criteria' }).getByRole('listitem');
  }

  criteriaMet(met: boolean): Locator {
    return this.passwordCriteria.and(this.page.locator(`[data-met="${met}"]`));
  }

  /** Sends the form; what follows (an error, or the login page) is for the test to check. */
  async changePassword() {
    await this.page.getByRole('button', { name: 'Change password' }).click();
  }

  // Referral

  get referralCode(): Locator {
    return this.page.getByRole('textbox', { name: 'Your referral code' });
  }

  get referralNote(): Locator {
    return this.page.getByText(/A code works once\./);
  }

  /** Asks for a code; the page copies it to the clipboard, or says why not. */
  async generateReferralCode() {
    await this.page.getByRole('button', { name: 'Generate referral code' }).click();
  }

  async copyReferralCode() {
    await this.page.getByRole('button', { name: 'Copy referral code' }).click();
  }

  async clipboard(): Promise<string> {
    return this.page.evaluate(() => navigator.clipboard.readText());
  }

  async setClipboard(text: string) {
    await this.page.evaluate((t) => navigator.clipboard.writeText(t), text);
  }

  // Data

  async gotoData() {
    await this.page.goto('/private/user/data');
  }

  /** The Data tab's word of what a backup is. */
  get backupIntro(): Locator {
    return this.page.getByText('Everything you own in one JSON file, to keep or to restore later.');
  }

  /** Presses a download action and gives the file the browser received. */
  async download(button: 'Download backup' | 'Export for hledger'): Promise<Download> {
    const downloaded = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: button }).click();
    return downloaded;
  }

  /** Picks `file` in Restore from backup's file chooser; what follows is for the test to check. */
  async restoreFrom(file: string) {
    const chooser = this.page.waitForEvent('filechooser');
    await this.page.getByRole('button', { name: 'Restore from backup' }).click();
    await (await chooser).setFiles(file);
  }
}
