// The user page's credential tabs: API tokens (private/user/tokens), signed-in sessions
// (private/user/sessions) and the security log (private/user/security-log).
import type { Locator, Page } from '@playwright/test';

export class SecurityPage {
  constructor(readonly page: Page) {}

  async gotoTokens() {
    await this.page.goto('/private/user/tokens');
  }

  async gotoSessions() {
    await this.page.goto('/private/user/sessions');
  }

  async gotoLog() {
    await this.page.goto('/private/user/security-log');
  }

  // API tokens

  /** What the empty list of tokens says. */
  get noTokens(): Locator {
    return this.page.getByText('No API tokens yet.');
  }

  /** Fills the create form (scope 'Read' or 'Read and write', expiry as the select shows it) and sends it. */
  async createToken(name: string, scope: 'Read' | 'Read and write', expiry = '90 days') {
    await this.page.getByRole('textbox', { name: 'Token name' }).fill(name);
    await this.page.getByRole('radiogroup', { name: 'Scope' }).getByText(scope, { exact: true }).click();
    await this.page.getByRole('combobox', { name: 'Expires after' }).click();
    await this.page.getByRole('option', { name: expiry, exact: true }).click();
    await this.page.getByRole('button', { name: 'Create token' }).click();
  }

  /** The token shown once after creating it. */
  get newToken(): Locator {
    return this.page.getByRole('textbox', { name: 'Your new API token' });
  }

  async copyNewToken() {
    await this.page.getByRole('button', { name: 'Copy API token' }).click();
  }

  async doneWithNewToken() {
    await this.page.getByRole('button', { name: 'Done' }).click();
  }

  get tokens(): Locator {
    return this.page.getByRole('list', { name: 'API tokens' }).getByRole('listitem');
  }

  token(name: string): Locator {
    return this.page.getByRole('list', { name: 'API tokens' }).getByRole('listitem', { name });
  }

  /** Revokes the token, answering the confirmation with Yes. */
  async revoke(name: string) {
    await this.page.getByRole('button', { name: `Revoke ${name}` }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  }

  // Sessions

  get sessions(): Locator {
    return this.page.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
  }

  get thisDevice(): Locator {
    return this.sessions.filter({ hasText: 'This device' });
  }

  get otherSessions(): Locator {
    return this.sessions.filter({ hasNotText: 'This device' });
  }

  /** Ends the first session that is not this device's, answering the confirmation with Yes. */
  async endFirstOtherSession() {
    await this.otherSessions
      .first()
      .getByRole('button', { name: /^End session on/ })
      .click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  }

  // Security log

  get logEntries(): Locator {
    return this.page.getByRole('list', { name: 'Security log' }).getByRole('listitem');
  }

  /** The log's entries of one kind ("Signed in", "Session ended"). */
  logEntriesOf(text: string): Locator {
    return this.logEntries.filter({ hasText: text });
  }
}
