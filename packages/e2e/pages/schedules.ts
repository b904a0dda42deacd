// Manage › Schedules (private/manage/schedules), the schedule dialog, due occurrences, and the
// dashboard's Upcoming card.
import { expect, type Locator, type Page } from '@playwright/test';

export interface ScheduleFields {
  kind?: string;
  category?: string;
  amount?: string;
  /** Ask for the amount each time (the switch on). */
  ask?: boolean;
  description?: string;
  /** One of the "Repeats" choices, e.g. 'Every month on a day'. */
  repeats?: string;
  day?: string;
  /** YYYY-MM-DD. */
  start?: string;
  mode?: 'Remind me' | 'Post it automatically';
}

export class SchedulesPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/private/manage/schedules');
    await expect(this.table).toBeVisible();
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: 'Schedules' });
  }

  /** A schedule's row, by the text it shows (its description). */
  row(text: string): Locator {
    return this.table.locator('tbody tr[data-schedule]').filter({ hasText: text });
  }

  /** A figure of a schedule's row: amount, rule, next, due or mode. */
  figure(text: string, name: 'amount' | 'rule' | 'next' | 'due' | 'mode'): Locator {
    return this.row(text).locator(`[data-figure="${name}"]`);
  }

  /** What the empty table says. */
  get emptyText(): Locator {
    return this.table.getByText(/^No schedules yet/);
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: /^(New|Edit) schedule$/ });
  }

  /** One of the dialog's pickers by its label ("Kind", "Category", "Repeats"). */
  picker(label: string): Locator {
    return this.dialog.getByRole('combobox', { name: label, exact: true });
  }

  get amount(): Locator {
    return this.dialog.getByRole('textbox', { name: 'Amount', exact: true });
  }

  get description(): Locator {
    return this.dialog.getByRole('textbox', { name: 'Description' });
  }

  /** The "Due now" card of the screen. */
  get dueCard(): Locator {
    return this.page.getByTestId('due-card');
  }

  toast(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }

  async openNew() {
    await this.page.getByRole('button', { name: 'Add new' }).click();
    await expect(this.page.getByRole('dialog', { name: 'New schedule' })).toBeVisible();
  }

  /** Opens one of the dialog's pickers and takes an option. */
  async pick(label: string, option: string) {
    const picker = this.picker(label);
    await picker.click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
    await expect(picker).toHaveValue(option);
  }

  async fill(fields: ScheduleFields) {
    const d = this.dialog;
    if (fields.kind !== undefined) await this.pick('Kind', fields.kind);
    if (fields.category !== undefined) await this.pick('Category', fields.category);
    if (fields.ask !== undefined) await d.getByRole('switch', { name: /each time/ }).setChecked(fields.ask);
    if (fields.amount !== undefined) await this.amount.fill(fields.amount);
    if (fields.description !== undefined) await this.description.fill(fields.description);
    if (fields.start !== undefined) await d.getByLabel('Starts on').fill(fields.start);
    if (fields.repeats !== undefined) await this.pick('Repeats', fields.repeats);
    if (fields.day !== undefined) await d.getByRole('textbox', { name: 'Day of the month' }).fill(fields.day);
    if (fields.mode !== undefined) await d.getByRole('radio', { name: fields.mode }).check();
  }

  /** Presses Add schedule or Save, leaving the dialog open (for refusals). */
  async submit() {
    await this.dialog.getByRole('button', { name: /^(Add schedule|Save)$/ }).click();
  }

  async add(fields: ScheduleFields) {
    await this.openNew();
    await this.fill(fields);
    await this.submit();
    await this.expectSaved('Schedule added');
  }

  /** The dialog closes with its toast (an earlier toast may still be up: the newest is last). */
  async expectSaved(toast: string) {
    await expect(this.toast(toast).last()).toBeVisible();
    await expect(this.dialog).toBeHidden();
  }
}

/** The dashboard's Upcoming card. */
export class UpcomingCard {
  constructor(readonly page: Page) {}

  get card(): Locator {
    return this.page.getByTestId('upcoming-card');
  }

  /** The occurrences of a schedule, by the text they show. */
  item(text: string): Locator {
    return this.card.getByTestId('upcoming-item').filter({ hasText: text });
  }

  /** "Available after: …" of an occurrence. */
  balanceAfter(text: string): Locator {
    return this.item(text).locator('[data-figure="balance-after"]');
  }

  /** The occurrences that are due, by the text they show. */
  dueItem(text: string): Locator {
    return this.card.locator('[data-testid="upcoming-item"][data-due="true"]').filter({ hasText: text });
  }

  /** The Due badge of a due occurrence. */
  dueBadge(text: string): Locator {
    return this.dueItem(text).getByText('Due', { exact: true });
  }

  /** A figure of a due occurrence: its amount, or the balance it leaves ("Available after: …"). */
  dueFigure(text: string, name: 'amount' | 'balance-after'): Locator {
    return this.dueItem(text).locator(`[data-figure="${name}"]`);
  }

  get availableNow(): Locator {
    return this.card.locator('[data-figure="available-now"]');
  }
}

/** Confirm, Skip or Edit of a due occurrence, wherever it is listed. */
export function dueButton(scope: Locator, action: 'Confirm' | 'Skip' | 'Edit', name: string): Locator {
  return scope.getByRole('button', { name: new RegExp(`^${action} ${name} of `) });
}
