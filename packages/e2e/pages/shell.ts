import type { Locator, Page } from '@playwright/test';

/**
 * The private shell: header title, quick add, account menu, sidebar (beside the page or as an
 * overlay), skip link, colour scheme and the keyboard shortcuts' list; and what every page has, public
 * or private (the document, its main landmark and footer).
 */
export class Shell {
  constructor(private readonly page: Page) {}

  /** The section title in the header. */
  title(name: string): Locator {
    return this.page.getByRole('heading', { name, level: 1 });
  }
  /** The page's title, whatever it says. */
  get currentTitle(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }
  /** An unknown private page's message. */
  get notFound(): Locator {
    return this.page.getByRole('heading', { name: 'Page not found' });
  }
  /** The document element: it carries the colour scheme (data-mantine-color-scheme). */
  get document(): Locator {
    return this.page.locator('html');
  }
  get main(): Locator {
    return this.page.locator('main');
  }
  get footer(): Locator {
    return this.page.getByRole('contentinfo');
  }
  get skipLink(): Locator {
    return this.page.getByRole('link', { name: 'Skip to content' });
  }
  /** The header's one-tap new entry. */
  get quickAdd(): Locator {
    return this.page.getByRole('banner').getByRole('link', { name: 'Add transaction' });
  }
  /** The list that ? opens. */
  get shortcuts(): Locator {
    return this.page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  }
  get sections(): Locator {
    return this.page.getByRole('navigation', { name: 'Sections' });
  }
  get burger(): Locator {
    return this.page.getByRole('button', { name: 'Toggle navigation' });
  }
  /** The account menu's button, named by the user's first name ("Demo" for a demo visitor). */
  accountMenu(firstName: string): Locator {
    return this.page.getByRole('button', { name: firstName });
  }
  /** An item of the open account menu ("Profile", "Admin", "Log out"). */
  menuItem(name: string): Locator {
    return this.page.getByRole('menuitem', { name });
  }

  async openSection(name: string): Promise<void> {
    await this.sections.getByRole('link', { name }).click();
  }

  async logOut(firstName: string): Promise<void> {
    await this.accountMenu(firstName).click();
    await this.menuItem('Log out').click();
  }

  async switchToDarkMode(): Promise<void> {
    await this.page.getByRole('button', { name: 'Switch to dark mode' }).click();
  }

  /** A horizontal swipe across the page through Chromium's touch input (CDP), as a finger makes it. */
  async swipe(fromX: number, toX: number, y = 400): Promise<void> {
    const cdp = await this.page.context().newCDPSession(this.page);
    const point = (x: number) => [{ x, y, id: 1 }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(fromX) });
    for (let i = 1; i <= 5; i++) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: point(fromX + ((toX - fromX) * i) / 5),
      });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  }
}
