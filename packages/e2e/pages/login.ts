import { expect, type Locator, type Page } from '@playwright/test';

/** public/login and the public front page's one-click demo. */
export class LoginPage {
  constructor(private readonly page: Page) {}

  get email(): Locator {
    return this.page.getByLabel('E-mail');
  }
  get password(): Locator {
    return this.page.getByRole('textbox', { name: 'Password' });
  }
  get submit(): Locator {
    return this.page.getByRole('button', { name: 'Login' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/public/login');
  }

  /** Fills and submits the form; the caller checks where it leads. */
  async logIn(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }

  /** Logs in from the login page and waits for the private area. */
  async logInFully(email: string, password: string): Promise<void> {
    await this.goto();
    await this.logIn(email, password);
    await expect(this.page).toHaveURL(/\/private\//);
  }

  /** 'Try the demo!' on the front page, waiting for the private area. */
  async tryTheDemo(): Promise<void> {
    await this.page.goto('/public');
    await this.page.getByRole('button', { name: 'Try the demo!' }).click();
    await expect(this.page).toHaveURL(/\/private\//);
  }
}
