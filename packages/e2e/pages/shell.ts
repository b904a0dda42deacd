import type { Locator, Page } from '@playwright/test';

/** The private shell: header title, account menu, sidebar (beside the page or as an overlay). */
export class Shell {
  constructor(private readonly page: Page) {}

  /** The section title in the header. */
  title(name: string): Locator {
    return this.page.getByRole('heading', { name, level: 1 });
  }
  get sections(): Locator {
    return this.page.getByRole('navigation', { name: 'Sections' });
  }
  get burger(): Locator {
    return this.page.getByRole('button', { name: 'Toggle navigation' });
  }
  accountMenu(firstName: string): Locator {
    return this.page.getByRole('button', { name: firstName });
  }

  async openSection(name: string): Promise<void> {
    await this.sections.getByRole('link', { name }).click();
  }

  async logOut(firstName: string): Promise<void> {
    await this.accountMenu(firstName).click();
    await this.page.getByRole('menuitem', { name: 'Log out' }).click();
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
