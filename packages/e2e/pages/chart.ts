// A card holding a Recharts chart (the dashboard's, analytics'): its figures and captions, the
// drawn lines, areas and bars, the axes' labels and the tooltip of a hovered point.
import { expect, type Locator, type Page } from '@playwright/test';

export class Chart {
  constructor(
    readonly page: Page,
    readonly root: Locator,
  ) {}

  /** A labelled figure of the card (data-figure). */
  figure(label: string): Locator {
    return this.root.locator(`[data-figure="${label}"]`);
  }

  /** Any text of the card (a caption, a summary), or part of it. */
  text(text: string | RegExp): Locator {
    return this.root.getByText(text);
  }

  /** A legend entry or axis label, written exactly so. */
  label(text: string): Locator {
    return this.root.getByText(text, { exact: true });
  }

  /** A label of the drawing itself (an axis's unit or tick), written exactly so. */
  axisLabel(text: string): Locator {
    return this.root.locator('svg').getByText(text, { exact: true });
  }

  /** The axis ticks' values whose text matches `text`. */
  ticks(text: RegExp): Locator {
    return this.root.locator('.recharts-cartesian-axis-tick-value').filter({ hasText: text });
  }

  get lines(): Locator {
    return this.root.locator('.recharts-line');
  }

  get lineCurves(): Locator {
    return this.root.locator('.recharts-line-curve');
  }

  get areas(): Locator {
    return this.root.locator('.recharts-area');
  }

  get bars(): Locator {
    return this.root.locator('.recharts-bar-rectangle');
  }

  /** The plot area. */
  get surface(): Locator {
    return this.root.locator('.recharts-surface');
  }

  get tooltip(): Locator {
    return this.root.locator('.recharts-tooltip-wrapper');
  }

  /** Hovers the plot `fromRight` pixels before its right edge and returns the tooltip shown. */
  async hover(fromRight: number, fromTop = 0.5): Promise<Locator> {
    await this.surface.scrollIntoViewIfNeeded();
    const box = await this.surface.boundingBox();
    if (box === null) throw new Error('no chart surface');
    await this.page.mouse.move(box.x + box.width - fromRight, box.y + box.height * fromTop);
    await expect(this.tooltip).toBeVisible();
    return this.tooltip;
  }
}
