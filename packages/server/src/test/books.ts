import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestClient } from './client.js';
import type { ApiContext } from './harness.js';

/** The token of the newest shared-book invitation mailed to `email` (the outbox: tests configure no SMTP). */
export function invitationTo(ctx: ApiContext, email: string): string {
  const outbox = path.join(ctx.config.dataDir, 'outbox');
  const mails = readdirSync(outbox)
    .sort()
    .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
    .filter((m) => m.includes(`To: ${email}`) && m.includes('/private/book/accept/'));
  const token = /\/private\/book\/accept\/([A-Za-z0-9_-]+)/.exec(mails.at(-1) ?? '')?.[1];
  if (token === undefined) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

/** The owner's book shared with the member (invited and accepted); `book` is the header that names it. */
export async function sharedBook(
  ctx: ApiContext,
  owner: { client: TestClient; userId: number },
  member: { client: TestClient; userId: number },
  memberEmail: string,
  role: 'editor' | 'viewer' = 'editor',
): Promise<{ headers: Record<string, string> }> {
  const invited = await owner.client.post('/api/book/invite', { email: memberEmail, role });
  if (invited.statusCode !== 201) throw new Error(`invite answered ${invited.statusCode}: ${invited.body}`);
  const accepted = await member.client.post(`/api/book/accept/${invitationTo(ctx, memberEmail)}`);
  if (accepted.statusCode !== 200) throw new Error(`accept answered ${accepted.statusCode}: ${accepted.body}`);
  return { headers: { 'kassa-book': String(owner.userId) } };
}
