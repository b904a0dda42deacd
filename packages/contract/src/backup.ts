import { z } from 'zod';
import { categoryTypes } from './category.js';
import { currencyCodeSchema, descriptionSchema, instantSchema, nameSchema } from './common.js';
import { MAX_RULE_PATTERN, ruleMatches } from './rule.js';
import { importEncodings, importFormats } from './import-options.js';
import { calendarDateSchema, recurrenceSchema, scheduleModes, weekendRules } from './schedule.js';
import { MAX_SHARES } from './settle-up.js';
import { businessTypes } from './transaction.js';

// The backup document of GET backup/get and POST backup/restore (docs/DECISIONS.md, "Backup and
// restore"). Amounts are exact decimal strings in major units of their currency ("12.5", "1000",
// "-3.25"), never JSON numbers, so no reader can round them; instants are ISO 8601 strings.
// Objects refer to each other by the document's own keys (positive integers, unique per list):
// database ids are not kept, restore gives every row a new one.

/** The document's name, so a restore can tell a Kassa backup from any other JSON. */
export const BACKUP_FORMAT = 'kassa-backup';
/** The newest document version this code writes and reads; restore reads every version up to it. */
export const BACKUP_VERSION = 5;

const KEY = 'must be a positive integer key';
const keySchema = z.number({ error: KEY }).int(KEY).positive(KEY).max(2_147_483_647, KEY);
const POSITIVE = 'must be a positive decimal string in major units, e.g. "12.50"';
const SIGNED = 'must be a decimal string in major units, e.g. "-12.50"';
/** A positive amount in major units; the currency's decimals are checked by the server. */
const positiveAmountSchema = z.string({ error: POSITIVE }).regex(/^\d{1,13}(\.\d{1,12})?$/, POSITIVE);
/** A balance in major units, of either sign. */
const signedAmountSchema = z.string({ error: SIGNED }).regex(/^-?\d{1,13}(\.\d{1,12})?$/, SIGNED);

/** First part of every version: what restore reads before choosing the version's schema. */
export const backupHeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT, { error: `must be "${BACKUP_FORMAT}"` }),
  version: z.number({ error: 'must be a positive integer' }).int('must be a positive integer').positive(),
});

export const backupCurrencySchema = z.object({
  code: currencyCodeSchema,
  lastUsed: instantSchema,
});

export const backupPocketSchema = z.object({
  key: keySchema,
  name: nameSchema(),
  currency: currencyCodeSchema,
  isCash: z.boolean(),
});

export const backupCategorySchema = z.object({
  key: keySchema,
  name: nameSchema(),
  type: z.enum(categoryTypes),
  description: descriptionSchema,
  /** Real categories: true income, false expense; null for loan, business and external. */
  isIncome: z.boolean().nullable(),
  /** A system category (every user has them); restore matches it to the account's own. */
  isBuiltIn: z.boolean(),
  isActive: z.boolean(),
  /** In major units of the document's main currency; null = no limit. */
  monthlyLimit: signedAmountSchema.nullable(),
  /** Budget rollover (expense categories); documents written before it existed restore as false. */
  rollover: z.boolean({ error: 'must be true or false' }).default(false),
  lastUsed: instantSchema,
});

export const backupTransactionSchema = z.object({
  categoryKey: keySchema,
  isIncome: z.boolean(),
  /** Business categories only: invest, pnl or realize; null for the other kinds. */
  businessType: z.enum(businessTypes).nullable(),
  amount: positiveAmountSchema,
  currency: currencyCodeSchema,
  description: descriptionSchema,
  time: instantSchema,
  /** The pocket the row belongs to (DESIGN §4); absent = its currency's default pocket. */
  pocketKey: keySchema.optional(),
});

export const backupConversionSchema = z.object({
  fromAmount: positiveAmountSchema,
  fromCurrency: currencyCodeSchema,
  toAmount: positiveAmountSchema,
  toCurrency: currencyCodeSchema,
  description: descriptionSchema,
  time: instantSchema,
  /** The pockets the money leaves and enters; absent = the currency's default pocket. */
  fromPocketKey: keySchema.optional(),
  toPocketKey: keySchema.optional(),
});

export const backupPocketStateSchema = z.object({
  pocketKey: keySchema,
  /** The stated balance in major units of the pocket's currency. */
  balance: signedAmountSchema,
});

export const backupFixpointSchema = z.object({
  time: instantSchema,
  states: z.array(backupPocketStateSchema),
});

/** Version 1 (no rules yet): currencies, pockets, categories, transactions, conversions, fixpoints with states. */
export const backupDocumentV1Schema = backupHeaderSchema.extend({
  version: z.literal(1),
  exportedAt: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' }),
  mainCurrency: currencyCodeSchema,
  currencies: z.array(backupCurrencySchema),
  pockets: z.array(backupPocketSchema),
  categories: z.array(backupCategorySchema),
  transactions: z.array(backupTransactionSchema),
  conversions: z.array(backupConversionSchema),
  fixpoints: z.array(backupFixpointSchema),
});

