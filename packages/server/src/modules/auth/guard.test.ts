import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../http/error-handler.js';
import type { User } from '../users/repository.js';
import { denyDemo } from './guard.js';

function appFor(role: User['role']) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.decorateRequest('session', undefined);
  app.addHook('onRequest', (request, _reply, done) => {
    request.session = {
      kind: 'session',
      user: { role } as User,
      claims: { sub: '1', role, tv: 0, iat: 0, exp: 0 },
      sessionId: 1,
    };
    done();
  });
  app.post('/api/account/changepass', { preHandler: denyDemo }, () => ({ done: true }));
  return app;
}

describe('denyDemo', () => {
  it('refuses the demo user with 403 type demo', async () => {
    const res = await appFor('DEMO').inject({ method: 'POST', url: '/api/account/changepass' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ type: 'demo', message: 'Not allowed for the demo user' });
  });

  it('lets other roles through', async () => {
    for (const role of ['NORMAL', 'ADMIN'] as const) {
      const res = await appFor(role).inject({ method: 'POST', url: '/api/account/changepass' });
      expect(res.json()).toEqual({ done: true });
    }
  });
});
