// Manage › Rules (private/manage/rule): the category rules of import and the rule dialog.
import { expect, type Locator, type Page } from '@playwright/test';

export interface RuleFields {
  match?: 'contains' | 'regex';
  pattern?: string;
  category?: string;
  min?: string;
  max?: string;
  currency?: string;
}

export class RulesPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/private/manage/rule');
    await expect(this.table).toBeVisible();
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: 'Category rules' });
  }

  /** The rule rows, in the order the rules are tried. */
  get rows(): Locator {
    return this.table.locator('tbody tr[data-rule]');
  }

  /** Each rule's pattern, in order. */
  get patterns(): Locator {
    return this.rows.locator('code');
  }

  row(pattern: string): Locator {
    return this.rows.filter({ has: this.page.locator('code').getByText(pattern, { exact: true }) });
  }

  get emptyText(): Locator {
    return this.table.getByText(/^No rules yet\. Rules give imported rows their category/);
  }

  /** The rule dialog, adding or editing. */
  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: /^(New|Edit) rule$/ });
  }

  toast(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }

  /** A field's message in the dialog. */
  message(text: string | RegExp): Locator {
    return this.dialog.getByText(text);
  }

  async openNew() {
    await this.page.getByRole('button', { name: 'Add new' }).click();
    await expect(this.page.getByRole('dialog', { name: 'New rule' })).toBeVisible();
  }

  async openEdit(pattern: string) {
    await this.page.getByRole('button', { name: `Edit rule ${pattern}`, exact: true }).click();
    await expect(this.page.getByRole('dialog', { name: 'Edit rule' })).toBeVisible();
  }

  /** Opens one of the dialog's pickers and takes an option. */
  private async pick(label: string, option: string) {
    await this.dialog.getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
    await expect(this.dialog.getByRole('combobox', { name: label })).toHaveValue(option);
  }

  /** Fills the given fields of the open dialog; an empty min or max clears it. */
  async fill(fields: RuleFields) {
    const d = this.dialog;
    if (fields.match !== undefined)
      await d.getByText(fields.match === 'regex' ? 'Regular expression' : 'Contains', { exact: true }).click();
    if (fields.pattern !== undefined) await d.getByRole('textbox', { name: 'Pattern' }).fill(fields.pattern);
    if (fields.category !== undefined) await this.pick('Category', fields.category);
    if (fields.min !== undefined) await d.getByRole('textbox', { name: 'Min amount' }).fill(fields.min);
    if (fields.max !== undefined) await d.getByRole('textbox', { name: 'Max amount' }).fill(fields.max);
    if (fields.currency !== undefined) await this.pick('Currency', fields.currency);
  }

  /** Presses the dialog's Add rule or Save, leaving it open (for refusals). */
  async submit() {
    await this.dialog.getByRole('button', { name: /^(Add rule|Save)$/ }).click();
  }

  async add(fields: RuleFields) {
    await this.openNew();
    await this.fill(fields);
    await this.submit();
    await this.expectSaved('Rule added');
  }

  async edit(pattern: string, fields: RuleFields) {
    await this.openEdit(pattern);
    await this.fill(fields);
    await this.submit();
    await this.expectSaved('Rule saved');
  }

  /** The dialog closes with its toast (an earlier toast may still be up: the newest is last). */
  async expectSaved(toast: string) {
    await expect(this.toast(toast).last()).toBeVisible();
    await expect(this.dialog).toBeHidden();
  }

  async moveUp(pattern: string) {
    await this.page.getByRole('button', { name: `Move rule ${pattern} up`, exact: true }).click();
  }

  async moveDown(pattern: string) {
    await this.page.getByRole('button', { name: `Move rule ${pattern} down`, exact: true }).click();
  }

  /** Deletes a rule, answering Yes to the question first. */
  async delete(pattern: string) {
    await this.page.getByRole('button', { name: `Delete rule ${pattern}`, exact: true }).click();
    const question = this.page.getByRole('dialog', { name: 'Delete this rule?' });
    await expect(question).toContainText('This action can not be undone!');
    await question.getByRole('button', { name: 'Yes' }).click();
    await expect(this.toast('Rule deleted')).toBeVisible();
  }
}
