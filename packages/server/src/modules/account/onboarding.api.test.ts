import type { ImportPreview, OnboardingResponse } from '@kassa/contract';
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { describeEachDatabase, type ApiContext } from '../../test/harness.js';
import { expectError, okJson } from '../../test/ledger.js';
import { snapshotTables } from '../../test/snapshot.js';
import { multipart } from '../../test/upload.js';
import { hashPassword } from '../auth/passwords.js';
import { UsersRepository } from '../users/repository.js';

interface CategoryDto {
  id: number;
  name: string;
  type: string;
  isIncome: boolean | null;
  isBuiltIn: boolean;
}

/** A user who verified the e-mail and the referral, standing at the initial-data step. */
async function atInitialData(ctx: ApiContext, email: string): Promise<TestClient> {
  await new UsersRepository(ctx.database.db).insert({
    email,
    passwordHash: await hashPassword('password-123'),
    firstName: '',
    lastName: '',
    mainCurrency: null,
    role: 'NORMAL',
    createdAt: Date.now(),
    emailVerified: true,
    referralOk: true,
    regComplete: false,
  });
  const client = ctx.client();
  await client.login(email, 'password-123');
  return client;
}

const BASE = { firstName: 'Nora', mainCurrency: 'EUR', startBalance: '100' };

const doneOf = async (client: TestClient) =>
  Object.fromEntries(
    okJson<OnboardingResponse>(await client.get('/api/account/onboarding')).steps.map((s) => [s.key, s.done]),
  );

describeEachDatabase('initial data: starter categories; the onboarding checklist', (ctx) => {
  it('makes the ticked starter categories with the registration, and refuses bad lists writing nothing', async () => {
    const client = await atInitialData(ctx, 'starter@example.com');
    const before = await snapshotTables(ctx.database);
    expectError(
      await client.post('/api/account/initial-data', {
        ...BASE,
        categories: [
          { name: 'Groceries', isIncome: false },
          { name: ' groceries ', isIncome: false },
        ],
      }),
      400,
      'categories.1.name: an expense category named groceries already exists',
    );
    expectError(
      await client.post('/api/account/initial-data', {
        ...BASE,
        categories: [{ name: 'Other income', isIncome: true }],
      }),
      400,
      'categories.0.name',
    );
    expectError(
      await client.post('/api/account/initial-data', { ...BASE, categories: [{ name: '  ', isIncome: true }] }),
      400,
      'categories.0.name: is required',
    );
    expectError(
      await client.post('/api/account/initial-data', { ...BASE, categories: [{ name: 'Rent' }] }),
      400,
      'categories.0.isIncome',
    );
    expectError(
      await client.post('/api/account/initial-data', {
        ...BASE,
        categories: Array.from({ length: 51 }, (_, i) => ({ name: `C${i}`, isIncome: false })),
      }),
      400,
      'categories: must hold at most 50 categories',
    );
    expect(await snapshotTables(ctx.database)).toEqual(before);

    client.token = okJson<{ token: string }>(
      await client.post('/api/account/initial-data', {
        ...BASE,
        categories: [
          { name: 'Groceries', isIncome: false },
          { name: 'Rent', isIncome: false },
          // The same name in the other direction is another category.
          { name: 'Gifts', isIncome: false },
          { name: 'Gifts', isIncome: true },
          { name: 'Salary', isIncome: true },
        ],
      }),
    ).token;
    const real = okJson<CategoryDto[]>(await client.get('/api/category/getall?type=real'));
    expect(real.filter((c) => !c.isBuiltIn).map((c) => [c.name, c.isIncome])).toEqual(
      expect.arrayContaining([
        ['Groceries', false],
        ['Rent', false],
        ['Gifts', false],
        ['Gifts', true],
        ['Salary', true],
      ]),
    );
    expect(real.filter((c) => !c.isBuiltIn)).toHaveLength(5);
    expect(real.filter((c) => c.isBuiltIn).map((c) => c.name)).toEqual(
      expect.arrayContaining(['Other expense', 'Other income']),
    );
  });

  it('still accepts the request without categories (only the system ones)', async () => {
    const client = await atInitialData(ctx, 'plain@example.com');
    client.token = okJson<{ token: string }>(await client.post('/api/account/initial-data', BASE)).token;
    const all = okJson<CategoryDto[]>(await client.get('/api/category/getall'));
    expect(all.every((c) => c.isBuiltIn)).toBe(true);
  });

  it('ticks each onboarding step from the user’s own data, and only theirs', async () => {
    const client = await atInitialData(ctx, 'steps@example.com');
    expectError(await client.get('/api/account/onboarding'), 403);
    client.token = okJson<{ token: string }>(await client.post('/api/account/initial-data', BASE)).token;
    const none = { currency: false, categories: false, transaction: false, fixpoint: false, import: false };
    expect(okJson<OnboardingResponse>(await client.get('/api/account/onboarding')).steps.map((s) => s.key)).toEqual([
      'currency',
      'categories',
      'transaction',
      'fixpoint',
      'import',
    ]);
    // Registration's own fixpoint (the start balance) does not tick the fixpoint step.
    expect(await doneOf(client)).toEqual(none);

    okJson(await client.post('/api/currency/add', { currency: 'USD', items: [] }));
    const category = okJson<{ id: number }>(
      await client.post('/api/category/add', { name: 'Groceries', type: 'real', isIncome: false }),
    );
    expect(await doneOf(client)).toEqual({ ...none, currency: true, categories: true });

    okJson(
      await client.post('/api/transaction/add', {
        amount: '12.5',
        currency: 'EUR',
        categoryId: category.id,
        description: 'Bread',
        time: new Date(Date.now() - 3_600_000).toISOString(),
      }),
    );
    const pockets = okJson<{ pocketId: number; currency: string }[]>(await client.get('/api/pocket/getall'));
    okJson(
      await client.post(
        '/api/fixpoint/set',
        pockets.map((p) => ({ pocketId: p.pocketId, balance: p.currency === 'EUR' ? '87.5' : '0' })),
      ),
    );
    expect(await doneOf(client)).toEqual({
      ...none,
      currency: true,
      categories: true,
      transaction: true,
      fixpoint: true,
    });

    const euros = pockets.find((p) => p.currency === 'EUR');
    const { payload, extra } = await multipart(
      {
        name: 'statement.csv',
        content: ['Date,Payee,Description,Amount', '2026-03-02,REWE Markt,Card payment,-23.45'].join('\n'),
      },
      { pocketId: euros?.pocketId },
    );
    const shown = okJson<ImportPreview>(await client.post('/api/import/preview', payload, extra));
    // A preview alone imports nothing.
    expect((await doneOf(client))['import']).toBe(false);
    okJson(await client.post(`/api/import/commit/${shown.batchId}`, {}));
    expect(Object.values(await doneOf(client))).toEqual([true, true, true, true, true]);

    // Another user's data ticks nothing of theirs.
    const other = await atInitialData(ctx, 'other-steps@example.com');
    other.token = okJson<{ token: string }>(await other.post('/api/account/initial-data', BASE)).token;
    expect(await doneOf(other)).toEqual(none);
  });
});
