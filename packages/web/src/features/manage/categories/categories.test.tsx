import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/token';
import { fakeToken, renderApp, stubApi } from '../../../test/render';
import { category, USER } from '../test/fixtures';

const background = (categories: unknown[]) => ({
  'GET account/userinfo': { status: 200, body: USER },
  'GET category/getall': { status: 200, body: categories },
});

const table = (name: string) => screen.findByRole('table', { name });

describe('manage/category: expense and income lists with the inline add panel', () => {
  beforeEach(() => setToken(fakeToken()));
  afterEach(() => {
    vi.useRealTimers();
  });

  it('redirects private/manage to the category tab and lists both directions with Inactive and System marks', async () => {
    stubApi(
      background([
        category({ id: 1, name: 'Other expense', type: 'real', isIncome: false, isBuiltIn: true }),
        category({ id: 2, name: 'Groceries', type: 'real', isIncome: false, isActive: false }),
        category({ id: 3, name: 'Salary', type: 'real', isIncome: true }),
        category({ id: 4, name: 'Lent to Ann', type: 'loan' }),
        category({ id: 5, name: 'Untracked accounts', type: 'external', isBuiltIn: true }),
      ]),
    );
    const router = renderApp('/private/manage');
    const expense = await table('Expense categories');
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/manage/category'));
    expect(screen.getByRole('tab', { name: 'Categories', selected: true })).toBeTruthy();
    await within(expense).findByText('Groceries');
    const rows = within(expense).getAllByRole('row');
    // header, Groceries, Other expense (by name)
    expect(rows.map((r) => r.textContent)).toEqual(['NameInactiveSystem', 'Groceries', 'Other expense']);
    expect(within(rows[1] as HTMLElement).getByRole('img', { name: 'Inactive' })).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByRole('img', { name: 'System' })).toBeNull();
    expect(within(rows[2] as HTMLElement).getByRole('img', { name: 'System' })).toBeTruthy();
    const income = await table('Income categories');
    expect(within(income).getByText('Salary')).toBeTruthy();
    expect(within(income).queryByText('Lent to Ann')).toBeNull();
    // External categories are system ones: listed apart, with no Add new.
    const external = await table('External categories');
    expect(within(external).getByText('Untracked accounts')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Add new' })).toHaveLength(2);

    fireEvent.click(within(income).getByText('Salary'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/edit-category/3'));
  });

  it('adds an income category from the inline panel, scrolled to after 200 ms, then reloads the lists', async () => {
    let categories = [category({ id: 1, name: 'Other income', type: 'real', isIncome: true, isBuiltIn: true })];
    const calls = stubApi({
      ...background([]),
      'GET category/getall': () => ({ status: 200, body: categories }),
      'POST category/add': (body) => {
        const added = category({ id: 9, ...(body as { name: string; type: 'real' }) });
        categories = [...categories, added];
        return { status: 200, body: added };
      },
    });
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderApp('/private/manage/category');
    const income = await table('Income categories');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(
      within(income.closest('.mantine-Card-root') as HTMLElement).getByRole('button', { name: 'Add new' }),
    );
    const panel = await screen.findByTestId('add-category-panel');
    expect(within(panel).getByText('New income category')).toBeTruthy();
    // Income has no monthly limit; the panel comes into view after the spec's 200 ms.
    expect(within(panel).queryByLabelText(/Monthly limit/)).toBeNull();
    expect(scrolled).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(scrolled).toHaveBeenCalled();
    vi.useRealTimers();

    fireEvent.click(within(panel).getByRole('button', { name: 'Add' }));
    expect(await within(panel).findByText('Name is required')).toBeTruthy();
    expect(calls.some((c) => c.key === 'POST category/add')).toBe(false);

    fireEvent.change(within(panel).getByLabelText(/Name/), { target: { value: ' Bonus ' } });
    fireEvent.change(within(panel).getByLabelText('Description'), { target: { value: 'Yearly' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Category successfully added!')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST category/add')?.body).toEqual({
      name: 'Bonus',
      type: 'real',
      isIncome: true,
      description: 'Yearly',
      isActive: true,
      monthlyLimit: null,
    });
    await waitFor(() => expect(screen.queryByTestId('add-category-panel')).toBeNull());
    expect(await within(income).findByText('Bonus')).toBeTruthy();
  });

  it('sends an expense monthly limit as a number and refuses a malformed one', async () => {
    const calls = stubApi({
      ...background([]),
      'POST category/add': (body) => ({
        status: 200,
        body: category({ name: 'x', type: 'real', ...(body as object) }),
      }),
    });
    renderApp('/private/manage/category');
    const expense = await table('Expense categories');
    fireEvent.click(
      within(expense.closest('.mantine-Card-root') as HTMLElement).getByRole('button', { name: 'Add new' }),
    );
    const panel = await screen.findByTestId('add-category-panel');
    expect(within(panel).getByText('New expense category')).toBeTruthy();
    fireEvent.change(within(panel).getByLabelText(/Name/), { target: { value: 'Food' } });
    fireEvent.change(within(panel).getByLabelText(/Monthly limit/), { target: { value: '12,5' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add' }));
    expect(await within(panel).findByText(/Enter a non-negative number/)).toBeTruthy();
    fireEvent.change(within(panel).getByLabelText(/Monthly limit/), { target: { value: '300.50' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Category successfully added!')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST category/add')?.body).toMatchObject({
      name: 'Food',
      isIncome: false,
      monthlyLimit: 300.5,
    });
  });

  it('closes the add panel when the server refuses, with the server message as a toast', async () => {
    stubApi({
      ...background([]),
      'POST category/add': {
        status: 409,
        body: { type: 'conflict', message: 'name: a category named Food already exists' },
      },
    });
    renderApp('/private/manage/category');
    const expense = await table('Expense categories');
    fireEvent.click(
      within(expense.closest('.mantine-Card-root') as HTMLElement).getByRole('button', { name: 'Add new' }),
    );
    const panel = await screen.findByTestId('add-category-panel');
    fireEvent.change(within(panel).getByLabelText(/Name/), { target: { value: 'Food' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('name: a category named Food already exists')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('add-category-panel')).toBeNull());
    expect(screen.queryByText('Category successfully added!')).toBeNull();
  });
});

describe('manage/loan and manage/business lists', () => {
  beforeEach(() => setToken(fakeToken()));
  const long = 'A loan to my neighbour for the new roof, repaid monthly until 2030';

  it('lists open loan categories, then the closed ones after the separator, descriptions cut to 50 characters', async () => {
    stubApi(
      background([
        category({ id: 1, name: 'Car loan', type: 'loan', isActive: false }),
        category({ id: 2, name: 'Neighbour', type: 'loan', description: long }),
        category({ id: 3, name: 'Coffee cart', type: 'business' }),
      ]),
    );
    const router = renderApp('/private/manage/loan');
    const list = await table('Loan categories');
    await within(list).findByText('Neighbour');
    const rows = within(list).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).queryAllByRole('cell')[0]?.textContent)).toEqual([
      'Neighbour',
      '--- Closed categories ---',
      'Car loan',
    ]);
    const cut = `${Array.from(long).slice(0, 49).join('')}…`;
    expect(within(rows[0] as HTMLElement).getByText(cut)).toBeTruthy();
    expect(cut).toHaveLength(50);
    expect(within(rows[0] as HTMLElement).queryByText('Closed')).toBeNull();
    expect(within(rows[2] as HTMLElement).getByText('Closed')).toBeTruthy();
    expect(within(list).queryByText('Coffee cart')).toBeNull();
    fireEvent.click(within(rows[2] as HTMLElement).getByText('Car loan'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/edit-category/1'));
  });

  it('shows no separator without closed categories', async () => {
    stubApi(background([category({ name: 'Coffee cart', type: 'business' })]));
    renderApp('/private/manage/business');
    const list = await table('Business categories');
    expect(await within(list).findByText('Coffee cart')).toBeTruthy();
    expect(within(list).queryByText('--- Closed categories ---')).toBeNull();
  });

  it('adds a business category with the type form, scrolling to the bottom', async () => {
    const calls = stubApi({
      ...background([]),
      'POST category/add': (body) => ({
        status: 200,
        body: category({ ...(body as { name: string; type: 'business' }) }),
      }),
    });
    const scrollTo = vi.fn();
    window.scrollTo = scrollTo as typeof window.scrollTo;
    renderApp('/private/manage/business');
    fireEvent.click(await screen.findByRole('button', { name: 'Add new' }));
    const panel = await screen.findByTestId('add-category-panel');
    expect(within(panel).getByText('New business category')).toBeTruthy();
    const business = within(panel).getByRole<HTMLInputElement>('radio', { name: 'Business' });
    expect(business.checked).toBe(true);
    await waitFor(() => expect(scrollTo).toHaveBeenCalled());
    fireEvent.change(within(panel).getByLabelText(/Name/), { target: { value: 'Bakery share' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Category successfully added!')).toBeTruthy();
    const sent = calls.find((c) => c.key === 'POST category/add')?.body;
    expect(sent).toEqual({
      name: 'Bakery share',
      type: 'business',
      description: '',
      isActive: true,
      monthlyLimit: null,
    });
  });
});
