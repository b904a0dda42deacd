import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { TestClient } from '../../test/client.js';
import { TEST_JWT_SECRET, testConfig } from '../../test/config.js';
import { describeEachDatabase, type ApiContext } from '../../test/harness.js';
import { expectError, okJson } from '../../test/ledger.js';
import { SmtpListener, type ReceivedMail } from '../../test/smtp-listener.js';
import { snapshotTables } from '../../test/snapshot.js';
import { FORGOT_PASSWORD_ANSWER } from './password-reset.js';

// Issue 31: with SMTP down a sign-up answered 500 but kept the account, so the retry got 409
// "already exists" and resend claimed a mail had just been sent. Now nothing of a sign-up whose
// mail could not go out is kept, and a resend that could not send counts as none.

const smtp = new SmtpListener();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

const PASSWORD = 'Secret-pass1';
const MAIL_DOWN = 'The verification e-mail could not be sent; try again in a few minutes';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const verificationMailsTo = (address: string): ReceivedMail[] =>
  smtp.received.filter((m) => m.to.includes(address) && m.raw.includes('Subject: Your Kassa verification code'));
const codeIn = (mail: ReceivedMail | undefined) => /verification code is (\d{6})/.exec(mail?.raw ?? '')?.[1] ?? '';
const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

function signup(client: TestClient, email: string): Promise<LightMyRequestResponse> {
  return client.post('/api/account/signup', { email, password: PASSWORD, password2: PASSWORD, recaptcha: 'x' });
}

/** The 503 of a mail that could not be sent: our message only, nothing of the SMTP error or a stack. */
function expectMailDown(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.json()).toEqual({ type: 'unavailable', message: MAIL_DOWN });
}

/** Runs `body` with the SMTP listener stopped (connections refused), and starts it again on the same port. */
async function withSmtpStopped(body: () => Promise<void>): Promise<void> {
  await smtp.stop();
  try {
    await body();
  } finally {
    await smtp.start();
  }
}

/** Runs `body` with the SMTP listener up but answering 451 to every mail. */
async function withSmtpRefusing(body: () => Promise<void>): Promise<void> {
  smtp.refusing = true;
  try {
    await body();
  } finally {
    smtp.refusing = false;
  }
}

/** Waits for the n-th verification mail to the address, then a little longer to see that no other comes. */
async function exactlyVerificationMails(address: string, n: number): Promise<ReceivedMail[]> {
  for (let i = 0; i < 100 && verificationMailsTo(address).length < n; i++) await sleep(50);
  await sleep(300);
  const mails = verificationMailsTo(address);
  expect(mails).toHaveLength(n);
  return mails;
}