/** A category rule (rule/add): its category by key, the range in major units of `currency`. */
export const backupRuleSchema = z.object({
  match: z.enum(ruleMatches, { error: 'must be contains or regex' }),
  pattern: z
    .string({ error: 'must be text' })
    .min(1, 'must not be empty')
    .max(MAX_RULE_PATTERN, `must be at most ${MAX_RULE_PATTERN} characters`),
  categoryKey: keySchema,
  currency: currencyCodeSchema.nullable(),
  minAmount: positiveAmountSchema.nullable(),
  maxAmount: positiveAmountSchema.nullable(),
  position: z.number({ error: 'must be an integer' }).int('must be an integer').min(0).max(1_000_000),
});

/** Version 2: version 1 and the category rules, in the order they are tried. */
export const backupDocumentV2Schema = backupDocumentV1Schema.extend({
  version: z.literal(2),
  rules: z.array(backupRuleSchema),
});

const INDEX = 'must be a 0-based index into the document';
/** A position in one of the document's lists (transactions, conversions, fixpoints, imports, links). */
const indexSchema = z.number({ error: INDEX }).int(INDEX).min(0, INDEX).max(2_147_483_647, INDEX);
const text = (max: number) => z.string({ error: 'must be text' }).max(max, `must be at most ${max} characters`);

/**
 * What one imported row became (an import link): the keys later imports recognise it by
 * (external id, fingerprint) and the transaction or conversion it is now, by index (a transfer
 * between two pockets of one currency is a conversion too); both null once the row's transaction
 * was deleted.
 */
export const backupImportLinkSchema = z.object({
  pocketKey: keySchema,
  line: z.number({ error: 'must be an integer' }).int('must be an integer').min(0).max(2_147_483_647),
  transaction: indexSchema.nullable(),
  conversion: indexSchema.nullable(),
  externalId: text(500).nullable(),
  /** The versioned fingerprint a row without a bank id is recognised by ("v1:…"; it holds no pocket id). */
  fingerprint: text(200).min(1, 'must not be empty'),
  day: z.iso.date({ error: 'must be a date, e.g. 2026-11-21' }),
  /** Signed, in major units of `currency`. */
  amount: signedAmountSchema,
  currency: currencyCodeSchema,
  /** Normalised payee, for the category history. */
  payee: text(1000),
  description: text(1000),
});

/**
 * What undo of a batch puts back: transactions of earlier imports the batch turned into transfers
 * (with the link, as imports.<batch>.links.<link>, that points at them again), pocket states it
 * overwrote in existing fixpoints, fixpoints it created.
 */
export const backupImportReplacedSchema = z.object({
  transactions: z.array(
    z.object({
      link: z.object({ batch: indexSchema, link: indexSchema }).nullable(),
      transaction: backupTransactionSchema,
    }),
  ),
  states: z.array(z.object({ fixpoint: indexSchema, pocketKey: keySchema, balance: signedAmountSchema })),
  fixpoints: z.array(indexSchema),
});

/** A committed or undone import batch (previews are not kept). */
export const backupImportSchema = z.object({
  fileName: text(500),
  format: z.enum(importFormats),
  status: z.enum(['committed', 'undone']),
  createdAt: instantSchema,
  committedAt: instantSchema,
  undoneAt: instantSchema.nullable(),
  rowCount: z.number({ error: 'must be an integer' }).int('must be an integer').min(0).max(100_000_000),
  imported: z.number({ error: 'must be an integer' }).int('must be an integer').min(0).max(100_000_000),
  /** The statement's accounts and the pocket each went to. */
  accounts: z.array(z.object({ account: text(500), currency: currencyCodeSchema, pocketKey: keySchema.nullable() })),
  links: z.array(backupImportLinkSchema),
  replaced: backupImportReplacedSchema,
  /** The fixpoint the commit made from a closing balance. */
  fixpoint: indexSchema.nullable(),
});

/** The file options a pocket's next import starts from (import profile). */
export const backupImportProfileSchema = z.object({
  pocketKey: keySchema,
  account: text(500),
  options: z.object({
    encoding: z.enum(importEncodings, { error: `must be one of ${importEncodings.join(', ')}` }),
    csv: z.record(z.string(), z.unknown()).optional(),
  }),
});

/** Version 3: version 2 and the import history (batches with their links) and import profiles. */
export const backupDocumentV3Schema = backupDocumentV2Schema.extend({
  version: z.literal(3),
  imports: z.array(backupImportSchema),
  importProfiles: z.array(backupImportProfileSchema),
});

