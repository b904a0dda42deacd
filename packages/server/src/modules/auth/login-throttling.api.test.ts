import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { describeEachDatabase } from '../../test/harness.js';

const PASSWORD = 'right-password-1';
const from = (remoteAddress: string) => ({ remoteAddress });

const login = (client: TestClient, email: string, password: string, ip: string) =>
  client.post('/api/auth/login', { email, password }, from(ip));

describeEachDatabase(
  'login throttling per (e-mail, IP) pair and per IP',
  (ctx) => {
    it('locks the guessing pair, even with the right password, but not the owner elsewhere', async () => {
      await ctx.createUser({ email: 'bob@example.com', password: PASSWORD });
      const client = ctx.client();
      for (let i = 0; i < 3; i++)
        expect((await login(client, 'bob@example.com', 'nope-nope', '10.0.0.66')).statusCode).toBe(401);

      const blocked = await login(client, 'BOB@example.com', PASSWORD, '10.0.0.66');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({
        type: 'rate_limited',
        message: expect.stringMatching(/^Too many failed logins; try again in \d+ (seconds|minutes)$/) as unknown,
      });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

      // The owner at home is not locked out by a stranger's guesses.
      expect((await login(client, 'bob@example.com', PASSWORD, '192.168.1.5')).statusCode).toBe(200);
    });

    it('limits attempts per IP across e-mails, and only that IP', async () => {
      const client = ctx.client();
      for (const email of [
        'carol@example.com',
        'dave@example.com',
        'erin@example.com',
        'fay@example.com',
        'gus@example.com',
      ])
        expect((await login(client, email, 'whatever1', '10.0.0.77')).statusCode).toBe(401);
      const res = await login(client, 'hal@example.com', 'whatever1', '10.0.0.77');
      expect(res.statusCode).toBe(429);
      expect(res.json<{ message: string }>().message).toMatch(
        /^Too many login attempts from this address; try again in/,
      );
      expect((await login(client, 'hal@example.com', 'whatever1', '10.0.0.78')).statusCode).toBe(401);
    });
  },
  { loginLimits: { maxPerIp: 5, maxFailuresPerEmailIp: 3, maxFailuresPerEmail: 1000, windowMs: 60_000 } },
);

describeEachDatabase(
  'login throttling per e-mail',
  (ctx) => {
    it('slows guesses spread over many IPs with a growing delay, not a lock-out', async () => {
      await ctx.createUser({ email: 'ida@example.com', password: PASSWORD });
      const client = ctx.client();
      // Two free failures, from two IPs.
      expect((await login(client, 'ida@example.com', 'guess-1', '10.1.0.1')).statusCode).toBe(401);
      expect((await login(client, 'ida@example.com', 'guess-2', '10.1.0.2')).statusCode).toBe(401);

      // Now every try for this e-mail waits 1 s after a failure, from anywhere.
      const wait1 = await login(client, 'ida@example.com', PASSWORD, '192.168.1.5');
      expect(wait1.statusCode).toBe(429);
      expect(wait1.json<{ message: string }>().message).toBe(
        'Too many failed logins for this account; try again in 1 second',
      );
      expect(wait1.headers['retry-after']).toBe('1');
      await sleep(1100);

      // The next failure doubles the delay …
      expect((await login(client, 'ida@example.com', 'guess-3', '10.1.0.3')).statusCode).toBe(401);
      const wait2 = await login(client, 'ida@example.com', PASSWORD, '192.168.1.5');
      expect(wait2.statusCode).toBe(429);
      expect(wait2.headers['retry-after']).toBe('2');
      await sleep(2100);

      // … and once it has passed, the owner's right password works.
      expect((await login(client, 'ida@example.com', PASSWORD, '192.168.1.5')).statusCode).toBe(200);
    });
  },
  { loginLimits: { maxPerIp: 1000, maxFailuresPerEmailIp: 1000, maxFailuresPerEmail: 2, windowMs: 60_000 } },
);
