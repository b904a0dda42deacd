import { expect, type Locator, type Page } from '@playwright/test';

/** public/signup and the three registration steps. */
export class Registration {
  constructor(private readonly page: Page) {}

  get stepIndicator(): Locator {
    return this.page.getByRole('navigation', { name: 'Registration steps' });
  }
  get criteria(): Locator {
    return this.page.getByRole('list', { name: 'Password criteria' }).getByRole('listitem');
  }
  /** Criteria items in a state: met or not. */
  criteriaMet(met: boolean): Locator {
    return this.criteria.and(this.page.locator(`[data-met="${String(met)}"]`));
  }

  /** The sign-up form's e-mail (prefilled from an invitation's link). */
  get email(): Locator {
    return this.page.getByLabel('E-mail');
  }
  /** The sign-up page's word that open registration needs no referral code. */
  get openRegistrationNote(): Locator {
    return this.page.getByText(/no referral code is needed/);
  }
  /** The verify-email step's word of where the code went. */
  codeMailedTo(email: string): Locator {
    return this.page.getByText(`We mailed a verification code to ${email}`);
  }
  /** A starter category of the initial data step (all come ticked), or one added there. */
  starterCategory(name: string): Locator {
    return this.page.getByRole('checkbox', { name });
  }

  async fillSignup(email: string, password: string, password2 = password): Promise<void> {
    await this.email.fill(email);
    await this.page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await this.page.getByRole('textbox', { name: 'Password again' }).fill(password2);
  }

  async submitSignup(): Promise<void> {
    await this.page.getByRole('button', { name: 'Sign Up' }).click();
  }

  async verifyEmail(code: string): Promise<void> {
    await this.page.getByLabel('Verification code').fill(code);
    await this.page.getByRole('button', { name: 'Verify' }).click();
  }

  async enterReferral(code: string): Promise<void> {
    await this.page.getByLabel('Referral code').fill(code);
    await this.page.getByRole('button', { name: 'Verify' }).click();
  }

  async joinWaitlist(): Promise<void> {
    await this.page.getByRole('button', { name: 'Join the waitlist' }).click();
  }

  async fillInitialData(data: {
    firstName: string;
    lastName: string;
    currency: string;
    currencyLabel: string;
    startBalance: string;
  }) {
    await this.page.getByLabel('First name').fill(data.firstName);
    await this.page.getByLabel('Last name').fill(data.lastName);
    await this.page.getByPlaceholder('Pick your main currency').fill(data.currency);
    await this.page.getByRole('option', { name: data.currencyLabel }).click();
    await this.page.getByLabel('Start balance').fill(data.startBalance);
  }

  /** Adds a category of one's own beside the starter ones. */
  async addCategory(name: string): Promise<void> {
    await this.page.getByRole('textbox', { name: 'Another category' }).fill(name);
    await this.page.getByRole('button', { name: 'Add', exact: true }).click();
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save' }).click();
  }

  async expectStep(path: 'verify-email' | 'verify-referral' | 'initial-data'): Promise<void> {
    await expect(this.page).toHaveURL(new RegExp(`/public/register/${path}$`));
  }
}
