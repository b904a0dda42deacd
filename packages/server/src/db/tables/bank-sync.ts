import type { Generated } from 'kysely';

// Bank connections and what their syncs keep apart from the ledger (migration 0037, issue 35).

export type BankProvider = 'simplefin' | 'enablebanking';
export type BankConnectionStatus = 'active' | 'paused' | 'expired';

export interface BankConnectionsTable {
  id: Generated<number>;
  user_id: number;
  provider: BankProvider;
  name: string;
  /** Sealed (bank-sync/credentials.ts): SimpleFIN's access URL, Enable Banking's session id. */
  credentials: string;
  status: Generated<BankConnectionStatus>;
  consent_expires_at: number | null;
  /** A 429's Retry-After as an instant: no sync before it. */
  retry_after: number | null;
  last_sync_at: number | null;
  last_error: string | null;
  /** 1: the pending rows count in the accounts' available balance. */
  pending_in_available: Generated<number>;
  /** A running sync's lease: no second sync of this connection before it. */
  syncing_until: number | null;
  created_at: number;
  created_by: number | null;
}

export interface BankAccountsTable {
  id: Generated<number>;
  user_id: number;
  connection_id: number;
  /** The provider's id of the account. */
  account_id: string;
  name: string;
  currency: string;
  /** The bank's booked balance, minor units of `currency`, at `balance_day`. */
  balance: number | null;
  balance_day: number | null;
  pocket_id: number | null;
  created_at: number;
}

export interface BankPendingTable {
  id: Generated<number>;
  user_id: number;
  connection_id: number;
  bank_account_id: number;
  external_id: string;
  link: string | null;
  day: number;
  /** Signed minor units of `currency`. */
  amount: number;
  currency: string;
  payee: Generated<string>;
  description: Generated<string>;
  status: Generated<'pending' | 'posted' | 'expired'>;
  first_seen: number;
  last_seen: number;
  resolved_at: number | null;
  /** The booked transaction that replaced it. */
  transaction_id: number | null;
  /** Why it left the pending list, in words ("not booked by the bank: no longer listed on 2026-11-20"). */
  note: string | null;
}

export interface BankSyncLogTable {
  id: Generated<number>;
  user_id: number;
  connection_id: number;
  at: number;
  trigger: 'manual' | 'scheduled';
  batch_id: number | null;
  new_rows: Generated<number>;
  pending: Generated<number>;
  posted: Generated<number>;
  duplicate: Generated<number>;
  expired: Generated<number>;
  /** JSON of the sync's anchors with their errors. */
  anchors: Generated<string>;
  error: string | null;
}

export interface BankAuthStatesTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the state sent to the provider. */
  state_hash: string;
  country: string;
  bank: string;
  /** Set when the consent renews an existing connection. */
  connection_id: number | null;
  created_at: number;
  expires_at: number;
  created_by: number | null;
}
