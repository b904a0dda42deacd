import { z } from 'zod';
import { outboundFetch, retryAfterSeconds, type OutboundResponse } from './outbound-http.js';
import { ProviderError, type AccountData, type OutboundPolicy, type ProviderTransaction } from './types.js';

// SimpleFIN (https://www.simplefin.org/protocol.html): a setup token is the base64 of a claim URL;
// one POST to it answers the access URL, whose user and password are the credentials (HTTP
// Basic). GET {access}/accounts?start-date&end-date&pending=1 answers every account with its
// balance and rows. Amounts are decimal strings, dates Unix seconds; a pending row has posted 0
// or pending true. Protocol 1 lists problems in `errors`, 2 in `errlist`.

const decimal = z.string().regex(/^-?\d+(\.\d+)?$/, 'is not a decimal amount');
const seconds = z.number().int().nonnegative();

const transactionSchema = z.object({
  id: z.string().min(1),
  posted: seconds,
  amount: decimal,
  description: z.string().default(''),
  payee: z.string().optional(),
  memo: z.string().optional(),
  transacted_at: seconds.optional(),
  pending: z.boolean().optional(),
});

const accountSchema = z.object({
  id: z.string().min(1),
  name: z.string().default(''),
  currency: z.string().default(''),
  balance: decimal,
  'balance-date': seconds,
  org: z.object({ name: z.string().optional(), domain: z.string().optional() }).optional(),
  transactions: z.array(transactionSchema).default([]),
});

const accountSetSchema = z.object({
  errors: z.array(z.string()).optional(),
  errlist: z.array(z.object({ msg: z.string().optional(), code: z.string().optional() })).optional(),
  accounts: z.array(accountSchema),
});

const isoDay = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString().slice(0, 10);
const unixOfDay = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000);

/** The claim URL inside a setup token; ProviderError('refused') when the text is not one. */
export function claimUrlOf(setupToken: string): string {
  const text = Buffer.from(setupToken.trim(), 'base64').toString('utf8').trim();
  if (!/^https?:\/\/\S+$/.test(text)) throw new ProviderError('refused', 'This is not a SimpleFIN setup token');
  return text;
}

/** What a failed answer means to the user. */
function failure(res: OutboundResponse, what: string): ProviderError {
  if (res.status === 429) {
    const wait = retryAfterSeconds(res.headers);
    return new ProviderError('rate-limited', `SimpleFIN asks to wait before the next ${what}`, wait);
  }
  if (res.status === 401 || res.status === 403)
    return new ProviderError(
      'consent-expired',
      'SimpleFIN no longer accepts this connection (access revoked or expired): connect again with a new setup token',
    );
  if (res.status === 402)
    return new ProviderError('consent-expired', 'The SimpleFIN Bridge subscription has lapsed: renew it, then sync');
  if (res.status >= 500)
    return new ProviderError('unreachable', `SimpleFIN failed to answer the ${what} (${res.status})`);
  return new ProviderError('refused', `SimpleFIN refused the ${what} (${res.status})`);
}

/** Claims a setup token once; answers the access URL (the credentials Kassa keeps, encrypted). */
export async function claimSetupToken(setupToken: string, policy: OutboundPolicy): Promise<string> {
  const res = await outboundFetch(claimUrlOf(setupToken), policy, { method: 'POST', body: '' });
  if (res.status === 403)
    throw new ProviderError('refused', 'This setup token was already used or has expired: make a new one');
  if (res.status !== 200) throw failure(res, 'claim');
  const access = res.text.trim();
  let url: URL;
  try {
    url = new URL(access);
  } catch {
    throw new ProviderError('malformed', 'SimpleFIN answered the claim without an access URL');
  }
  if (url.username === '' || url.password === '')
    throw new ProviderError('malformed', 'SimpleFIN answered the claim with an access URL without credentials');
  return access;
}

const rowOf = (t: z.infer<typeof transactionSchema>): ProviderTransaction => {
  const pending = t.pending === true || t.posted === 0;
  return {
    externalId: t.id,
    date: isoDay(pending ? (t.transacted_at ?? t.posted) : t.posted),
    amount: t.amount,
    description: [t.description, t.memo].filter((s) => s !== undefined && s !== '').join(' · '),
    payee: t.payee ?? '',
    pending,
    link: null,
  };
};

export interface SimplefinAccounts {
  accounts: AccountData[];
  /** The institution per account id, for the connection's name. */
  institutions: Map<string, string>;
  /** Problems the bridge reports beside the data ("Connection to Bank X may need attention"). */
  problems: string[];
}

/** Reads the accounts and their rows between two days (both included), pending rows too. */
export async function fetchSimplefinAccounts(
  accessUrl: string,
  policy: OutboundPolicy,
  window: { from: string; to: string },
  /** Only these accounts (protocol 2's repeatable `account`; a bridge of protocol 1 answers all, and the caller keeps its own). */
  accountIds: readonly string[] = [],
): Promise<SimplefinAccounts> {
  const base = accessUrl.replace(/\/+$/, '');
  // end-date is exclusive in the protocol: the day after `to`.
  const accounts = accountIds.map((id) => `&account=${encodeURIComponent(id)}`).join('');
  const query = `start-date=${unixOfDay(window.from)}&end-date=${unixOfDay(window.to) + 86_400}&pending=1${accounts}`;
  const res = await outboundFetch(`${base}/accounts?${query}`, policy, { method: 'GET' });
  if (res.status !== 200) throw failure(res, 'account data');
  let json: unknown;
  try {
    json = JSON.parse(res.text);
  } catch {
    throw new ProviderError('malformed', 'SimpleFIN answered the account data with something that is not JSON');
  }
  const parsed = accountSetSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ProviderError(
      'malformed',
      `SimpleFIN's account data does not follow the protocol (${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''})`,
    );
  }
  const set = parsed.data;
  return {
    accounts: set.accounts.map((a) => ({
      account: {
        accountId: a.id,
        name: a.name,
        currency: /^[A-Za-z]{3}$/.test(a.currency) ? a.currency.toUpperCase() : '',
        balance: a.balance,
        balanceDate: isoDay(a['balance-date']),
      },
      transactions: a.transactions.map(rowOf),
    })),
    institutions: new Map(set.accounts.map((a) => [a.id, a.org?.name ?? a.org?.domain ?? ''])),
    problems: [...(set.errors ?? []), ...(set.errlist ?? []).map((e) => e.msg ?? e.code ?? '')].filter((m) => m !== ''),
  };
}
