import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { trackInFlight } from './in-flight.js';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** An app whose /slow answers after `release()` is called. */
async function slowApp() {
  const app = Fastify({ forceCloseConnections: true });
  apps.push(app);
  const inFlight = trackInFlight(app);
  let release = () => {};
  const finished: string[] = [];
  app.get('/slow', async () => {
    await new Promise<void>((resolve) => (release = resolve));
    finished.push('slow');
    return { ok: true };
  });
  app.get('/fails', () => {
    throw new Error('boom');
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
  return { inFlight, base, finished, release: () => release() };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
};

it('waits for a handler whose client has left before it counts as settled', async () => {
  const { inFlight, base, finished, release } = await slowApp();
  const aborted = new AbortController();
  const request = fetch(`${base}/slow`, { signal: aborted.signal }).catch(() => 'aborted');
  await until(() => inFlight.count() === 1);
  aborted.abort();
  expect(await request).toBe('aborted');
  // The socket is gone, but the handler still runs (and would still use the database).
  expect(inFlight.count()).toBe(1);
  const settled = inFlight.settled(5_000);
  let early = true;
  void settled.then(() => (early = false));
  await new Promise((r) => setTimeout(r, 30));
  expect(early).toBe(true);
  release();
  expect(await settled).toBe(0);
  expect(finished).toEqual(['slow']);
  expect(inFlight.count()).toBe(0);
});

it('counts answered and failed requests out, and gives up after its limit', async () => {
  const { inFlight, base, release } = await slowApp();
  expect((await fetch(`${base}/fails`)).status).toBe(500);
  expect((await fetch(`${base}/nothing-here`)).status).toBe(404);
  expect(inFlight.count()).toBe(0);
  expect(await inFlight.settled(10)).toBe(0);
  const pending = fetch(`${base}/slow`);
  await until(() => inFlight.count() === 1);
  expect(await inFlight.settled(20)).toBe(1);
  release();
  expect((await pending).status).toBe(200);
  await until(() => inFlight.count() === 0);
  expect(inFlight.count()).toBe(0);
});
