import type { AdminInviteResponse, AdminUser, AdminWaitlistEntry, CreatedApiToken } from '@kassa/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { TestClient } from '../../test/client.js';
import { TEST_JWT_SECRET, testConfig } from '../../test/config.js';
import type { ApiContext } from '../../test/harness.js';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, okJson } from '../../test/ledger.js';
import { SmtpListener, type ReceivedMail } from '../../test/smtp-listener.js';
import { snapshotTables } from '../../test/snapshot.js';

const smtp = new SmtpListener();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

const PASSWORD = 'Admin-pass-123';

/** A mail's text with quoted-printable undone (soft line breaks, =3D). */
const textOf = (mail: ReceivedMail | undefined): string =>
  (mail?.raw ?? '')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The requests of every admin route, with ids that exist. */
const adminRequests = (userId: number) =>
  [
    ['GET', '/api/admin/users', undefined],
    ['GET', '/api/admin/waitlist', undefined],
    ['POST', '/api/admin/invite', { email: 'someone-new@example.com' }],
    ['POST', `/api/admin/approve/${userId}`, undefined],
    ['POST', `/api/admin/disable/${userId}`, undefined],
    ['POST', `/api/admin/enable/${userId}`, undefined],
  ] as const;

async function signedIn(ctx: ApiContext, email: string, password = PASSWORD): Promise<TestClient> {
  const client = ctx.client();
  await client.login(email, password);
  return client;
}

