// Help (public/help): the topics and their pages.
import type { Locator, Page } from '@playwright/test';

export class HelpPage {
  constructor(readonly page: Page) {}

  get topics(): Locator {
    return this.page.getByRole('navigation', { name: 'Help topics' });
  }
}
