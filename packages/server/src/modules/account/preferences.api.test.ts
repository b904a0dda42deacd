import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Preferences, UserInfo } from '@kassa/contract';
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { describeEachDatabase, type ApiContext } from '../../test/harness.js';
import { expectError, okJson } from '../../test/ledger.js';
import { snapshotTables } from '../../test/snapshot.js';

/** The mails to an address, oldest first, as the outbox holds them without SMTP. */
function mailsTo(ctx: ApiContext, email: string): string[] {
  const outbox = path.join(ctx.config.dataDir, 'outbox');
  return readdirSync(outbox)
    .sort()
    .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
    .filter((m) => m.includes(`To: ${email}\n`));
}

async function signedIn(ctx: ApiContext, email: string): Promise<{ client: TestClient; userId: number }> {
  const user = await ctx.createUser({ email, password: 'password-1', mainCurrency: 'EUR' });
  const client = ctx.client();
  await client.login(email, 'password-1');
  return { client, userId: user.id };
}

describeEachDatabase('preferences: language and display formats (issue 36)', (ctx) => {
  it('answers the defaults until chosen, stores what a request names and keeps the rest', async () => {
    const { client } = await signedIn(ctx, 'prefs@example.com');
    expect(okJson<UserInfo>(await client.get('/api/account/userinfo'))).toMatchObject({
      language: null,
      numberFormat: 'space_dot',
      dateFormat: 'yyyy.mm.dd.',
    });
    expect(okJson<Preferences>(await client.post('/api/account/preferences', { language: 'hu' }))).toEqual({
      language: 'hu',
      numberFormat: 'space_dot',
      dateFormat: 'yyyy.mm.dd.',
    });
    expect(
      okJson<Preferences>(
        await client.post('/api/account/preferences', { numberFormat: 'dot_comma', dateFormat: 'dd.mm.yyyy' }),
      ),
    ).toEqual({ language: 'hu', numberFormat: 'dot_comma', dateFormat: 'dd.mm.yyyy' });
    expect(okJson<UserInfo>(await client.get('/api/account/userinfo'))).toMatchObject({
      language: 'hu',
      numberFormat: 'dot_comma',
      dateFormat: 'dd.mm.yyyy',
    });
  });

  it('refuses values it does not know, naming the field, and writes nothing', async () => {
    const { client } = await signedIn(ctx, 'bad-prefs@example.com');
    const before = await snapshotTables(ctx.database);
    expectError(
      await client.post('/api/account/preferences', { language: 'it' }),
      400,
      'language: must be one of en, de, hu, fr, es',
    );
    expectError(
      await client.post('/api/account/preferences', { language: 'de', numberFormat: '1.234,56' }),
      400,
      'numberFormat: must be one of space_dot, comma_dot, dot_comma, space_comma, apostrophe_dot',
    );
    expectError(
      await client.post('/api/account/preferences', { dateFormat: 'dd-mm-yy' }),
      400,
      'dateFormat: must be one of yyyy.mm.dd., yyyy-mm-dd, dd.mm.yyyy, dd/mm/yyyy, mm/dd/yyyy',
    );
    expect((await client.post('/api/account/preferences', { theme: 'dark' })).statusCode).toBe(400);
    expect(await snapshotTables(ctx.database)).toEqual(before);
    expect((await ctx.client().post('/api/account/preferences', { language: 'de' })).statusCode).toBe(401);
  });

  it('mails the verification code in the language the sign-up page was in', async () => {
    await ctx.createUser({ email: 'first-member@example.com', password: 'password-1' });
    const client = ctx.client();
    const { token } = okJson<{ token: string }>(
      await client.post('/api/account/signup', {
        email: 'neu@example.com',
        password: 'Secret-pass1',
        password2: 'Secret-pass1',
        language: 'de',
      }),
    );
    client.token = token;
    expect(okJson<UserInfo>(await client.get('/api/account/userinfo')).language).toBe('de');
    const mail = mailsTo(ctx, 'neu@example.com').at(-1) ?? '';
    expect(mail).toContain('Subject: Dein Kassa-Bestätigungscode');
    expect(mail).toMatch(/Dein Kassa-Bestätigungscode lautet \d{6}/);
  });

  it("mails a reset link in the person's language, and English to one who chose none", async () => {
    const { client } = await signedIn(ctx, 'magyar@example.com');
    await client.post('/api/account/preferences', { language: 'hu' });
    await signedIn(ctx, 'plain@example.com');
    for (const email of ['magyar@example.com', 'plain@example.com'])
      expect((await ctx.client().post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
    await ctx.app.afterAnswers.settled();
    expect(mailsTo(ctx, 'magyar@example.com').at(-1)).toContain('Subject: Kassa jelszavad visszaállítása');
    expect(mailsTo(ctx, 'plain@example.com').at(-1)).toContain('Subject: Reset your Kassa password');
  });

  it("mails a book invitation in the invitee's language, or the inviter's to someone new", async () => {
    const owner = await signedIn(ctx, 'proprio@example.com');
    await owner.client.post('/api/account/preferences', { language: 'fr' });
    const invitee = await signedIn(ctx, 'gast@example.com');
    await invitee.client.post('/api/account/preferences', { language: 'es' });
    for (const email of ['gast@example.com', 'nouveau@example.com'])
      expect((await owner.client.post('/api/book/invite', { email, role: 'viewer' })).statusCode).toBe(201);
    expect(mailsTo(ctx, 'gast@example.com').at(-1)).toContain('te invita a su contabilidad de Kassa como lector');
    const newcomer = mailsTo(ctx, 'nouveau@example.com').at(-1) ?? '';
    expect(newcomer).toContain('vous invite dans sa comptabilité Kassa en tant que lecteur');
    expect(newcomer).toContain('Nouveau sur Kassa ?');
  });
});
