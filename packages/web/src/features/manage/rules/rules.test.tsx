import type { Rule } from '@kassa/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../../lib/token';
import { fakeToken, renderApp, stubApi } from '../../../test/render';
import { category, SUPPORTED, USER } from '../test/fixtures';

const CATEGORIES = [
  category({ id: 1, name: 'Groceries', type: 'real', isIncome: false }),
  category({ id: 2, name: 'Salary', type: 'real', isIncome: true }),
  category({ id: 3, name: 'Old hobby', type: 'real', isIncome: false, isActive: false }),
  category({ id: 4, name: 'Lent to Ann', type: 'loan' }),
];

const rule = (over: Partial<Rule> & Pick<Rule, 'id' | 'pattern'>): Rule => ({
  match: 'contains',
  categoryId: 1,
  minAmount: null,
  maxAmount: null,
  currency: null,
  position: over.id,
  ...over,
});

const RULES = [
  rule({ id: 1, pattern: 'lidl', position: 0 }),
  rule({ id: 2, match: 'regex', pattern: '^acme (payroll|salary)', categoryId: 2, position: 1 }),
  rule({ id: 3, pattern: 'shell', minAmount: 10.5, maxAmount: 200, currency: 'EUR', position: 2 }),
];

const base = (rules: Rule[] | (() => Rule[]) = RULES) => ({
  'GET account/userinfo': { status: 200, body: USER },
  'GET currency/supported': { status: 200, body: SUPPORTED },
  'GET currency/usersall': {
    status: 200,
    body: [
      { code: 'EUR', lastUsed: '2026-01-01' },
      { code: 'HUF', lastUsed: '2026-01-01' },
    ],
  },
  'GET category/getall': { status: 200, body: CATEGORIES },
  'GET rule/getall': () => ({ status: 200, body: typeof rules === 'function' ? rules() : rules }),
});

const table = () => screen.findByRole('table', { name: 'Category rules' });
/** The body rows of the rule table, as their text. */
const rowTexts = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent);

/** Opens a Mantine select by its label and gives its list of options (rendered in a portal). */
async function openSelect(dialog: HTMLElement, label: string): Promise<HTMLElement> {
  const input = within(dialog).getByRole('combobox', { name: new RegExp(`^${label}`) });
  fireEvent.click(input);
  return waitFor(() => {
    const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
    expect(listbox?.querySelector('[role="option"]')).toBeTruthy();
    return listbox as HTMLElement;
  });
}

/** Opens a Mantine select by its label and clicks one of its options. */
async function choose(dialog: HTMLElement, label: string, option: string) {
  fireEvent.click(within(await openSelect(dialog, label)).getByRole('option', { name: option, hidden: true }));
}

async function openNewRule() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add new' }));
  return screen.findByRole('dialog', { name: 'New rule' });
}