describeEachDatabase(
  'sign-up while the mail server is down (issue 31)',
  (ctx: ApiContext) => {
    beforeAll(async () => {
      // The sign-ups below are not the install's first (that case has a suite of its own).
      await ctx.createUser({ email: `member@${ctx.dialect}.example.com`, password: PASSWORD });
      await ctx.createUser({ email: `admin@${ctx.dialect}.example.com`, password: PASSWORD, role: 'ADMIN' });
    });

    it('refuses a sign-up it cannot mail with a 503 and keeps nothing; the retry works once SMTP is back', async () => {
      const email = `stopped@${ctx.dialect}.example.com`;
      const before = await snapshotTables(ctx.database);
      await withSmtpStopped(async () => {
        expectMailDown(await signup(ctx.client(), email));
        // Trying again while it is still down: the same 503, not 409 "already exists".
        expectMailDown(await signup(ctx.client(), email));
        expect(await snapshotTables(ctx.database)).toEqual(before);
      });

      const client = ctx.client();
      client.token = okJson<{ token: string }>(await signup(client, email)).token;
      const [mail] = await exactlyVerificationMails(email, 1);
      const verified = okJson<{ token: string }>(await client.post(`/api/account/verify-email/${codeIn(mail)}`));
      expect(claims(verified.token)).toMatchObject({ ev: true });
    });

    it('keeps an invitation unused when the mail server refuses the sign-up, so the retry is still invited', async () => {
      const admin = ctx.client();
      await admin.login(`admin@${ctx.dialect}.example.com`, PASSWORD);
      const email = `invited@${ctx.dialect}.example.com`;
      expect((await admin.post('/api/admin/invite', { email })).statusCode).toBe(201);
      const before = await snapshotTables(ctx.database);

      await withSmtpRefusing(async () => {
        expectMailDown(await signup(ctx.client(), email));
        expect(await snapshotTables(ctx.database)).toEqual(before);
      });

      const client = ctx.client();
      const { token } = okJson<{ token: string }>(await signup(client, email));
      // The invitation's code did its work: no referral step.
      expect(claims(token)).toMatchObject({ ev: false, ro: true });
      await exactlyVerificationMails(email, 1);
    });

    it('makes a resend that could not send count as none: no "just sent" wait, and one mail once SMTP is back', async () => {
      const email = `resend@${ctx.dialect}.example.com`;
      const client = ctx.client();
      client.token = okJson<{ token: string }>(await signup(client, email)).token;
      const [first] = await exactlyVerificationMails(email, 1);
      const user = await ctx.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      // A minute has passed since that mail, so a resend is due.
      await ctx.database.db
        .updateTable('email_codes')
        .set((eb) => ({ created_at: eb('created_at', '-', 61_000) }))
        .where('user_id', '=', user.id)
        .execute();
      const codesBefore = await ctx.database.db
        .selectFrom('email_codes')
        .selectAll()
        .where('user_id', '=', user.id)
        .execute();

      await withSmtpStopped(async () => {
        expectMailDown(await client.post('/api/account/resend-email'));
        expectMailDown(await client.post('/api/account/resend-email'));
      });
      // Nothing was sent, so nothing changed: the mailed code still works.
      expect(
        await ctx.database.db.selectFrom('email_codes').selectAll().where('user_id', '=', user.id).execute(),
      ).toEqual(codesBefore);

      expect((await client.post('/api/account/resend-email')).statusCode).toBe(204);
      const [, second] = await exactlyVerificationMails(email, 2);
      // The mail that went out counts: the next resend waits for it, and only its code works.
      expectError(await client.post('/api/account/resend-email'), 429, 'A mail was sent moments ago');
      const live = await ctx.database.db
        .selectFrom('email_codes')
        .select('code')
        .where('user_id', '=', user.id)
        .where('used_at', 'is', null)
        .execute();
      expect(live).toEqual([{ code: codeIn(second) }]);
      expect(codesBefore.map((c) => c.code)).toEqual([codeIn(first)]);
      okJson(await client.post(`/api/account/verify-email/${codeIn(second)}`));
    });

    it('answers the other mails sensibly while SMTP is down: invitations 503 with nothing kept, reset requests as always', async () => {
      const admin = ctx.client();
      await admin.login(`admin@${ctx.dialect}.example.com`, PASSWORD);
      await withSmtpStopped(async () => {
        const before = await snapshotTables(ctx.database);
        const invite = await admin.post('/api/admin/invite', { email: `later@${ctx.dialect}.example.com` });
        expectError(invite, 503, 'could not be sent');
        expect(invite.body).not.toMatch(/ECONNREFUSED|\n\s+at /);
        expect(await snapshotTables(ctx.database)).toEqual(before);
        // A reset request answers before its mail is tried; the failure is the log's, not the client's.
        const reset = await ctx
          .client()
          .post('/api/auth/forgot-password', { email: `member@${ctx.dialect}.example.com` });
        expect(reset.statusCode).toBe(200);
        expect(reset.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
        await sleep(200);
      });
    });

    it('logs why the mail could not be sent, which the answer does not say', async () => {
      const lines: string[] = [];
      const logged = await buildApp({
        config: ctx.config,
        database: ctx.database,
        jwtSecret: TEST_JWT_SECRET,
        logger: { level: 'error', stream: { write: (line: string) => void lines.push(line) } },
      });
      try {
        await withSmtpStopped(async () => {
          const res = await signup(new TestClient(logged), `logged@${ctx.dialect}.example.com`);
          expectMailDown(res);
          expect(res.body).not.toContain('ECONNREFUSED');
        });
      } finally {
        await logged.close();
      }
      expect(lines.filter((line) => line.includes(MAIL_DOWN) && line.includes('ECONNREFUSED'))).toHaveLength(1);
    });
  },
  () => ({ mail: { ...testConfig().mail, smtpUrl: smtp.url() } }),
);

describeEachDatabase(
  'the first sign-up of a fresh install while the mail server is down (issue 31)',
  (ctx: ApiContext) => {
    it('leaves no admin behind; the retry becomes the admin, also while registration is closed', async () => {
      const email = `first@${ctx.dialect}.example.com`;
      const before = await snapshotTables(ctx.database);
      await withSmtpStopped(async () => {
        expectMailDown(await signup(ctx.client(), email));
      });
      expect(await snapshotTables(ctx.database)).toEqual(before);

      const client = ctx.client();
      client.token = okJson<{ token: string }>(await signup(client, email)).token;
      expect(okJson<{ role: string; referralOk: boolean }>(await client.get('/api/account/userinfo'))).toMatchObject({
        role: 'ADMIN',
        referralOk: true,
      });
      await exactlyVerificationMails(email, 1);
    });
  },
  () => ({ mail: { ...testConfig().mail, smtpUrl: smtp.url() }, registration: 'closed' }),
);
