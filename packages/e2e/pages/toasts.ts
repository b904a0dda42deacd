// The toasts (Mantine notifications) every screen shows, public or private: success messages,
// the spec §8 errors and notices, and the Undo of a delete or a bulk change.
import type { Locator, Page } from '@playwright/test';

export class Toasts {
  constructor(private readonly page: Page) {}

  /** A message by its text (or part of it, unless `exact`). */
  message(text: string | RegExp, options?: { exact?: boolean }): Locator {
    return this.page.getByText(text, options);
  }

  /** An alert (an error toast, or a success toast read out as one) holding `text`. */
  alert(text: string | RegExp): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }

  /** Every toast on the screen. */
  get all(): Locator {
    return this.page.locator('.mantine-Notification-root');
  }

  /** Presses the Undo of the toast that offers it. */
  async undo(): Promise<void> {
    await this.page.getByRole('button', { name: 'Undo' }).click();
  }
}
