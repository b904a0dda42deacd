import { expect, it } from 'vitest';
import { OPENAPI_PATH } from '../../http/openapi.js';
import type { TestClient } from '../../test/client.js';
import { invitationTo } from '../../test/books.js';
import { describeEachDatabase } from '../../test/harness.js';
import { newUser, okJson } from '../../test/ledger.js';
import { onlyReads } from '../security/scope.js';

// Every authenticated route, read from the app's own OpenAPI document (which openapi.api.test
// holds to fastify's route table, so a route added later is covered here without a change), at
// the four standings a user can have towards a book the Kassa-Book header names (issue 34):
// a stranger gets 404 on every one; a viewer may read, and every write answers 403 naming the
// role; an editor may write, but only the owner may restore a backup; the routes about the person
// (account, auth, admin, book) are theirs whatever the header says.

interface Operation {
  security?: Record<string, string[]>[];
}

const PERSONAL = /^\/api\/(account|auth|admin|book)\//;
const OWNER_ONLY = new Set(['POST /api/backup/restore']);

/** "METHOD /api/x/:id" of every route a session may call. */
async function sessionRoutes(client: TestClient): Promise<{ method: string; route: string }[]> {
  const doc = okJson<{ paths: Record<string, Record<string, Operation>> }>(await client.get(OPENAPI_PATH));
  return Object.entries(doc.paths).flatMap(([url, operations]) =>
    Object.entries(operations)
      .filter(([, op]) => op.security?.some((s) => 'session' in s) === true)
      .map(([method]) => ({ method: method.toUpperCase(), route: url.replace(/\{(\w+)\}/g, ':$1') })),
  );
}

const concrete = (route: string) => route.replace(/:\w+/g, '1');

describeEachDatabase('every route at four standings towards a shared book (issue 34)', (ctx) => {
  it('answers strangers 404, refuses viewers’ writes with 403, lets editors write, keeps restores to the owner, refuses the owner nothing', async () => {
    const owner = await newUser(ctx, 'standing-owner@example.com');
    const bookId = owner.userId;
    const members: Record<'editor' | 'viewer', TestClient> = {
      editor: (await newUser(ctx, 'standing-editor@example.com')).client,
      viewer: (await newUser(ctx, 'standing-viewer@example.com')).client,
    };
    for (const role of ['editor', 'viewer'] as const) {
      okJson(await owner.client.post('/api/book/invite', { email: `standing-${role}@example.com`, role }));
      const token = invitationTo(ctx, `standing-${role}@example.com`);
      okJson(await members[role].post(`/api/book/accept/${token}`));
    }
    const stranger = (await newUser(ctx, 'standing-stranger@example.com')).client;
    const routes = await sessionRoutes(owner.client);
    expect(routes.length).toBeGreaterThan(80);

    const headers = { headers: { 'kassa-book': String(bookId) } };
    const found: string[] = [];
    const call = (client: TestClient, method: string, route: string) =>
      client.request(method as 'GET', concrete(route), method === 'GET' ? undefined : {}, headers);
    const bookNotFound = (status: number, body: string) => status === 404 && body.includes(`Book ${bookId} not found`);

    for (const { method, route } of routes) {
      const res = await call(stranger, method, route);
      if (!bookNotFound(res.statusCode, res.body)) found.push(`stranger ${method} ${route}: ${res.statusCode}`);
    }
    for (const { method, route } of routes.filter((r) => !PERSONAL.test(r.route))) {
      const res = await call(members.viewer, method, route);
      const refused = res.statusCode === 403 && res.body.includes('Your role in this book is viewer');
      const reads = onlyReads(method, route) && !OWNER_ONLY.has(`${method} ${route}`);
      if (reads && (res.statusCode === 403 || bookNotFound(res.statusCode, res.body)))
        found.push(`viewer reading ${method} ${route}: ${res.statusCode} ${res.body}`);
      if (!reads && !refused && !OWNER_ONLY.has(`${method} ${route}`))
        found.push(`viewer writing ${method} ${route}: ${res.statusCode}`);
    }
    for (const { method, route } of routes.filter((r) => !PERSONAL.test(r.route))) {
      const res = await call(members.editor, method, route);
      const ownerOnly = OWNER_ONLY.has(`${method} ${route}`);
      if (ownerOnly && !(res.statusCode === 403 && res.body.includes("Only the book's owner")))
        found.push(`editor ${method} ${route} (the owner's): ${res.statusCode}`);
      if (!ownerOnly && (res.statusCode === 403 || bookNotFound(res.statusCode, res.body)))
        found.push(`editor ${method} ${route}: ${res.statusCode} ${res.body}`);
    }
    // The owner, naming their own book: no route refuses them for their standing.
    for (const { method, route } of routes.filter((r) => !PERSONAL.test(r.route))) {
      const res = await call(owner.client, method, route);
      if (res.statusCode === 403 || bookNotFound(res.statusCode, res.body))
        found.push(`owner ${method} ${route}: ${res.statusCode} ${res.body}`);
    }
    expect(found).toEqual([]);
  });
});
