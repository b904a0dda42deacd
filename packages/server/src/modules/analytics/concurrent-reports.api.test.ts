import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { okJson } from '../../test/ledger.js';

// Reports store what they compute (monthly main-currency roll-ups, kept balance-history points).
// Several reports of one user at once, after writes, must all answer: on PostgreSQL two of them
// rebuilt the same month or the same points side by side and the second broke the first's unique
// key (409 "It already exists"), found by `npm run load`.

describeEachDatabase('reports of one user at the same time', (ctx) => {
  it('all answer 200, after every round of writes', async () => {
    await ctx.createUser({ email: 'busy@example.com', password: 'password-1', mainCurrency: 'EUR' });
    const client = ctx.client();
    await client.login('busy@example.com', 'password-1');
    okJson(await client.post('/api/currency/add', { currency: 'USD' }));
    const expense = okJson<{ id: number; name: string }[]>(await client.get('/api/category/getall')).find(
      (c) => c.name === 'Other expense',
    );
    const interval = { start: '2026-01-01T00:00:00Z', end: '2026-11-20T23:59:59.999Z' };
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 5; i++)
        okJson(
          await client.post('/api/transaction/add', {
            amount: 10 + i,
            currency: i % 2 === 0 ? 'EUR' : 'USD',
            categoryId: expense?.id,
            time: `2026-0${1 + ((round + i) % 9)}-1${i}T10:00:00Z`,
            description: `round ${round}`,
          }),
        );
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          i % 3 === 0
            ? client.post('/api/analytics/balance-history', interval)
            : i % 3 === 1
              ? client.post('/api/analytics/oneperiod', { interval, direction: false })
              : client.post('/api/analytics/cashflow', interval),
        ),
      );
      expect(answers.map((a) => `${a.statusCode} ${a.statusCode === 200 ? '' : a.body}`)).toEqual(
        answers.map(() => '200 '),
      );
    }
  });
});