/** An occurrence of a schedule that was posted (with the row it wrote, by index) or skipped. */
export const backupScheduleOccurrenceSchema = z.object({
  /** The rule's date, the occurrence's key. */
  occurrence: calendarDateSchema,
  status: z.enum(['posted', 'skipped'], { error: 'must be posted or skipped' }),
  /** The day it was posted on (posted only). */
  postedDate: calendarDateSchema.nullable(),
  /** The row it wrote: indexes into `transactions` or `conversions`; null when skipped or deleted since. */
  transaction: indexSchema.nullable(),
  conversion: indexSchema.nullable(),
});

/** What a schedule posts: amounts in major units of their currency, null = ask each time. */
export const backupSchedulePayloadSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('transaction'),
      categoryKey: keySchema,
      isIncome: z.boolean(),
      businessType: z.enum(businessTypes).nullable(),
      amount: positiveAmountSchema.nullable(),
      currency: currencyCodeSchema,
      description: descriptionSchema,
    }),
    z.object({
      kind: z.literal('conversion'),
      fromAmount: positiveAmountSchema.nullable(),
      fromCurrency: currencyCodeSchema,
      toAmount: positiveAmountSchema.nullable(),
      toCurrency: currencyCodeSchema,
      description: descriptionSchema,
    }),
  ],
  { error: 'must be a transaction or a conversion (kind)' },
);

/** A scheduled entry (schedule/add) with its handled occurrences. */
export const backupScheduleSchema = z.object({
  rule: recurrenceSchema,
  start: calendarDateSchema,
  end: calendarDateSchema.nullable(),
  mode: z.enum(scheduleModes, { error: 'must be post or remind' }),
  weekend: z.enum(weekendRules, { error: 'must be as-is, before or after' }),
  payload: backupSchedulePayloadSchema,
  occurrences: z.array(backupScheduleOccurrenceSchema),
});

/** Version 4: version 3 and the scheduled entries with their posted and skipped occurrences. */
export const backupDocumentV4Schema = backupDocumentV3Schema.extend({
  version: z.literal(4),
  schedules: z.array(backupScheduleSchema),
});

/**
 * A person the document's rows name (issue 34: who entered a row, who paid an expense, its shares,
 * the two sides of a settlement). Restore finds them among the book's members by e-mail.
 */
export const backupMemberSchema = z.object({
  key: keySchema,
  name: text(300),
  email: z.string({ error: 'must be an e-mail address' }).trim().toLowerCase().min(3).max(320),
});

const WEIGHT = 'must be a whole number from 1 to 1000';
/** A transaction as version 5 writes it: who entered it, and a shared book's split. */
export const backupTransactionV5Schema = backupTransactionSchema.extend({
  createdBy: keySchema.optional(),
  paidBy: keySchema.optional(),
  shares: z
    .array(
      z.object({
        memberKey: keySchema,
        weight: z.number({ error: WEIGHT }).int(WEIGHT).min(1, WEIGHT).max(1000, WEIGHT),
      }),
    )
    .min(1)
    .max(MAX_SHARES)
    .optional(),
});

export const backupConversionV5Schema = backupConversionSchema.extend({ createdBy: keySchema.optional() });

/** Money one member gave another to settle up (members by key). */
export const backupSettlementSchema = z.object({
  fromKey: keySchema,
  toKey: keySchema,
  amount: positiveAmountSchema,
  currency: currencyCodeSchema,
  time: instantSchema,
  description: descriptionSchema,
  createdBy: keySchema.optional(),
});

/** Version 5: version 4 and the people its rows name, shared books' splits and settlements (issue 34). */
export const backupDocumentV5Schema = backupDocumentV4Schema.extend({
  version: z.literal(5),
  members: z.array(backupMemberSchema),
  transactions: z.array(backupTransactionV5Schema),
  conversions: z.array(backupConversionV5Schema),
  settlements: z.array(backupSettlementSchema),
});

/** The document of the current version. */
export const backupDocumentSchema = backupDocumentV5Schema;
/** The document as written by backup/get and sent to backup/restore. */
export type BackupDocument = z.input<typeof backupDocumentSchema>;
/** The document once parsed: instants as epoch milliseconds, text cleaned. */
export type ParsedBackup = z.infer<typeof backupDocumentSchema>;

/** POST backup/restore query: `?replace=true` replaces books the account already has. */
export const backupRestoreQuerySchema = z.object({
  replace: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((v) => v === 'true')
    .default(false),
});

/** What POST backup/restore answers: how many of each were restored. */
export const backupRestoreResultSchema = z.object({
  currencies: z.number(),
  pockets: z.number(),
  categories: z.number(),
  transactions: z.number(),
  conversions: z.number(),
  fixpoints: z.number(),
  rules: z.number(),
  imports: z.number(),
  schedules: z.number(),
  settlements: z.number(),
});
export type BackupRestoreResult = z.infer<typeof backupRestoreResultSchema>;
