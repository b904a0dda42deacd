import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Budget, BudgetItem, Category } from '@kassa/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../lib/token';
import { fakeToken, REGISTERED_USER, renderApp, stubApi } from '../../test/render';
import { budgetStatus, closestToLimit, currentMonth, shiftMonth, usedShare } from './budget-figures';

const history = (spent: number) =>
  Array.from({ length: 12 }, (_, i) => ({ month: shiftMonth('2026-11', i - 11), spent: i === 11 ? spent : 0 }));

function item(over: Partial<BudgetItem> & Pick<BudgetItem, 'categoryId' | 'name'>): BudgetItem {
  return {
    limit: 100,
    spent: 0,
    left: 100,
    carried: 0,
    rollover: false,
    dailyAllowance: null,
    history: history(over.spent ?? 0),
    ...over,
  };
}

const category = (id: number, name: string, monthlyLimit: number | null, rollover = false): Category => ({
  id,
  name,
  type: 'real',
  description: '',
  isIncome: false,
  isBuiltIn: false,
  isActive: true,
  monthlyLimit,
  rollover,
  lastUsed: '2026-11-01T10:00:00.000Z',
});

describe('budget figures', () => {
  it('names months, moves between them across years and takes the UTC month as current', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-05', -17)).toBe('2024-12');
    expect(currentMonth(new Date('2026-11-30T23:30:00-02:00'))).toBe('2026-12');
  });

  it('counts a budget close from 80 % of limit plus carried, and over once nothing is left', () => {
    expect(budgetStatus(item({ categoryId: 1, name: 'a', spent: 79, left: 21 }))).toBe('ok');
    expect(budgetStatus(item({ categoryId: 1, name: 'a', spent: 80, left: 20 }))).toBe('close');
    expect(budgetStatus(item({ categoryId: 1, name: 'a', spent: 101, left: -1 }))).toBe('over');
    // 90 spent of 100 + 50 carried is 60 %.
    expect(usedShare({ limit: 100, carried: 50, spent: 90 })).toBe(60);
    expect(usedShare({ limit: 0, carried: 0, spent: 0 })).toBe(100);
    expect(usedShare({ limit: 0, carried: 0, spent: 1 })).toBe(Infinity);
  });

  it('orders the budgets closest to or over their limit first', () => {
    const items = [
      item({ categoryId: 1, name: 'Calm', spent: 10, left: 90 }),
      item({ categoryId: 2, name: 'Over', spent: 120, left: -20 }),
      item({ categoryId: 3, name: 'Zero', limit: 0, spent: 5, left: -5 }),
      item({ categoryId: 4, name: 'Close', spent: 85, left: 15 }),
    ];
    expect(closestToLimit(items, 3).map((i) => i.name)).toEqual(['Zero', 'Over', 'Close']);
  });
});

describe('private/budgets', () => {
  beforeEach(() => setToken(fakeToken()));

  function api(budget: Budget, categories: Category[]) {
    return stubApi({
      'GET account/userinfo': { status: 200, body: REGISTERED_USER },
      'GET category/getall': { status: 200, body: categories },
      'POST budget/get': (body) => ({ status: 200, body: { ...budget, month: (body as { month: string }).month } }),
      'POST category/update': (body) => ({ status: 200, body: { ...categories[0], ...(body as object) } }),
    });
  }

  it('shows spent, left, carried, the daily allowance and unconverted spending, and edits in place', async () => {
    const month = currentMonth();
    const calls = api(
      {
        month,
        currency: 'EUR',
        daysLeft: 10,
        items: [
          item({
            categoryId: 1,
            name: 'Groceries',
            spent: 130,
            left: -10,
            carried: 20,
            rollover: true,
            dailyAllowance: 0,
          }),
        ],
        unconverted: [{ categoryId: 1, month, currency: 'XAU', amount: 2 }],
      },
      [category(1, 'Groceries', 100, true), category(2, 'Books', null)],
    );
    renderApp('/private/budgets');
    const card = await screen.findByTestId('budget-item');
    expect(within(card).getByText('Over limit')).toBeTruthy();
    expect(within(card).getByText('10.00 € over')).toBeTruthy();
    expect(within(card).getByText('20.00 €').getAttribute('data-figure')).toBe('carried');
    expect(within(card).getByText(/for 10 days/)).toBeTruthy();
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText(/not counted in the figures below: Groceries/)).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST budget/get')?.body).toEqual({ month });

    // The limit in place, sent with the category's other fields unchanged.
    fireEvent.click(within(card).getByRole('button', { name: 'Edit the limit of Groceries' }));
    fireEvent.change(within(card).getByRole('textbox', { name: /Monthly limit of Groceries/ }), {
      target: { value: '12.5x' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('Enter a non-negative number, e.g. 250 or 99.90')).toBeTruthy();
    fireEvent.change(within(card).getByRole('textbox', { name: /Monthly limit of Groceries/ }), {
      target: { value: '150' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Limit saved')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST category/update')?.body).toEqual({
      id: 1,
      name: 'Groceries',
      description: '',
      isActive: true,
      monthlyLimit: 150,
      rollover: true,
    });

    // Rollover off, and the month before.
    fireEvent.click(within(card).getByRole('switch', { name: 'Roll over to next month' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.key === 'POST category/update').at(-1)?.body).toMatchObject({ rollover: false }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.key === 'POST budget/get').at(-1)?.body).toEqual({ month: shiftMonth(month, -1) }),
    );
    expect(screen.getByRole('button', { name: 'This month' })).toBeTruthy();
  });

  it('offers the expense categories without a limit when there are no budgets', async () => {
    api({ month: '2026-11', currency: 'EUR', daysLeft: null, items: [], unconverted: [] }, [
      category(2, 'Books', null),
    ]);
    renderApp('/private/budgets');
    expect(await screen.findByText(/No budgets yet/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Add a budget' })).toBeTruthy();
  });
});
