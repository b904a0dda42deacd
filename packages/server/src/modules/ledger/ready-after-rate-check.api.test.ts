import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';

// Start-up checks whether the stored main values follow the current rates and records the rate
// table it checked against. The app is ready only after that write: a test (or a load balancer)
// that sees it ready sees no start-up write land later (a snapshot of the tables taken at ready
// once found the record appearing under it, on PostgreSQL in CI).
describeEachDatabase('the app is ready after its rate check', (ctx) => {
  it('has recorded the rate table the values follow when ready() resolves', async () => {
    await ctx.app.ready();
    const row = await ctx.database.db
      .selectFrom('ledger_meta')
      .select('value')
      .where('key', '=', 'main-values-rates')
      .executeTakeFirst();
    expect(row?.value).toMatch(/\|/);
  });
});
