import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
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
