import type { PublicConfig, RegistrationMode, UserInfo } from '@kassa/contract';
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import type { ApiContext } from '../../test/harness.js';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, okJson } from '../../test/ledger.js';
import { snapshotTables } from '../../test/snapshot.js';

const PASSWORD = 'Newcomer-pass-1';

const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as { role: unknown; ro: boolean };

async function signUp(ctx: ApiContext, email: string): Promise<TestClient> {
  const client = ctx.client();
  client.token = okJson<{ token: string }>(
    await client.post('/api/account/signup', { email, password: PASSWORD, password2: PASSWORD }),
  ).token;
  return client;
}

const infoOf = async (client: TestClient) => okJson<UserInfo>(await client.get('/api/account/userinfo'));

/** The first sign-up of an install, with the demo already there (it is made at start-up). */
function firstMemberIsAdmin(ctx: ApiContext, mode: RegistrationMode) {
  it(`admits the first member in ${mode} mode and makes them admin, the demo aside`, async () => {
    await ctx.createUser({ email: `demo-${mode}@example.com`, password: PASSWORD, role: 'DEMO' });
    expect(okJson<PublicConfig>(await ctx.client().get('/api/config')).registration).toBe(mode);
    const first = await signUp(ctx, `first-${mode}@example.com`);
    expect(await infoOf(first)).toMatchObject({ role: 'ADMIN', referralOk: true, emailVerified: false });
    expect(claimsOf(first.token ?? '')).toMatchObject({ role: ['NORMAL', 'ADMIN'], ro: true });
  });
}

describeEachDatabase(
  'REGISTRATION=open',
  (ctx) => {
    firstMemberIsAdmin(ctx, 'open');

    it('asks the next people for no referral code, and makes them no admin', async () => {
      const second = await signUp(ctx, 'second-open@example.com');
      expect(await infoOf(second)).toMatchObject({ role: 'NORMAL', referralOk: true });
      expect(claimsOf(second.token ?? '').role).toBe('NORMAL');
    });

    it('lets in, at their e-mail verification, someone who signed up while a referral was needed', async () => {
      const client = await signUp(ctx, 'earlier@example.com');
      const user = await ctx.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'earlier@example.com')
        .executeTakeFirstOrThrow();
      await ctx.database.db.updateTable('users').set({ referral_ok: 0 }).where('id', '=', user.id).execute();
      const { code } = await ctx.database.db
        .selectFrom('email_codes')
        .select('code')
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      client.token = okJson<{ token: string }>(await client.post(`/api/account/verify-email/${code}`)).token;
      expect(await infoOf(client)).toMatchObject({ emailVerified: true, referralOk: true });
    });
  },
  { registration: 'open' },
);

describeEachDatabase(
  'REGISTRATION=referral',
  (ctx) => {
    firstMemberIsAdmin(ctx, 'referral');

    it('asks the next people for a referral code', async () => {
      const second = await signUp(ctx, 'second-referral@example.com');
      expect(await infoOf(second)).toMatchObject({ role: 'NORMAL', referralOk: false });
    });
  },
  { registration: 'referral' },
);

describeEachDatabase(
  'REGISTRATION=closed',
  (ctx) => {
    firstMemberIsAdmin(ctx, 'closed');

    it('refuses a sign-up without an invitation with registration_closed, writing nothing', async () => {
      const before = await snapshotTables(ctx.database);
      const res = await ctx
        .client()
        .post('/api/account/signup', { email: 'uninvited@example.com', password: PASSWORD, password2: PASSWORD });
      expectError(res, 403, 'Registration is closed');
      expect(res.json<{ type: string }>().type).toBe('registration_closed');
      expect(await snapshotTables(ctx.database)).toEqual(before);
    });

    it('admits an address the admin invited', async () => {
      await ctx.createUser({ email: 'admin-closed@example.com', password: PASSWORD, role: 'ADMIN' });
      const admin = ctx.client();
      await admin.login('admin-closed@example.com', PASSWORD);
      expect((await admin.post('/api/admin/invite', { email: 'invited@example.com' })).statusCode).toBe(201);
      const invited = await signUp(ctx, 'invited@example.com');
      expect(await infoOf(invited)).toMatchObject({ role: 'NORMAL', referralOk: true });
    });

    it('gives members no referral codes and takes none of theirs; only an admin’s codes admit', async () => {
      const memberUser = await ctx.createUser({ email: 'member-closed@example.com', password: PASSWORD });
      const member = ctx.client();
      await member.login('member-closed@example.com', PASSWORD);
      const refused = await member.get('/api/account/getreferral');
      expectError(refused, 403, 'Registration is closed');
      expect(refused.json<{ type: string }>().type).toBe('registration_closed');

      // Someone left at the referral step from before the install was closed, with a member's
      // code from before too: only a code of an admin lets them in now.
      const waiting = await signUp(ctx, 'first-closed-waiting@example.com').catch(() => undefined);
      expect(waiting).toBeUndefined();
      const stuck = ctx.client();
      await ctx.createUser({ email: 'stuck@example.com', password: PASSWORD });
      await ctx.database.db
        .updateTable('users')
        .set({ referral_ok: 0, reg_complete: 0 })
        .where('email', '=', 'stuck@example.com')
        .execute();
      await stuck.login('stuck@example.com', PASSWORD);
      const db = ctx.database.db;
      await db
        .insertInto('referral_codes')
        .values([
          { code: 'MEMBERCODE', created_by: memberUser.id, invited_email: null, created_at: 1 },
          { code: 'ADMINCODE2', created_by: null, invited_email: null, created_at: 1 },
        ])
        .execute();
      expectError(await stuck.post('/api/account/verify-referral/MEMBERCODE'), 400, 'not a referral code');
      expect((await stuck.post('/api/account/verify-referral/ADMINCODE2')).statusCode).toBe(200);
    });
  },
  { registration: 'closed' },
);
