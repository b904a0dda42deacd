import type { Category, ImportBatch, ImportPreview, ImportRow, Pocket } from '@kassa/contract';

/** Fixtures of the import screen's tests: two EUR pockets, categories, a German CSV read five ways. */

export const POCKETS: Pocket[] = [
  { pocketId: 1, name: 'Girokonto', currency: 'EUR', isCash: false, balance: 0 },
  { pocketId: 2, name: 'Savings', currency: 'EUR', isCash: false, balance: 0 },
];

const category = (id: number, name: string, isIncome: boolean, isActive = true): Category => ({
  id,
  name,
  type: 'real',
  description: '',
  isIncome,
  isBuiltIn: false,
  isActive,
  monthlyLimit: null,
  rollover: false,
  lastUsed: '2026-03-01T10:00:00.000Z',
});

export const CATEGORIES: Category[] = [
  category(11, 'Groceries', false),
  category(12, 'Salary', true),
  category(13, 'Rent', false),
  category(14, 'Old hobby', false, false),
  { ...category(15, 'Lent to Ann', false), type: 'loan', isIncome: null },
];

const row = (over: Partial<ImportRow> & Pick<ImportRow, 'line'>): ImportRow => ({
  date: '2026-03-02',
  amount: '-10.00',
  currency: 'EUR',
  description: '',
  payee: '',
  externalId: null,
  account: '',
  pocketId: 1,
  status: 'new',
  categoryId: null,
  ...over,
});

export const ROWS: ImportRow[] = [
  row({
    line: 2,
    amount: '-23.45',
    payee: 'REWE Markt',
    description: 'Card payment 0302',
    categoryId: 11,
    categorySource: 'rule',
    ruleId: 5,
  }),
  row({ line: 3, date: '2026-03-03', amount: '-61.00', payee: 'Stadtwerke', description: 'Strom März' }),
  row({
    line: 4,
    date: '2026-03-04',
    amount: '-500.00',
    payee: 'Me',
    description: 'To savings',
    match: {
      kind: 'transfer',
      transactionId: 77,
      pocketId: 2,
      date: '2026-03-04',
      amount: '500.00',
      currency: 'EUR',
      description: 'From Girokonto',
    },
  }),
  row({
    line: 5,
    date: '2026-03-05',
    amount: '-3.50',
    payee: 'Café Central',
    description: 'Coffee',
    status: 'duplicate',
    reason: 'line 5: the same row was imported before',
    duplicateOf: { kind: 'fingerprint', transactionId: 70, date: '2026-03-05', amount: '-3.50', description: 'Coffee' },
  }),
  row({
    line: 6,
    date: '2026-03-06',
    amount: '',
    payee: 'ACME',
    description: 'Salary',
    status: 'error',
    reason: 'line 6, amount: "2.500,00,1" is not a number',
  }),
];

export const PREVIEW: ImportPreview = {
  batchId: 41,
  format: 'csv',
  options: {
    pocketId: null,
    format: 'csv',
    encoding: 'windows-1252',
    csv: {
      delimiter: ';',
      decimalSeparator: ',',
      thousandsSeparator: '.',
      dateFormat: 'DD.MM.YYYY',
      encoding: 'windows-1252',
      skipLines: 0,
      columns: { date: 'Buchungstag', amount: 'Betrag', payee: 'Empfänger', description: 'Verwendungszweck' },
    },
    source: 'detected',
  },
  accounts: [{ account: '', currency: 'EUR', pocketId: 1, closingBalance: '1234.56', closingDate: '2026-03-31' }],
  counts: { new: 3, duplicate: 1, error: 1 },
  rows: ROWS,
  table: {
    header: ['Buchungstag', 'Empfänger', 'Verwendungszweck', 'Betrag', 'Saldo'],
    rows: [
      ['02.03.2026', 'REWE Markt', 'Card payment 0302', '-23,45', '1.000,00'],
      ['03.03.2026', 'Stadtwerke', 'Strom März', '-61,00', '939,00'],
    ],
  },
  fixpoints: { affected: 2, earliest: '2026-03-15T12:00:00.000Z' },
  expiresAt: '2026-04-01T10:00:00.000Z',
};

/** A row that pays the rent a `remind` schedule is waiting for (due Sunday the 1st, posted Monday). */
export const SCHEDULED_ROW: ImportRow = row({
  line: 7,
  amount: '-49.50',
  payee: 'Hausverwaltung',
  description: 'Miete März',
  categoryId: 13,
  schedule: { scheduleId: 3, occurrence: '2026-03-01', date: '2026-03-02', amount: '50.00', description: 'Rent' },
});

/** PREVIEW with SCHEDULED_ROW as its last row. */
export const SCHEDULED_PREVIEW: ImportPreview = {
  ...PREVIEW,
  counts: { ...PREVIEW.counts, new: PREVIEW.counts.new + 1 },
  rows: [...ROWS, SCHEDULED_ROW],
};

export const BATCHES: ImportBatch[] = [
  {
    id: 40,
    fileName: 'umsatz-februar.csv',
    format: 'csv',
    status: 'committed',
    pocketIds: [1],
    rows: 12,
    imported: 11,
    createdAt: '2026-03-01T09:00:00.000Z',
    committedAt: '2026-03-01T09:01:00.000Z',
    undoneAt: null,
    createdBy: null,
    source: 'file',
    connectionId: null,
  },
  {
    id: 39,
    fileName: 'old.ofx',
    format: 'ofx',
    status: 'undone',
    pocketIds: [2],
    rows: 3,
    imported: 3,
    createdAt: '2026-02-01T09:00:00.000Z',
    committedAt: '2026-02-01T09:01:00.000Z',
    undoneAt: '2026-02-02T09:00:00.000Z',
    createdBy: null,
    source: 'file',
    connectionId: null,
  },
  {
    id: 42,
    fileName: 'never-imported.csv',
    format: 'csv',
    status: 'preview',
    pocketIds: [1],
    rows: 3,
    imported: 0,
    createdAt: '2026-03-02T09:00:00.000Z',
    committedAt: null,
    undoneAt: null,
    createdBy: null,
    source: 'file',
    connectionId: null,
  },
];
