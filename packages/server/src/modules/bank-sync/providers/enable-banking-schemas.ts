import { z } from 'zod';

// The answers Kassa reads, as Enable Banking's API reference (OpenAPI 3.1, "API reference"
// 1.0.0) describes them: only the fields used, and those the reference marks required are
// required here too. Unknown fields are dropped; a missing required one makes the answer
// 'malformed'. `null` is taken as absent, since the reference's optional fields come as null
// from some ASPSPs.

const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? undefined);

/** AmountType.amount: "^-?\d+(\.\d+)?$" in the reference; kept as text, never a float. */
export const decimalSchema = z.string().regex(/^-?\d+(\.\d+)?$/, 'is not a decimal amount');
export const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'is not a YYYY-MM-DD date');

const amountSchema = z.object({ currency: z.string(), amount: decimalSchema });
const partySchema = z.object({ name: optional(z.string()) });

/** GET /aspsps → GetAspspsResponse; maximum_consent_validity is in seconds. */
export const aspspsSchema = z.object({
  aspsps: z.array(
    z.object({
      name: z.string().min(1),
      country: z.string().min(1),
      maximum_consent_validity: optional(z.number().int().nonnegative()),
    }),
  ),
});

/** POST /auth → StartAuthorizationResponse. */
export const startAuthSchema = z.object({ url: z.string().min(1), authorization_id: z.string().min(1) });

/** AccountResource, as POST /sessions lists them. `uid` is absent for an account that cannot be read. */
const accountResourceSchema = z.object({
  uid: optional(z.string().min(1)),
  account_id: optional(
    z.object({
      iban: optional(z.string()),
      other: optional(z.object({ identification: z.string() })),
    }),
  ),
  /** The account holder's name, not the account's (the reference's own words). */
  name: optional(z.string()),
  details: optional(z.string()),
  product: optional(z.string()),
  currency: z.string(),
});
export type AccountResource = z.infer<typeof accountResourceSchema>;

/** POST /sessions → AuthorizeSessionResponse. */
export const sessionSchema = z.object({
  session_id: z.string().min(1),
  accounts: z.array(accountResourceSchema),
  access: z.object({ valid_until: z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'is not a date-time') }),
});

/** BalanceResource within HalBalances. */
const balanceSchema = z.object({
  balance_amount: amountSchema,
  balance_type: z.string(),
  reference_date: optional(daySchema),
  last_change_date_time: optional(z.string()),
});
export type Balance = z.infer<typeof balanceSchema>;

/** GET /accounts/{uid}/balances → HalBalances. */
export const balancesSchema = z.object({ balances: z.array(balanceSchema) });

/** Transaction within HalTransactions. */
const transactionSchema = z.object({
  entry_reference: optional(z.string().min(1)),
  transaction_id: optional(z.string().min(1)),
  transaction_amount: amountSchema,
  credit_debit_indicator: z.enum(['CRDT', 'DBIT']),
  status: z.string(),
  booking_date: optional(daySchema),
  value_date: optional(daySchema),
  transaction_date: optional(daySchema),
  creditor: optional(partySchema),
  debtor: optional(partySchema),
  remittance_information: optional(z.array(z.string())),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** GET /accounts/{uid}/transactions → HalTransactions; continuation_key is null or absent on the last page. */
export const transactionsSchema = z.object({
  transactions: z.array(transactionSchema),
  continuation_key: optional(z.string()),
});

/** ErrorResponse: message required, code the HTTP status, error the ErrorCode, detail anything. */
export const errorSchema = z.object({
  message: optional(z.string()),
  error: optional(z.string()),
  detail: z.unknown().optional(),
});
