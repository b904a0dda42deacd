import type { Category, Schedule, Upcoming, UpcomingItem } from '@kassa/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../lib/token';
import { fakeToken, REGISTERED_USER as USER, renderApp, stubApi } from '../../test/render';

const category = (over: Pick<Category, 'id' | 'name' | 'type'> & Partial<Category>): Category => ({
  description: '',
  isIncome: over.type === 'real' ? false : null,
  isBuiltIn: false,
  isActive: true,
  monthlyLimit: null,
  rollover: false,
  lastUsed: '2026-11-01T10:00:00.000Z',
  ...over,
});
const SUPPORTED = [
  { code: 'EUR', sign: '€', name: 'Euro', decimals: 2, signBefore: false },
  { code: 'USD', sign: '$', name: 'US dollar', decimals: 2, signBefore: true },
];

const CATEGORIES = [
  category({ id: 1, name: 'Rent', type: 'real', isIncome: false }),
  category({ id: 2, name: 'Salary', type: 'real', isIncome: true }),
  category({ id: 4, name: 'Lent to Ann', type: 'loan' }),
];

const rent: Schedule = {
  id: 7,
  rule: 'FREQ=MONTHLY;BYMONTHDAY=28,29,30;BYSETPOS=-1',
  start: '2026-01-30',
  end: null,
  mode: 'remind',
  weekend: 'before',
  payload: {
    kind: 'transaction',
    amount: 950,
    currency: 'EUR',
    categoryId: 1,
    description: 'Flat rent',
    isIncome: false,
    type: null,
  },
  next: '2026-11-30',
  due: 1,
};
const salary: Schedule = {
  id: 8,
  rule: 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=24',
  start: '2026-01-01',
  end: null,
  mode: 'post',
  weekend: 'as-is',
  payload: {
    kind: 'transaction',
    amount: null,
    currency: 'EUR',
    categoryId: 2,
    description: '',
    isIncome: true,
    type: null,
  },
  next: '2026-12-31',
  due: 0,
};
const odd: Schedule = {
  ...rent,
  id: 9,
  rule: 'FREQ=DAILY;INTERVAL=3',
  weekend: 'as-is',
  payload: {
    kind: 'conversion',
    fromAmount: 100,
    fromCurrency: 'EUR',
    toAmount: 110,
    toCurrency: 'USD',
    description: '',
  },
  next: '2026-12-02',
  due: 0,
};

const dueRent: UpcomingItem = {
  scheduleId: 7,
  occurrence: '2026-11-30',
  date: '2026-11-27',
  mode: 'remind',
  due: true,
  payload: rent.payload,
  balances: [{ currency: 'EUR', amount: 50 }],
};
const askSalary: UpcomingItem = {
  scheduleId: 8,
  occurrence: '2026-11-30',
  date: '2026-11-30',
  mode: 'post',
  due: true,
  payload: salary.payload,
  balances: [],
};
const UPCOMING: Upcoming = {
  today: '2026-11-30',
  available: [
    { currency: 'EUR', amount: 1000 },
    { currency: 'USD', amount: 20 },
  ],
  items: [
    dueRent,
    askSalary,
    {
      scheduleId: 9,
      occurrence: '2026-12-02',
      date: '2026-12-02',
      mode: 'remind',
      due: false,
      payload: odd.payload,
      balances: [
        { currency: 'EUR', amount: -50 },
        { currency: 'USD', amount: 130 },
      ],
    },
  ],
};

const base = (schedules: Schedule[] = [rent, salary, odd]) => ({
  'GET account/userinfo': { status: 200, body: USER },
  'GET currency/supported': { status: 200, body: SUPPORTED },
  'GET currency/usersall': {
    status: 200,
    body: [
      { code: 'EUR', lastUsed: '2026-01-01' },
      { code: 'USD', lastUsed: '2026-01-01' },
    ],
  },
  'GET category/getall': { status: 200, body: CATEGORIES },
  'GET category/get-external': { status: 200, body: [] },
  'GET schedule/getall': { status: 200, body: schedules },
  'POST schedule/upcoming': { status: 200, body: UPCOMING },
});

