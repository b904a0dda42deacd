import { BANK_CONSENT_WARNING_DAYS, type BankAnchor, type BankConnection, type BankPendingRow } from '@kassa/contract';
import { currencyInfo, isoFromDay, minorToMajor } from '@kassa/money';
import type { AccountRow, BankSyncRepository, ConnectionRow, LogRow, PendingRow } from './repository.js';

// The API's shapes of connections, their accounts, pending rows and log: credentials never leave.

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
/** Minor units of a currency as the API's major units, exactly. */
export const major = (minor: number, currency: string) => minorToMajor(BigInt(minor), currencyInfo(currency).decimals);

function logAnswer(l: LogRow): BankConnection['log'][number] {
  return {
    at: new Date(l.at).toISOString(),
    trigger: l.trigger,
    batchId: l.batch_id,
    counts: { new: l.new_rows, pending: l.pending, posted: l.posted, duplicate: l.duplicate, expired: l.expired },
    anchors: JSON.parse(l.anchors) as BankAnchor[],
    error: l.error,
  };
}

export async function connectionAnswer(
  repo: BankSyncRepository,
  c: ConnectionRow,
  now: number,
  logLines: number,
): Promise<BankConnection> {
  const accounts = await repo.accounts(c.user_id, c.id);
  const pending = await repo.pending(c.user_id, c.id, 'pending');
  const countPending = c.pending_in_available === 1;
  return {
    connectionId: c.id,
    provider: c.provider,
    name: c.name,
    status: c.status,
    consentExpiresAt: iso(c.consent_expires_at),
    consentExpiresSoon:
      c.status === 'expired' ||
      (c.consent_expires_at !== null && c.consent_expires_at - now <= BANK_CONSENT_WARNING_DAYS * 86_400_000),
    retryAfter: c.retry_after !== null && c.retry_after > now ? iso(c.retry_after) : null,
    lastSyncAt: iso(c.last_sync_at),
    lastError: c.last_error,
    pendingInAvailable: countPending,
    accounts: accounts.map((a) => {
      const mine = pending.filter((p) => p.bank_account_id === a.id);
      const pendingMinor = mine.reduce((sum, p) => sum + p.amount, 0);
      return {
        accountId: a.account_id,
        name: a.name,
        currency: a.currency,
        balance: a.balance === null ? null : major(a.balance, a.currency),
        balanceDate: a.balance_day === null ? null : isoFromDay(a.balance_day),
        pocketId: a.pocket_id,
        pendingCount: mine.length,
        pendingAmount: major(pendingMinor, a.currency),
        available: a.balance === null ? null : major(a.balance + (countPending ? pendingMinor : 0), a.currency),
      };
    }),
    log: logLines === 0 ? [] : (await repo.log(c.user_id, c.id, logLines)).map(logAnswer),
  };
}

export function pendingAnswer(p: PendingRow, accounts: readonly AccountRow[]): BankPendingRow {
  const account = accounts.find((a) => a.id === p.bank_account_id);
  return {
    id: p.id,
    accountId: account?.account_id ?? '',
    pocketId: account?.pocket_id ?? null,
    date: isoFromDay(p.day),
    amount: major(p.amount, p.currency),
    currency: p.currency,
    payee: p.payee,
    description: p.description,
    status: p.status,
    note: p.note,
    transactionId: p.transaction_id,
  };
}
