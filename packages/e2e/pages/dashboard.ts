// The dashboard (private/dashboard): the greeting, the onboarding checklist, the chart cards
// (net worth, spending, income against spending), the budgets card, the balances explained and
// what's new. The Upcoming card has its own model (UpcomingCard in schedules.ts).
import type { Locator, Page } from '@playwright/test';
import { Chart } from './chart.js';

export type ChecklistStep = 'categories' | 'transaction';

export class DashboardPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/private/dashboard');
  }

  greeting(firstName: string): Locator {
    return this.page.getByRole('heading', { name: `Hello ${firstName}!` });
  }

  /** A labelled figure anywhere on the dashboard ("Spending", "Available in EUR"). */
  figure(label: string): Locator {
    return this.page.locator(`[data-figure="${label}"]`);
  }

  /** Wherever the dashboard shows `text` (an amount, a name). */
  showing(text: string): Locator {
    return this.page.getByText(text);
  }

  // The onboarding checklist

  get checklist(): Locator {
    return this.page.getByTestId('onboarding');
  }

  /** The checklist's count of steps done ("1 of 5 done"). */
  checklistProgress(text: string): Locator {
    return this.checklist.getByText(text);
  }

  /** A step of the checklist; data-done says whether it is ticked. */
  checklistStep(step: ChecklistStep): Locator {
    return this.checklist.locator(`[data-step="${step}"]`);
  }

  /** The link of a step not done yet ("Record a transaction"). */
  checklistLink(name: string): Locator {
    return this.checklist.getByRole('link', { name });
  }

  /** Hides the checklist for good, in this browser. */
  async hideChecklist() {
    await this.checklist.getByRole('button', { name: 'Hide checklist' }).click();
  }

  // The chart cards

  get networth(): Chart {
    return new Chart(this.page, this.page.getByTestId('dashboard-networth'));
  }

  get spending(): Chart {
    return new Chart(this.page, this.page.getByTestId('dashboard-spending'));
  }

  get incomeSpending(): Chart {
    return new Chart(this.page, this.page.getByTestId('dashboard-income-spending'));
  }

  // Budgets, balances, what's new

  get budgetsCard(): Locator {
    return this.page.getByTestId('budgets-card');
  }

  /** A budget's name as the card lists it. */
  budget(name: string): Locator {
    return this.budgetsCard.getByText(name);
  }

  /** The budgets' bars, in the card's order. */
  get budgetBars(): Locator {
    return this.budgetsCard.getByRole('progressbar');
  }

  get balancesExplained(): Locator {
    return this.page.getByTestId('balances-explained');
  }

  get whatsNew(): Locator {
    return this.page.getByTestId('whats-new');
  }

  /** A version's entry in what's new ("v1.10.5"). */
  whatsNewVersion(version: string): Locator {
    return this.whatsNew.getByText(version);
  }

  async showAllVersions() {
    await this.whatsNew.getByRole('button', { name: /Show all \d+ versions/ }).click();
  }

  async showLatestVersionOnly() {
    await this.whatsNew.getByRole('button', { name: 'Show only the latest version' }).click();
  }
}
