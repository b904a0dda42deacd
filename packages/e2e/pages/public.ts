// The public area's header (Log out or Back to app, the phone's More menu, Contact) and the front
// page (public).
import type { Locator, Page } from '@playwright/test';

export class PublicHeader {
  constructor(readonly page: Page) {}

  /** Offered part way through registration, when the app is not open yet. */
  get logOut(): Locator {
    return this.page.getByRole('button', { name: 'Log out' });
  }

  /** Offered instead of Log In to someone signed in. */
  get backToApp(): Locator {
    return this.page.getByRole('link', { name: 'Back to app' });
  }

  /** Opens the phone's menu of the header's links. */
  async openMore() {
    await this.page.getByRole('button', { name: 'More' }).click();
  }

  /** The Contact mail link: a link at desktop width, an item of the More menu on a phone. */
  contact(inMenu: boolean): Locator {
    return this.page.getByRole(inMenu ? 'menuitem' : 'link', { name: 'Contact' });
  }
}

export class FrontPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/public');
  }

  /** The page's own Sign Up (not the header's). */
  get signUpLink(): Locator {
    return this.page.getByRole('main').getByRole('link', { name: 'Sign Up' });
  }

  /** A highlight's heading ("Analytics", "Multi currency"…). */
  highlight(name: string): Locator {
    return this.page.getByRole('heading', { name });
  }

  /** The version line ("Kassa v1.10.8"). */
  version(text: string): Locator {
    return this.page.getByText(text);
  }
}
