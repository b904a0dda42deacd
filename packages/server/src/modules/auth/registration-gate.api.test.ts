import type { ErrorType } from '@kassa/contract';
import { expect, it } from 'vitest';
import type { Method } from '../../test/client.js';
import { describeEachDatabase, type ApiContext } from '../../test/harness.js';
import { hashPassword } from './passwords.js';
import { expectError } from '../../test/ledger.js';
import { AccountsRepository } from '../account/repository.js';
import { UsersRepository } from '../users/repository.js';

/** The registration steps' own routes: each admits the users who reached it (spec §4 flow). */
const STEP_ROUTES: Record<string, 'signedIn' | 'emailVerified' | 'referralOk'> = {
  'GET /api/auth/verify-token': 'signedIn',
  'GET /api/auth/refresh-token': 'signedIn',
  'GET /api/account/userinfo': 'signedIn',
  'POST /api/account/preferences': 'signedIn',
  'POST /api/account/verify-email/:code': 'signedIn',
  'POST /api/account/resend-email': 'signedIn',
  'POST /api/account/verify-referral/:code': 'emailVerified',
  'POST /api/account/waitlistme': 'emailVerified',
  'POST /api/account/initial-data': 'referralOk',
};

/** Every API route the app serves, read from fastify's own route table. */
function apiRoutes(ctx: ApiContext): { method: Method; path: string }[] {
  const routes: { method: Method; path: string }[] = [];
  for (const line of ctx.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /(\/api\/\S*) \(([A-Z, ]+)\)/.exec(line);
    if (match === null) continue;
    for (const method of (match[2] ?? '').split(', ')) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push({ method: method as Method, path: match[1] ?? '' });
    }
  }
  return routes;
}

type Flags = { emailVerified: boolean; referralOk: boolean; regComplete: boolean };

async function clientWith(ctx: ApiContext, email: string, flags: Flags) {
  await new UsersRepository(ctx.database.db).insert({
    email,
    passwordHash: await hashPassword('password-123'),
    firstName: 'G',
    lastName: '',
    mainCurrency: null,
    role: 'NORMAL',
    createdAt: Date.now(),
    ...flags,
  });
  const client = ctx.client();
  await client.login(email, 'password-123');
  return client;
}

const STAGES: { flags: Flags; type: ErrorType; reached: 'signedIn' | 'emailVerified' | 'referralOk' }[] = [
  {
    flags: { emailVerified: false, referralOk: false, regComplete: false },
    type: 'email_not_verified',
    reached: 'signedIn',
  },
  // The first user of an install has referralOk from the start but still verifies the e-mail.
  {
    flags: { emailVerified: false, referralOk: true, regComplete: false },
    type: 'email_not_verified',
    reached: 'signedIn',
  },
  {
    flags: { emailVerified: true, referralOk: false, regComplete: false },
    type: 'referral_required',
    reached: 'emailVerified',
  },
  {
    flags: { emailVerified: true, referralOk: true, regComplete: false },
    type: 'registration_incomplete',
    reached: 'referralOk',
  },
];
const ORDER = ['signedIn', 'emailVerified', 'referralOk'] as const;

describeEachDatabase('registration gates on the server', (ctx) => {
  it('answers 403 naming the missing step on every private route but the steps already reached', async () => {
    const routes = apiRoutes(ctx);
    expect(routes.length).toBeGreaterThan(50);
    const anonymous = ctx.client();
    let n = 0;
    for (const stage of STAGES) {
      const client = await clientWith(ctx, `gate${n++}@example.com`, stage.flags);
      for (const { method, path } of routes) {
        const url = path.replace(':id', '1').replace(':code', 'ABCDEF');
        // Public routes answer without a token; only private ones are gated.
        if ((await anonymous.request(method, url, {})).statusCode !== 401) continue;
        const step = STEP_ROUTES[`${method} ${path}`];
        const res = await client.request(method, url, {});
        const admitted = step !== undefined && ORDER.indexOf(step) <= ORDER.indexOf(stage.reached);
        if (admitted) expect(res.statusCode, `${method} ${path}`).not.toBe(403);
        else {
          expect(res.statusCode, `${method} ${path}`).toBe(403);
          expect(res.json<{ type: string }>().type, `${method} ${path}`).toBe(stage.type);
        }
      }
    }
  });

  it('lets a complete registration use every route', async () => {
    const client = await clientWith(ctx, 'complete@example.com', {
      emailVerified: true,
      referralOk: true,
      regComplete: true,
    });
    expect((await client.get('/api/currency/usersall')).statusCode).toBe(200);
    expect((await client.post('/api/transaction/getfiltered', {})).statusCode).toBe(200);
  });

  it('accepts referral codes only from members, and only from a verified e-mail', async () => {
    // A code minted by an unfinished sign-up (before this rule) stays useless.
    const early = await clientWith(ctx, 'early@example.com', {
      emailVerified: false,
      referralOk: false,
      regComplete: false,
    });
    expect((await early.get('/api/account/getreferral')).statusCode).toBe(403);
    const earlyId = (await new UsersRepository(ctx.database.db).findByEmail('early@example.com'))?.id ?? 0;
    await new AccountsRepository(ctx.database.db).addReferralCode('EARLYCODE2', earlyId, Date.now());

    const member = await clientWith(ctx, 'member@example.com', {
      emailVerified: true,
      referralOk: true,
      regComplete: true,
    });
    const code = (await member.get('/api/account/getreferral')).body;
    expect(code).toMatch(/^[A-Z2-9]{10}$/);

    const unverified = await clientWith(ctx, 'unverified@example.com', {
      emailVerified: false,
      referralOk: false,
      regComplete: false,
    });
    const refused = await unverified.post(`/api/account/verify-referral/${code}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ type: string }>().type).toBe('email_not_verified');

    const verified = await clientWith(ctx, 'verified@example.com', {
      emailVerified: true,
      referralOk: false,
      regComplete: false,
    });
    expectError(await verified.post('/api/account/verify-referral/EARLYCODE2'), 400, 'code: is not a referral code');
    expect((await verified.post(`/api/account/verify-referral/${code}`)).statusCode).toBe(200);
  });
});
