import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestClient } from './client.js';
import type { ApiContext } from './harness.js';

/** A logged-in client for a fresh complete user (main currency as given). */
export async function newUser(
  ctx: ApiContext,
  email: string,
  mainCurrency = 'EUR',
): Promise<{ client: TestClient; userId: number }> {
  const user = await ctx.createUser({ email, password: 'password-123', mainCurrency, firstName: 'T' });
  const client = ctx.client();
  await client.login(email, 'password-123');
  return { client, userId: user.id };
}

/** Asserts a 2xx answer and returns its JSON, typed by the caller as the contract promises. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the response type
export function okJson<T = unknown>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json<T>();
}

/** Asserts an error answer with the status, type and (start of) message. */
export function expectError(res: LightMyRequestResponse, status: number, message?: string): void {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ type: string; message: string }>();
  if (message !== undefined) expect(body.message).toContain(message);
}
