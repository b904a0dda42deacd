import { z } from 'zod';
import { idSchema } from './common.js';

// Bank connections (issue 35): SimpleFIN Bridge and Enable Banking accounts mapped to pockets,
// synced as import batches, with pending rows kept apart until the bank books them.

export const bankProviders = ['simplefin', 'enablebanking'] as const;
export type BankProviderName = (typeof bankProviders)[number];
export const bankConnectionStatuses = ['active', 'paused', 'expired'] as const;
export type BankConnectionStatus = (typeof bankConnectionStatuses)[number];

/** POST bank/simplefin/connect */
export const simplefinConnectSchema = z.object({
  setupToken: z.string().trim().min(1, 'is empty: paste the setup token from SimpleFIN Bridge').max(4000),
  /** Connects this connection again (its access ended) instead of making a new one: its accounts keep their pockets. */
  connectionId: idSchema.optional(),
});

/** POST bank/enablebanking/start */
export const enableBankingStartSchema = z.object({
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
    .transform((c) => c.toUpperCase()),
  bank: z.string().trim().min(1, 'is empty: pick a bank').max(200),
  /** Renews the consent of this connection instead of making a new one. */
  connectionId: idSchema.optional(),
});
export const enableBankingStartResultSchema = z.object({ url: z.string() });

/** GET bank/enablebanking/banks?country=XX: one bank. */
export const enableBankingBankSchema = z.object({
  name: z.string(),
  country: z.string(),
  /** The longest consent the bank gives, in days; null when it does not say. */
  maxConsentDays: z.number().nullable(),
});
export type EnableBankingBank = z.infer<typeof enableBankingBankSchema>;

/** An account at the bank as a connection lists it. */
export const bankAccountSchema = z.object({
  accountId: z.string(),
  name: z.string(),
  currency: z.string(),
  /** The bank's booked balance at balanceDate, in the account's currency; null when the bank gave none. */
  balance: z.number().nullable(),
  balanceDate: z.string().nullable(),
  pocketId: z.number().nullable(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const bankConnectResultSchema = z.object({
  connectionId: z.number(),
  accounts: z.array(bankAccountSchema),
});
export type BankConnectResult = z.infer<typeof bankConnectResultSchema>;

/** POST bank/connection/map/{connectionId}: a pocket per account, null leaves it out of every sync. */
export const bankMapSchema = z.object({
  accounts: z
    .array(
      z.object({
        accountId: z.string().min(1).max(200),
        pocketId: idSchema.nullable(),
        /** Instead of pocketId: a new pocket of the account's currency, with this name. */
        newPocketName: z.string().trim().min(1).max(100).optional(),
      }),
    )
    .max(200),
});
export type BankMap = z.infer<typeof bankMapSchema>;

/** A sync's anchor: the bank's balance stated for a pocket, and the error Kassa's books show against it. */
export const bankAnchorSchema = z.object({
  pocketId: z.number(),
  date: z.string(),
  balance: z.number(),
  /** Stated minus calculated at that instant, in the pocket's currency; 0: the books agree with the bank. */
  error: z.number(),
});
export type BankAnchor = z.infer<typeof bankAnchorSchema>;

export const bankSyncCountsSchema = z.object({
  new: z.number(),
  pending: z.number(),
  posted: z.number(),
  duplicate: z.number(),
});

/** POST bank/connection/sync/{connectionId} */
export const bankSyncResultSchema = z.object({
  /** The import batch of the booked rows; null when the sync brought none. */
  batchId: z.number().nullable(),
  counts: bankSyncCountsSchema,
  anchors: z.array(bankAnchorSchema),
});
export type BankSyncResult = z.infer<typeof bankSyncResultSchema>;

export const bankSyncLogEntrySchema = z.object({
  at: z.string(),
  trigger: z.enum(['manual', 'scheduled']),
  batchId: z.number().nullable(),
  counts: bankSyncCountsSchema.extend({ expired: z.number() }),
  anchors: z.array(bankAnchorSchema),
  error: z.string().nullable(),
});
export type BankSyncLogEntry = z.infer<typeof bankSyncLogEntrySchema>;

export const bankPendingRowSchema = z.object({
  id: z.number(),
  accountId: z.string(),
  pocketId: z.number().nullable(),
  date: z.string(),
  amount: z.number(),
  currency: z.string(),
  payee: z.string(),
  description: z.string(),
  status: z.enum(['pending', 'posted', 'expired']),
  /** Why it left the pending list ("booked as transaction 812", "not booked: the bank stopped listing it on …"). */
  note: z.string().nullable(),
  transactionId: z.number().nullable(),
});
export type BankPendingRow = z.infer<typeof bankPendingRowSchema>;

/** GET bank/connection/getall: one connection. */
export const bankConnectionSchema = z.object({
  connectionId: z.number(),
  provider: z.enum(bankProviders),
  name: z.string(),
  status: z.enum(bankConnectionStatuses),
  consentExpiresAt: z.string().nullable(),
  /** The consent lapses within BANK_CONSENT_WARNING_DAYS: offer to connect again. */
  consentExpiresSoon: z.boolean(),
  /** The provider asked to wait: no sync before this instant. */
  retryAfter: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  lastError: z.string().nullable(),
  pendingInAvailable: z.boolean(),
  accounts: z.array(
    bankAccountSchema.extend({
      pendingCount: z.number(),
      /** Sum of the pending rows, in the account's currency. */
      pendingAmount: z.number(),
      /** The bank's balance plus the pending rows when pendingInAvailable, else the balance; null without a balance. */
      available: z.number().nullable(),
    }),
  ),
  log: z.array(bankSyncLogEntrySchema),
});
export type BankConnection = z.infer<typeof bankConnectionSchema>;

/** POST bank/connection/update/{connectionId} */
export const bankConnectionUpdateSchema = z.object({
  paused: z.boolean().optional(),
  pendingInAvailable: z.boolean().optional(),
});
export type BankConnectionUpdate = z.input<typeof bankConnectionUpdateSchema>;