/** Signs up through the API and verifies the e-mail with the code the database holds; the client keeps the token. */
async function signedUpAndVerified(ctx: ApiContext, email: string): Promise<{ client: TestClient; userId: number }> {
  const client = ctx.client();
  client.token = okJson<{ token: string }>(
    await client.post('/api/account/signup', { email, password: PASSWORD, password2: PASSWORD }),
  ).token;
  const user = await ctx.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const { code } = await ctx.database.db
    .selectFrom('email_codes')
    .select('code')
    .where('user_id', '=', user.id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  client.token = okJson<{ token: string }>(await client.post(`/api/account/verify-email/${code}`)).token;
  return { client, userId: user.id };
}

describeEachDatabase(
  'the admin page',
  (ctx) => {
    let admin: TestClient;
    let adminId: number;
    let member: { id: number };
    let demo: { id: number };
    beforeAll(async () => {
      adminId = (await ctx.createUser({ email: 'admin@example.com', password: PASSWORD, role: 'ADMIN' })).id;
      member = await ctx.createUser({ email: 'member@example.com', password: PASSWORD, firstName: 'Mem' });
      demo = await ctx.createUser({ email: 'demo@example.com', password: PASSWORD, role: 'DEMO' });
      admin = await signedIn(ctx, 'admin@example.com');
    });

    it('refuses every admin route to a member (403 forbidden), the demo (403 demo), API tokens and strangers, writing nothing', async () => {
      const normal = await signedIn(ctx, 'member@example.com');
      const demoClient = await signedIn(ctx, 'demo@example.com');
      const adminToken = okJson<CreatedApiToken>(
        await admin.post('/api/account/tokens', { name: 'script', scope: 'read-write' }),
      ).token;
      const stranger = ctx.client();
      const before = await snapshotTables(ctx.database);
      for (const [method, url, body] of adminRequests(member.id)) {
        const asMember = await normal.request(method, url, body);
        expectError(asMember, 403, 'Only an administrator');
        expect(asMember.json<{ type: string }>().type).toBe('forbidden');
        const asDemo = await demoClient.request(method, url, body);
        expect(asDemo.statusCode).toBe(403);
        expect(asDemo.json<{ type: string }>().type).toBe('demo');
        expectError(await stranger.request(method, url, body), 401);
        const withToken = await ctx.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${adminToken}` },
          ...(body === undefined ? {} : { payload: body }),
        });
        expectError(withToken, 403, 'An API token cannot');
      }
      expect(await snapshotTables(ctx.database)).toEqual(before);
    });

    it('lists every user, oldest first, without credentials', async () => {
      const users = okJson<AdminUser[]>(await admin.get('/api/admin/users'));
      expect(users.map((u) => [u.email, u.role])).toEqual(
        expect.arrayContaining([
          ['admin@example.com', 'ADMIN'],
          ['member@example.com', 'NORMAL'],
          ['demo@example.com', 'DEMO'],
        ]),
      );
      const listed = users.find((u) => u.id === member.id);
      expect(listed).toMatchObject({
        firstName: 'Mem',
        emailVerified: true,
        referralOk: true,
        regComplete: true,
        waiting: false,
        disabledAt: null,
      });
      expect(JSON.stringify(users)).not.toMatch(/password|argon2/i);
      expect(users.map((u) => u.id)).toEqual([...users.map((u) => u.id)].sort((a, b) => a - b));
    });

    it('invites an address by mail: the link leads to the sign-up, which then skips the referral step', async () => {
      const res = await admin.post('/api/admin/invite', { email: ' Friend@Example.COM ' });
      expect(res.statusCode).toBe(201);
      const invited = res.json<AdminInviteResponse>();
      expect(invited).toEqual({
        email: 'friend@example.com',
        code: expect.stringMatching(/^[A-Z2-9]{10}$/) as unknown,
      });
      const mail = textOf(smtp.lastTo('friend@example.com'));
      expect(mail).toContain('http://kassa.test/public/signup?email=friend%40example.com');
      expect(mail).toContain(`referral code ${invited.code}`);

      const { client } = await signedUpAndVerified(ctx, 'friend@example.com');
      expect(okJson<{ referralOk: boolean; role: string }>(await client.get('/api/account/userinfo'))).toMatchObject({
        referralOk: true,
        role: 'NORMAL',
      });
      // The address has an account now; an unusable address is a 400.
      expectError(
        await admin.post('/api/admin/invite', { email: 'friend@example.com' }),
        409,
        'already has an account',
      );
      expectError(await admin.post('/api/admin/invite', { email: 'not-an-address' }), 400, 'email');
    });

    it('approves a waitlisted user: a mailed code and link to the referral step, which admits them', async () => {
      const { client, userId } = await signedUpAndVerified(ctx, 'waiting@example.com');
      expect(okJson<{ referralOk: boolean }>(await client.get('/api/account/userinfo')).referralOk).toBe(false);
      expect((await client.post('/api/account/waitlistme')).statusCode).toBe(204);
      const waiting = okJson<AdminWaitlistEntry[]>(await admin.get('/api/admin/waitlist'));
      expect(waiting).toContainEqual(
        expect.objectContaining({ userId, email: 'waiting@example.com', approvedAt: null, admitted: false }),
      );
      expect(okJson<AdminUser[]>(await admin.get('/api/admin/users')).find((u) => u.id === userId)?.waiting).toBe(true);

      // Only people on the waitlist: a member's id, an unknown id.
      expectError(await admin.post(`/api/admin/approve/${member.id}`), 404);
      expectError(await admin.post('/api/admin/approve/999999'), 404);
      expectError(await admin.post('/api/admin/approve/abc'), 400);

      const approved = okJson<AdminWaitlistEntry>(await admin.post(`/api/admin/approve/${userId}`));
      expect(approved).toMatchObject({ userId, admitted: false, approvedAt: expect.any(String) as unknown });
      const mail = textOf(smtp.lastTo('waiting@example.com'));
      const code = /verify-referral\?code=([A-Z2-9]{10})/.exec(mail)?.[1] ?? '';
      expect(mail).toContain(`http://kassa.test/public/register/verify-referral?code=${code}`);

      client.token = okJson<{ token: string }>(await client.post(`/api/account/verify-referral/${code}`)).token;
      expect(okJson<{ referralOk: boolean }>(await client.get('/api/account/userinfo')).referralOk).toBe(true);
      expect(
        okJson<AdminWaitlistEntry[]>(await admin.get('/api/admin/waitlist')).find((w) => w.userId === userId)?.admitted,
      ).toBe(true);
      expectError(await admin.post(`/api/admin/approve/${userId}`), 409, 'already admitted');
    });

    it('disables a user: sign-in refused, sessions and API tokens stop at once; enabling lets them back', async () => {
      const target = await ctx.createUser({ email: 'leaving@example.com', password: PASSWORD });
      const browser = await signedIn(ctx, 'leaving@example.com');
      const token = okJson<CreatedApiToken>(
        await browser.post('/api/account/tokens', { name: 'script', scope: 'read' }),
      ).token;
      const script = () =>
        ctx.app.inject({ method: 'GET', url: '/api/pocket/getall', headers: { authorization: `Bearer ${token}` } });
      expect((await script()).statusCode).toBe(200);

      const disabled = okJson<AdminUser>(await admin.post(`/api/admin/disable/${target.id}`));
      expect(disabled).toMatchObject({ id: target.id, disabledAt: expect.any(String) as unknown });
      expectError(await browser.get('/api/pocket/getall'), 401);
      expectError(await script(), 401, 'disabled');
      const login = await ctx.client().post('/api/auth/login', { email: 'leaving@example.com', password: PASSWORD });
      expectError(login, 403, 'disabled');
      // A wrong password still says only that.
      expectError(
        await ctx.client().post('/api/auth/login', { email: 'leaving@example.com', password: 'wrong-password' }),
        401,
        'Wrong e-mail or password',
      );
      expect(
        await ctx.database.db.selectFrom('sessions').where('user_id', '=', target.id).select('id').execute(),
      ).toEqual([]);
      // Again: nothing changes.
      expect(okJson<AdminUser>(await admin.post(`/api/admin/disable/${target.id}`)).disabledAt).toBe(
        disabled.disabledAt,
      );

      const enabled = okJson<AdminUser>(await admin.post(`/api/admin/enable/${target.id}`));
      expect(enabled.disabledAt).toBeNull();
      expect((await script()).statusCode).toBe(200);
      // The old session stays ended; a new sign-in works.
      expectError(await browser.get('/api/pocket/getall'), 401);
      expect((await (await signedIn(ctx, 'leaving@example.com')).get('/api/pocket/getall')).statusCode).toBe(200);
    });

    it('does not disable the admin themself, the demo, or an unknown id', async () => {
      const before = await snapshotTables(ctx.database);
      expectError(await admin.post(`/api/admin/disable/${adminId}`), 409, 'your own account');
      expectError(await admin.post(`/api/admin/disable/${demo.id}`), 409, 'Demo visitors cannot be disabled');
      expectError(await admin.post('/api/admin/disable/999999'), 404);
      expectError(await admin.post('/api/admin/enable/999999'), 404);
      expectError(await admin.post('/api/admin/disable/0'), 400);
      expect(await snapshotTables(ctx.database)).toEqual(before);
      expect((await admin.get('/api/admin/users')).statusCode).toBe(200);
    });

    it('stores nothing when the invitation mail cannot be sent', async () => {
      const broken = await buildApp({
        config: testConfig({ mail: { ...ctx.config.mail, smtpUrl: 'smtp://127.0.0.1:9?ignoreTLS=true' } }),
        database: ctx.database,
        jwtSecret: TEST_JWT_SECRET,
        logger: false,
      });
      try {
        const client = new TestClient(broken);
        await client.login('admin@example.com', PASSWORD);
        const before = await ctx.database.db.selectFrom('referral_codes').select('code').execute();
        const res = await client.post('/api/admin/invite', { email: 'lost@example.com' });
        expectError(res, 503, 'could not be sent');
        expect(await ctx.database.db.selectFrom('referral_codes').select('code').execute()).toEqual(before);
      } finally {
        await broken.close();
      }
    });
  },
  () => ({ mail: { ...testConfig().mail, smtpUrl: smtp.url() } }),
);
