import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.js';

describeEachDatabase('text the database cannot store', (ctx) => {
  it('answers 400, not 500, to a NUL character that reaches the database', async () => {
    const client = ctx.client();
    const signup = await client.post('/api/account/signup', {
      email: 'nul@example.com',
      password: 'Secret-pass1',
      password2: 'Secret-pass1',
      recaptcha: 'x',
    });
    expect(signup.statusCode, signup.body).toBe(200);
    client.token = signup.json<{ token: string }>().token;

    // The code is no description or name: no text schema strips it before the query.
    const res = await client.post('/api/account/verify-email/%00abc');
    expect(res.statusCode, res.body).toBe(400);
    // PostgreSQL cannot store NUL at all; SQLite can, and simply finds no such code.
    expect(res.json()).toMatchObject(
      ctx.dialect === 'postgres'
        ? { type: 'validation', message: 'text: contains a character that cannot be stored (NUL)' }
        : { type: 'validation', message: expect.stringMatching(/^code: is wrong, already used or expired/) as unknown },
    );
  });
});