const table = () => screen.findByRole('table', { name: 'Schedules' });
const row = async (id: number) => {
  const t = await table();
  await waitFor(() => expect(t.querySelector(`[data-schedule="${id}"]`)).toBeTruthy());
  return t.querySelector<HTMLElement>(`[data-schedule="${id}"]`) as HTMLElement;
};

/** Opens a Mantine select by its label and clicks one of its options. */
async function choose(dialog: HTMLElement, label: string, option: string) {
  const input = within(dialog).getByRole('combobox', { name: new RegExp(`^${label}`) });
  fireEvent.click(input);
  const listbox = await waitFor(() => {
    const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
    expect(list?.querySelector('[role="option"]')).toBeTruthy();
    return list as HTMLElement;
  });
  fireEvent.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}

const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByRole<HTMLInputElement>('textbox', { name: new RegExp(`^${label}`) });
/** Types into a field by its label (date fields have no textbox role). */
const type = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(new RegExp(`^${label}`)), { target: { value } });

describe('manage/schedules', () => {
  beforeEach(() => setToken(fakeToken()));

  it('is a tab of Manage listing each schedule: amount, rule in words, next day, due count and mode', async () => {
    stubApi(base());
    const router = renderApp('/private/manage/category');
    fireEvent.click(await screen.findByRole('tab', { name: 'Schedules' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/manage/schedules'));
    const r = await row(7);
    expect(within(r).getByText('Flat rent')).toBeTruthy();
    expect(within(r).getByText('- 950.00 €')).toBeTruthy();
    expect(within(r).getByText('Every month on the 30th (or its last day)')).toBeTruthy();
    expect(within(r).getByText('A Saturday or Sunday moves to the Friday before')).toBeTruthy();
    expect(within(r).getByText('2026.11.30.')).toBeTruthy();
    expect(within(r).getByText('1 due')).toBeTruthy();
    expect(within(r).getByText('Reminds me')).toBeTruthy();
    const s = await row(8);
    // No description: the category names it; no amount: asked each time.
    expect(within(s).getAllByText('Salary')).toHaveLength(2);
    expect(within(s).getByText('Ask each time (EUR)')).toBeTruthy();
    expect(within(s).getByText('Every month on its last working day, 24 times')).toBeTruthy();
    expect(within(s).getByText('Posts itself')).toBeTruthy();
    // A rule beyond the plain terms, in rrule's words.
    expect(within(await row(9)).getByText('Every 3 days')).toBeTruthy();
    expect(within(await row(9)).getByText('100.00 € → $110.00')).toBeTruthy();
    // Sorted by next day.
    const order = [...(await table()).querySelectorAll('[data-schedule]')].map((e) => e.getAttribute('data-schedule'));
    expect(order).toEqual(['7', '9', '8']);
  });

  it('explains schedules when there are none', async () => {
    stubApi({ ...base([]), 'POST schedule/upcoming': { status: 200, body: { ...UPCOMING, items: [] } } });
    renderApp('/private/manage/schedules');
    expect(await within(await table()).findByText(/No schedules yet/)).toBeTruthy();
    expect(screen.queryByTestId('due-card')).toBeNull();
  });

  it('adds a schedule from plain terms: the body holds the RRULE, start, end, mode and payload', async () => {
    const calls = stubApi({
      ...base([]),
      'POST schedule/add': (body) => ({ status: 200, body: { ...rent, ...(body as object), id: 20 } }),
    });
    renderApp('/private/manage/schedules');
    fireEvent.click(await screen.findByRole('button', { name: 'Add new' }));
    const dialog = await screen.findByRole('dialog', { name: 'New schedule' });
    await within(dialog).findByRole('combobox', { name: /^Category/ });
    type(dialog, 'Amount', '950');
    type(dialog, 'Description', 'Flat rent');
    type(dialog, 'Starts on', '2026-12-30');
    // The day follows the start until it is set.
    expect(field(dialog, 'Day of the month').value).toBe('30');
    expect(within(dialog).getByText('In shorter months: the last day')).toBeTruthy();
    await choose(dialog, 'Ends', 'After a number of times');
    type(dialog, 'Number of times', '12');
    await choose(dialog, 'On a Saturday or Sunday', 'On the Friday before');
    fireEvent.click(within(dialog).getByRole('radio', { name: /Post it automatically/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add schedule' }));
    expect(await screen.findByText('Schedule added')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST schedule/add')?.body).toEqual({
      rule: 'FREQ=MONTHLY;BYMONTHDAY=28,29,30;BYSETPOS=-1;COUNT=12',
      start: '2026-12-30',
      end: null,
      mode: 'post',
      weekend: 'before',
      payload: {
        kind: 'transaction',
        amount: '950',
        currency: 'EUR',
        categoryId: 1,
        description: 'Flat rent',
        isIncome: null,
        type: null,
      },
    });
  });

  it('starts a new schedule in the main currency though another was used last (issue 32)', async () => {
    stubApi({
      ...base([]),
      'GET currency/usersall': {
        status: 200,
        body: [
          { code: 'USD', lastUsed: '2026-03-01' },
          { code: 'EUR', lastUsed: '2026-01-01' },
        ],
      },
    });
    renderApp('/private/manage/schedules');
    fireEvent.click(await screen.findByRole('button', { name: 'Add new' }));
    const dialog = await screen.findByRole('dialog', { name: 'New schedule' });
    await within(dialog).findByRole('combobox', { name: /^Category/ });
    const currency = () => within(dialog).getByRole<HTMLInputElement>('combobox', { name: /^Currency/ });
    await waitFor(() => expect(currency().value).toBe('EUR'));
    await choose(dialog, 'Currency', 'USD');
    expect(currency().value).toBe('USD');
    await choose(dialog, 'Kind', 'Conversion');
    const from = within(dialog).getByRole<HTMLInputElement>('combobox', { name: /^From currency/ });
    expect(from.value).toBe('EUR');
    expect(within(dialog).getByRole<HTMLInputElement>('combobox', { name: /^To currency/ }).value).toBe('USD');
  });

  it('adds a conversion asked each time, every two weeks, and shows the server’s refusal under its field', async () => {
    let refuse = true;
    const calls = stubApi({
      ...base([]),
      'POST schedule/add': () =>
        refuse
          ? { status: 400, body: { type: 'validation', message: 'rule: BYDAY must name weekdays' } }
          : { status: 200, body: odd },
    });
    renderApp('/private/manage/schedules');
    fireEvent.click(await screen.findByRole('button', { name: 'Add new' }));
    const dialog = await screen.findByRole('dialog', { name: 'New schedule' });
    await within(dialog).findByRole('combobox', { name: /^Category/ });
    await choose(dialog, 'Kind', 'Conversion');
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Ask for the amounts each time' }));
    expect(field(dialog, 'From amount').disabled).toBe(true);
    type(dialog, 'Starts on', '2026-12-04');
    await choose(dialog, 'Repeats', 'Every few weeks on a weekday');
    type(dialog, 'Every how many weeks', '2');
    // Nothing to post without amounts: the form says so.
    fireEvent.click(within(dialog).getByRole('radio', { name: /Post it automatically/ }));
    expect(within(dialog).getByText(/Kassa can not post an amount it has to ask for/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add schedule' }));
    expect(await within(dialog).findByText('BYDAY must name weekdays')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST schedule/add')?.body).toMatchObject({
      rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=FR',
      mode: 'post',
      payload: { kind: 'conversion', fromAmount: null, fromCurrency: 'EUR', toAmount: null, toCurrency: 'USD' },
    });
    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add schedule' }));
    expect(await screen.findByText('Schedule added')).toBeTruthy();
  });

  it('edits a schedule in the same plain terms, or its raw rule, and deletes one after asking', async () => {
    const calls = stubApi({
      ...base(),
      'POST schedule/update': (body) => ({ status: 200, body: { ...rent, ...(body as object) } }),
      'DELETE schedule/delete/9': { status: 204, body: '' },
    });
    renderApp('/private/manage/schedules');
    fireEvent.click(within(await row(7)).getByRole('button', { name: 'Edit schedule Flat rent' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit schedule' });
    await within(dialog).findByRole('combobox', { name: /^Category/ });
    expect(within(dialog).getByRole('combobox', { name: /^Repeats/ })).toHaveProperty('value', 'Every month on a day');
    expect(field(dialog, 'Day of the month').value).toBe('30');
    expect(field(dialog, 'Amount').value).toBe('950');
    type(dialog, 'Day of the month', '15');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Schedule saved')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST schedule/update')?.body).toMatchObject({
      id: 7,
      rule: 'FREQ=MONTHLY;BYMONTHDAY=15',
      start: '2026-01-30',
      weekend: 'before',
    });

    fireEvent.click(within(await row(9)).getByRole('button', { name: /^Edit schedule/ }));
    dialog = await screen.findByRole('dialog', { name: 'Edit schedule' });
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /^Repeats/ })).toHaveProperty(
        'value',
        'Custom rule (RFC 5545)',
      ),
    );
    expect(field(dialog, 'Rule').value).toBe('FREQ=DAILY;INTERVAL=3');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(within(await row(9)).getByRole('button', { name: /^Delete schedule/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Schedule deleted')).toBeTruthy();
    expect(calls.some((c) => c.key === 'DELETE schedule/delete/9')).toBe(true);
  });

  it('confirms and skips due occurrences in one click, and confirms an amount asked each time', async () => {
    const calls = stubApi({
      ...base(),
      'POST schedule/confirm/7': { status: 200, body: { kind: 'transaction', id: 101 } },
      'POST schedule/confirm/8': (body) =>
        (body as { amount?: string }).amount === '0'
          ? { status: 400, body: { type: 'validation', message: 'amount: must be more than zero' } }
          : { status: 200, body: { kind: 'transaction', id: 102 } },
      'POST schedule/skip/7': { status: 204, body: '' },
    });
    renderApp('/private/manage/schedules');
    const due = await screen.findByTestId('due-card');
    await within(due).findByText('Flat rent');
    fireEvent.click(within(due).getByRole('button', { name: 'Confirm Flat rent of 2026.11.27.' }));
    expect(await screen.findByText('Transaction added')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST schedule/confirm/7')?.body).toEqual({ occurrence: '2026-11-30' });
    // The ledger refreshes: balances and schedules are asked again.
    await waitFor(() => expect(calls.filter((c) => c.key === 'GET schedule/getall').length).toBeGreaterThan(1));

    fireEvent.click(within(due).getByRole('button', { name: 'Skip Flat rent of 2026.11.27.' }));
    expect(await screen.findByText('Occurrence skipped')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST schedule/skip/7')?.body).toEqual({ occurrence: '2026-11-30' });

    // Asked each time: Confirm opens the dialog, which needs the amount.
    fireEvent.click(within(due).getByRole('button', { name: 'Confirm Salary of 2026.11.30.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Salary' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Enter an amount')).toBeTruthy();
    type(dialog, 'Amount', '0');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Must be more than zero')).toBeTruthy();
    type(dialog, 'Amount', '2500');
    type(dialog, 'Description', 'November salary');
    fireEvent.change(within(dialog).getByLabelText(/^Day/), { target: { value: '2026-11-28' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.key === 'POST schedule/confirm/8').at(-1)?.body).toEqual({
        occurrence: '2026-11-30',
        amount: '2500',
        description: 'November salary',
        date: '2026-11-28',
      }),
    );
  });
});

describe('the dashboard’s Upcoming card', () => {
  beforeEach(() => setToken(fakeToken()));

  it('lists due and coming occurrences with the projected balance after each', async () => {
    const calls = stubApi({
      ...base(),
      'POST analytics/balances': { status: 200, body: [] },
      'POST analytics/cashflow': { status: 200, body: [] },
      'GET fixpoint/getlast': { status: 200, body: null },
      'POST budget/get': {
        status: 200,
        body: { month: '2026-11', currency: 'EUR', daysLeft: 1, items: [], unconverted: [] },
      },
      'POST schedule/confirm/7': { status: 200, body: { kind: 'transaction', id: 101 } },
    });
    renderApp('/private/dashboard');
    const card = await screen.findByTestId('upcoming-card');
    const items = await within(card).findAllByTestId('upcoming-item');
    expect(calls.find((c) => c.key === 'POST schedule/upcoming')?.body).toEqual({ days: 30 });
    expect(within(card).getByText('2 due, and the next 30 days')).toBeTruthy();
    expect(within(card).getByText('1 000.00 €, $20.00')).toBeTruthy();
    expect(items.map((i) => i.getAttribute('data-due'))).toEqual(['true', 'true', 'false']);
    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('Due')).toBeTruthy();
    expect(within(first).getByText('2026.11.27.')).toBeTruthy();
    expect(within(first).getByText('- 950.00 €')).toBeTruthy();
    expect(first.querySelector('[data-figure="balance-after"]')?.textContent).toBe('Available after: 50.00 €');
    expect(within(second).getByText('Amount asked on confirm')).toBeTruthy();
    expect(third.querySelector('[data-figure="balance-after"]')?.textContent).toBe(
      'Available after: - 50.00 €, $130.00',
    );
    expect(within(third).queryByRole('button', { name: /^Confirm/ })).toBeNull();

    fireEvent.click(within(first).getByRole('button', { name: 'Confirm Flat rent of 2026.11.27.' }));
    expect(await screen.findByText('Transaction added')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.key === 'POST schedule/upcoming').length).toBeGreaterThan(1));
  });
});

describe('make this a schedule', () => {
  beforeEach(() => setToken(fakeToken()));

  it('opens the new-schedule form from a transaction, prefilled with its values and day', async () => {
    const time = new Date(2026, 10, 12, 18, 30).toISOString();
    const calls = stubApi({
      ...base([]),
      'GET transaction/getbyid/55': {
        status: 200,
        body: {
          id: 55,
          isIncome: true,
          amount: 300,
          currency: 'USD',
          categoryId: 4,
          description: 'Ann pays back',
          time,
          categType: 'loan',
          type: null,
          rowType: 'loan',
        },
      },
      'GET fixpoint/getlast': { status: 200, body: null },
      'POST schedule/add': { status: 200, body: rent },
    });
    const router = renderApp('/private/edit-transaction/55');
    fireEvent.click(await screen.findByRole('link', { name: 'Make this a schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New schedule' });
    expect(router.state.location.pathname).toBe('/private/manage/schedules');
    await within(dialog).findByRole('combobox', { name: /^Category/ });
    expect(within(dialog).getByRole('combobox', { name: /^Kind/ })).toHaveProperty('value', 'Loan');
    expect(within(dialog).getByRole('combobox', { name: /^Category/ })).toHaveProperty('value', 'Lent to Ann');
    expect(field(dialog, 'Amount').value).toBe('300');
    expect(field(dialog, 'Description').value).toBe('Ann pays back');
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Starts on/).value).toBe('2026-11-12');
    expect(field(dialog, 'Day of the month').value).toBe('12');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add schedule' }));
    expect(await screen.findByText('Schedule added')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST schedule/add')?.body).toMatchObject({
      rule: 'FREQ=MONTHLY;BYMONTHDAY=12',
      start: '2026-11-12',
      payload: { kind: 'transaction', amount: '300', currency: 'USD', categoryId: 4, isIncome: true },
    });
    // The form closed, and the URL lost its prefill.
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
