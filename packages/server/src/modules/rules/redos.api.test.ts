import type { ImportPreview } from '@kassa/contract';
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { describeEachDatabase } from '../../test/harness.js';
import { newUser, okJson } from '../../test/ledger.js';
import { multipart } from '../../test/upload.js';
import { RulesRepository } from './repository.js';

// Issue 31's repro, through the whole server: a rule `(a+)+$` and a statement row whose text is
// 40 × "a" then "!" made a backtracking engine take 2^40 steps, and the event loop with it, so no
// user got an answer. Under RE2 the preview answers, and the server goes on answering.

interface CategoryDto {
  id: number;
}
interface PocketDto {
  pocketId: number;
}

/** A preview of the CSV rows (date, payee, description, amount) into the user's first pocket. */
async function preview(client: TestClient, rows: string[][]): Promise<ImportPreview> {
  const [pocket] = okJson<PocketDto[]>(await client.get('/api/pocket/getall'));
  const content = ['Date,Payee,Description,Amount', ...rows.map((r) => r.join(','))].join('\n');
  const { payload, extra } = await multipart({ name: 'statement.csv', content }, { pocketId: pocket?.pocketId });
  return okJson<ImportPreview>(await client.post('/api/import/preview', payload, extra));
}

describeEachDatabase('ReDoS: regex rules run in linear time', (ctx) => {
  it('previews a row of 40 × "a" + "!" against the rule (a+)+$ and keeps answering', async () => {
    const { client } = await newUser(ctx, 'redos@example.com');
    const food = okJson<CategoryDto>(
      await client.post('/api/category/add', { name: 'Food', type: 'real', isIncome: false }),
    );
    const rule = okJson<{ id: number }>(
      await client.post('/api/rule/add', { match: 'regex', pattern: '(a+)+$', categoryId: food.id }),
    );
    okJson(await client.post('/api/rule/add', { match: 'regex', pattern: '(.*a){20}$', categoryId: food.id }));

    const started = performance.now();
    const shown = await preview(client, [
      ['2026-03-02', `${'a'.repeat(40)}!`, '', '-1.00'],
      ['2026-03-03', 'b', `${'a'.repeat(997)}!`, '-2.00'], // the whole 1000 characters a rule sees
      ['2026-03-04', 'aaaa', '', '-3.00'],
      ['2026-03-05', 'REWE Markt', 'Card payment', '-4.00'],
    ]);
    // Generous on a shared machine; a backtracking engine would not answer at all.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(shown.rows.map((r) => [r.categoryId, r.ruleId ?? null])).toEqual([
      [null, null],
      [null, null],
      [food.id, rule.id],
      [null, null],
    ]);
    // The stored rule does not stall the next preview either, and the server answers others.
    expect((await preview(client, [['2026-03-06', `${'a'.repeat(40)}!`, '', '-1.00']])).rows).toHaveLength(1);
    expect((await ctx.client().get('/api/health')).statusCode).toBe(200);
  });

  it('never matches a stored rule RE2 refuses, and the rules after it still do', async () => {
    const { client, userId } = await newUser(ctx, 'redos-stored@example.com');
    const food = okJson<CategoryDto>(
      await client.post('/api/category/add', { name: 'Food', type: 'real', isIncome: false }),
    );
    // Stored before rules ran in RE2: a backreference and a lookahead, both tried first.
    const rules = new RulesRepository(ctx.database.db);
    const stored = { match: 'regex' as const, categoryId: food.id, currency: null, minAmount: null, maxAmount: null };
    await rules.insert(userId, { ...stored, pattern: '(a)\\1', position: 0 }, Date.now());
    await rules.insert(userId, { ...stored, pattern: '(?=a)a', position: 0 }, Date.now());
    const fallback = okJson<{ id: number }>(
      await client.post('/api/rule/add', { match: 'contains', pattern: 'aa', categoryId: food.id }),
    );
    const shown = await preview(client, [['2026-03-02', 'aa', '', '-1.00']]);
    expect(shown.rows.map((r) => r.ruleId)).toEqual([fallback.id]);
  });
});
