import type { TestClient } from './client.js';
import type { ApiContext } from './harness.js';
import { newUser, okJson } from './ledger.js';

/** The ids of the sample books' categories. */
export interface SampleBooks {
  client: TestClient;
  userId: number;
  food: number;
  salary: number;
  loan: number;
  shop: number;
  external: number;
}

/**
 * A category name hledger could misread: a colon and a semicolon. (Two spaces, which would end an
 * hledger account name, no longer reach a stored name: text cleaning makes a run of spaces one;
 * hledger-format.test.ts keeps that case for names stored before.)
 */
export const TRICKY_FOOD = 'Food: out; side';

/**
 * Books in EUR with USD and JPY on several days of March 2024 (bundled ECB rates, a Saturday
 * included): real income and expenses, a loan, a business with invest, pnl both ways and
 * realize, an external, a conversion, and fixpoints with errors in every currency.
 */
export async function sampleBooks(ctx: ApiContext, email: string): Promise<SampleBooks> {
  const { client, userId } = await newUser(ctx, email, 'EUR');
  okJson(await client.post('/api/currency/add', { currency: 'USD' }));
  okJson(await client.post('/api/currency/add', { currency: 'JPY' }));
  const pockets = okJson<{ pocketId: number; currency: string }[]>(await client.get('/api/pocket/getall'));
  const fix = async (time: string, balances: Record<string, number>) =>
    okJson(
      await client.post(
        `/api/fixpoint/set?time=${time}`,
        pockets.map((p) => ({ pocketId: p.pocketId, balance: balances[p.currency] ?? 0 })),
      ),
    );
  await fix('2024-03-01T00:00:00Z', { EUR: 1000, USD: 100, JPY: 10000 });
  const cats = okJson<{ id: number; name: string }[]>(await client.get('/api/category/getall'));
  const builtIn = (name: string) => cats.find((c) => c.name === name)?.id ?? 0;
  const add = async (body: object) => okJson<{ id: number }>(await client.post('/api/category/add', body)).id;
  const books: SampleBooks = {
    client,
    userId,
    food: await add({ name: TRICKY_FOOD, type: 'real', isIncome: false }),
    salary: await add({ name: 'Salary', type: 'real', isIncome: true }),
    loan: await add({ name: 'Bob', type: 'loan' }),
    shop: await add({ name: 'Shop', type: 'business' }),
    external: builtIn('Untracked accounts'),
  };
  const t = async (time: string, currency: string, amount: number | string, categoryId: number, extra: object = {}) =>
    okJson(await client.post('/api/transaction/add', { time, currency, amount, categoryId, ...extra }));
  await t('2024-03-04T09:00:00Z', 'EUR', 2000, books.salary, { description: 'March; salary' });
  await t('2024-03-04T12:00:00Z', 'USD', 12.34, books.food, { description: 'Lunch, "quoted"\nsecond line' });
  await t('2024-03-05T12:00:00Z', 'JPY', 1500, books.food, { description: '*sushi (tokyo' });
  await t('2024-03-05T15:00:00Z', 'USD', 50, books.loan, { isIncome: false });
  await t('2024-03-05T16:00:00Z', 'EUR', 300, books.shop, { isIncome: false, type: 'invest' });
  await t('2024-03-06T12:00:00Z', 'EUR', 45.67, books.food);
  await t('2024-03-06T13:00:00Z', 'USD', 25.5, books.shop, { isIncome: true, type: 'pnl' });
  okJson(
    await client.post('/api/conversion/add', {
      fromAmount: 200,
      fromCurrency: 'EUR',
      toAmount: 215.3,
      toCurrency: 'USD',
      time: '2024-03-06T18:00:00Z',
      description: 'ATM',
    }),
  );
  await t('2024-03-07T15:00:00Z', 'USD', 20, books.loan, { isIncome: true });
  await t('2024-03-07T16:00:00Z', 'JPY', 3000, books.shop, { isIncome: false, type: 'pnl' });
  await t('2024-03-08T10:00:00Z', 'EUR', 40, books.shop, { isIncome: true, type: 'realize' });
  await t('2024-03-08T11:00:00Z', 'EUR', 10, books.external, { isIncome: true });
  await t('2024-03-09T12:00:00Z', 'USD', 7.89, books.food); // a Saturday: Friday's rate
  // At the fixpoint's instant: before it (DESIGN §4).
  await t('2024-03-10T00:00:00Z', 'EUR', 1.5, books.food);
  await fix('2024-03-10T00:00:00Z', { EUR: 2400, USD: 250, JPY: 5000 });
  await t('2024-03-11T08:00:00Z', 'EUR', 5, books.food);
  return books;
}