describe('manage/rule: the category rules of import', () => {
  beforeEach(() => setToken(fakeToken()));

  it('is a tab of Manage and lists the rules in their order with kind, category and range', async () => {
    stubApi(base());
    const router = renderApp('/private/manage/category');
    fireEvent.click(await screen.findByRole('tab', { name: 'Rules' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/manage/rule'));
    await within(await table()).findByText('lidl');
    await waitFor(async () =>
      expect(await rowTexts()).toEqual([
        '1ContainslidlGroceriesAny amount',
        '2Regular expression^acme (payroll|salary)SalaryAny amount',
        '3ContainsshellGroceries10.50 € – 200.00 €',
      ]),
    );
    expect(screen.getByRole('button', { name: 'Move rule lidl up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move rule shell down' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move rule shell up' })).toHaveProperty('disabled', false);
  });

  it('explains what rules do when there are none', async () => {
    stubApi(base([]));
    renderApp('/private/manage/rule');
    expect(
      await within(await table()).findByText(
        "No rules yet. Rules give imported rows their category: the first rule whose text matches a row's payee or description, and whose amount range fits, wins.",
      ),
    ).toBeTruthy();
  });

  it('adds a rule: the body has the trimmed pattern, the category id and the range with its currency', async () => {
    let rules: Rule[] = [];
    const calls = stubApi({
      ...base(() => rules),
      'POST rule/add': (body) => {
        const added = rule({ id: 9, ...(body as Partial<Rule>), pattern: 'aldi', minAmount: 5, currency: 'HUF' });
        rules = [added];
        return { status: 200, body: added };
      },
    });
    renderApp('/private/manage/rule');
    const dialog = await openNewRule();
    // Only active income and expense categories, grouped.
    const listbox = await openSelect(dialog, 'Category');
    expect(
      within(listbox)
        .getAllByRole('option', { hidden: true })
        .map((o) => o.textContent),
    ).toEqual(['Groceries', 'Salary']);
    expect(within(listbox).getByText('Expense')).toBeTruthy();
    expect(within(listbox).getByText('Income')).toBeTruthy();
    fireEvent.click(within(listbox).getByRole('option', { name: 'Groceries', hidden: true }));

    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Pattern/ }), { target: { value: '  aldi ' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Min amount' }), { target: { value: '5' } });
    await choose(dialog, 'Currency', 'HUF');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    expect(await screen.findByText('Rule added')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST rule/add')?.body).toEqual({
      match: 'contains',
      pattern: 'aldi',
      categoryId: 1,
      minAmount: '5',
      maxAmount: null,
      currency: 'HUF',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New rule' })).toBeNull());
    expect(await within(await table()).findByText('at least 5.00 Ft')).toBeTruthy();
  });

  it('refuses an amount bound without a currency, and a form without pattern or category, sending nothing', async () => {
    const calls = stubApi(base([]));
    renderApp('/private/manage/rule');
    const dialog = await openNewRule();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    expect(await within(dialog).findByText('Enter the text to look for')).toBeTruthy();
    expect(within(dialog).getByText('Choose a category')).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Pattern/ }), { target: { value: 'shell' } });
    await choose(dialog, 'Category', 'Groceries');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Max amount' }), { target: { value: '80' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    expect(await within(dialog).findByText('Choose the currency of the amount range')).toBeTruthy();
    expect(within(dialog).queryByText('Enter the text to look for')).toBeNull();
    expect(calls.some((c) => c.key === 'POST rule/add')).toBe(false);
  });

  it('says before sending that a regular expression with a backreference cannot run in RE2', async () => {
    const calls = stubApi(base([]));
    renderApp('/private/manage/rule');
    const dialog = await openNewRule();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Regular expression' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Pattern/ }), { target: { value: '(\\w)\\1' } });
    await choose(dialog, 'Category', 'Groceries');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    expect(
      await within(dialog).findByText('Not a regular expression Kassa can run: backreferences are not supported'),
    ).toBeTruthy();
    expect(calls.some((c) => c.key === 'POST rule/add')).toBe(false);
  });

  it('shows the server’s 400 message under the field it names and keeps the dialog open', async () => {
    const calls = stubApi({
      ...base([]),
      'POST rule/add': {
        status: 400,
        body: { type: 'validation', message: 'minAmount: must have at most 2 decimals' },
      },
    });
    renderApp('/private/manage/rule');
    const dialog = await openNewRule();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Regular expression' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Pattern/ }), { target: { value: '^shell' } });
    await choose(dialog, 'Category', 'Salary');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Min amount' }), { target: { value: '1.234' } });
    await choose(dialog, 'Currency', 'EUR');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    expect(await within(dialog).findByText('Must have at most 2 decimals')).toBeTruthy();
    // Shown where it belongs, not toasted as well (a toast would cover the dialog's buttons on a phone).
    expect(screen.queryByText('minAmount: must have at most 2 decimals')).toBeNull();
    expect(calls.find((c) => c.key === 'POST rule/add')?.body).toMatchObject({
      match: 'regex',
      pattern: '^shell',
      categoryId: 2,
      minAmount: '1.234',
      currency: 'EUR',
    });
    expect(screen.getByRole('dialog', { name: 'New rule' })).toBeTruthy();
    expect(screen.queryByText('Rule added')).toBeNull();
  });

  it('shows a refusal naming no field above the buttons, and toasts a failure of the server', async () => {
    let answer = { status: 400, body: { type: 'validation', message: 'Too many rules' } };
    stubApi({ ...base([]), 'POST rule/add': () => answer });
    renderApp('/private/manage/rule');
    const dialog = await openNewRule();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Pattern/ }), { target: { value: 'x' } });
    await choose(dialog, 'Category', 'Groceries');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Too many rules');

    answer = { status: 500, body: { type: 'internal', message: 'Internal error' } };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    expect(await screen.findByText('Internal error')).toBeTruthy();
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
    expect(screen.getByRole('dialog', { name: 'New rule' })).toBeTruthy();
  });

  it('edits a rule in the dialog, keeping its position', async () => {
    const calls = stubApi({
      ...base(),
      'POST rule/update': (body) => ({ status: 200, body }),
    });
    renderApp('/private/manage/rule');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit rule shell' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit rule' });
    expect(within(dialog).getByRole('textbox', { name: /^Pattern/ })).toHaveProperty('value', 'shell');
    expect(within(dialog).getByRole('textbox', { name: 'Min amount' })).toHaveProperty('value', '10.5');
    expect(within(dialog).getByRole('combobox', { name: 'Currency' })).toHaveProperty('value', 'EUR');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Pattern/ }), { target: { value: 'shell station' } });
    // Emptying the range drops the currency from the body: the server refuses one without a bound.
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Min amount' }), { target: { value: '' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Max amount' }), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Rule saved')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST rule/update')?.body).toEqual({
      id: 3,
      match: 'contains',
      pattern: 'shell station',
      categoryId: 1,
      minAmount: null,
      maxAmount: null,
      currency: null,
      position: 2,
    });
  });

  it('asks before deleting a rule; Cancel keeps it, Yes deletes it', async () => {
    let rules = RULES;
    const calls = stubApi({
      ...base(() => rules),
      'DELETE rule/delete/2': () => {
        rules = rules.filter((r) => r.id !== 2);
        return { status: 204, body: '' };
      },
    });
    renderApp('/private/manage/rule');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete rule ^acme (payroll|salary)' }));
    const question = await screen.findByRole('dialog', { name: 'Delete this rule?' });
    expect(question.textContent).toContain('This action can not be undone!');
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this rule?' })).toBeNull());
    expect(calls.some((c) => c.key.startsWith('DELETE'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete rule ^acme (payroll|salary)' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete this rule?' })).getByRole('button', { name: 'Yes' }),
    );
    expect(await screen.findByText('Rule deleted')).toBeTruthy();
    expect(calls.filter((c) => c.key.startsWith('DELETE')).map((c) => c.key)).toEqual(['DELETE rule/delete/2']);
    await waitFor(async () => expect(await rowTexts()).toHaveLength(2));
  });

  it('moves a rule up: the two rules swap positions, and the list reloads in the new order', async () => {
    let rules = RULES;
    const calls = stubApi({
      ...base(() => rules),
      'POST rule/update': (body) => {
        const b = body as Rule;
        rules = rules.map((r) => (r.id === b.id ? { ...r, position: b.position } : r));
        rules.sort((a, c) => a.position - c.position || a.id - c.id);
        return { status: 200, body: b };
      },
    });
    renderApp('/private/manage/rule');
    fireEvent.click(await screen.findByRole('button', { name: 'Move rule shell up' }));
    await waitFor(() => expect(calls.filter((c) => c.key === 'POST rule/update')).toHaveLength(2));
    const updates = calls.filter((c) => c.key === 'POST rule/update').map((c) => c.body);
    expect(updates).toEqual([
      {
        id: 3,
        match: 'contains',
        pattern: 'shell',
        categoryId: 1,
        minAmount: 10.5,
        maxAmount: 200,
        currency: 'EUR',
        position: 1,
      },
      {
        id: 2,
        match: 'regex',
        pattern: '^acme (payroll|salary)',
        categoryId: 2,
        minAmount: null,
        maxAmount: null,
        currency: null,
        position: 2,
      },
    ]);
    await waitFor(async () =>
      expect((await rowTexts()).map((t) => t.slice(0, 12))).toEqual(['1Containslid', '2Containsshe', '3Regular exp']),
    );
  });
});
