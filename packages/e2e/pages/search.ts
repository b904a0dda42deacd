import type { Locator, Page } from '@playwright/test';

/** The header's search: its button, the dialog's box, the results and "Load more". */
export class Search {
  constructor(private readonly page: Page) {}

  get button(): Locator {
    return this.page.getByRole('button', { name: 'Search transactions' });
  }
  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Search' });
  }
  get box(): Locator {
    return this.page.getByRole('textbox', { name: 'Search transactions and conversions' });
  }
  get results(): Locator {
    return this.page.getByRole('list', { name: 'Search results' });
  }
  /** Every result, newest first. */
  get resultButtons(): Locator {
    return this.results.getByRole('button');
  }
  result(text: string): Locator {
    return this.resultButtons.filter({ hasText: text });
  }
  get loadMore(): Locator {
    return this.page.getByRole('button', { name: 'Load more' });
  }

  /** Opens the search with `/` from wherever focus is (not an input). */
  async openWithSlash(): Promise<void> {
    await this.page.locator('body').press('/');
  }

  /** Opens the search with Ctrl+K from wherever focus is. */
  async openWithCtrlK(): Promise<void> {
    await this.page.locator('body').press('Control+k');
  }
}
