import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';

describeEachDatabase('health and unknown endpoints', (ctx) => {
  it('GET /api/health reports ok and the product version', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', version: '1.10.8' });
  });

  it('answers unknown API paths with a 404 error body', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ type: 'not_found', message: 'No such endpoint: GET /api/nope' });
  });
});
