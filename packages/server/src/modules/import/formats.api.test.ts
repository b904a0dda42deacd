import { readFileSync } from 'node:fs';
import type {
  DuplicateKind,
  ImportAccount,
  ImportCommitResult,
  ImportEncoding,
  ImportFormat,
  ImportPreview,
  ImportRowStatus,
  ImportUndoResult,
} from '@kassa/contract';
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';
import { snapshotTables } from '../../test/snapshot.js';
import { multipart } from '../../test/upload.js';
import { DailyTotalsRepository } from '../ledger/daily-totals.js';

// Every reader through the real route (DESIGN §9): each fixture previewed into a pocket,
// committed, checked in the books, and recognised when previewed again. Then closing balances as
// fixpoints, an encoding override, and structured files the readers refuse.

interface TransactionDto {
  id: number;
  amount: number;
  isIncome: boolean;
  currency: string;
  description: string;
  time: string;
}
interface PocketDto {
  pocketId: number;
  name: string;
  currency: string;
}
interface FixpointLine {
  currency: string;
  stated: number;
  calculated: number;
  error: number;
}
interface FixpointDetail {
  id: number;
  time: string;
  errors: FixpointLine[];
}
interface PocketStateGroup {
  currency: string;
  items: { fixpointId: number; pocketId: number; name: string; balance: number }[];
}

/** line, date, amount, payee, description, externalId, status */
type RowTuple = [number, string, string, string, string, string | null, ImportRowStatus];
/** time, isIncome, amount, description */
type TransactionTuple = [string, boolean, number, string];

const fixture = (file: string) => readFileSync(new URL(`./formats/fixtures/${file}`, import.meta.url));
const fileName = (file: string) => file.slice(file.lastIndexOf('/') + 1);

/** Wide enough for every fixture's days (2023 to 2026). */
const ALL = { interval: { start: '2020-01-01T00:00:00Z', end: '2030-12-31T23:59:59Z' } };

const noon = (day: string) => `${day}T12:00:00.000Z`;

async function previewFile(client: TestClient, file: string, options?: unknown) {
  const { payload, extra } = await multipart({ name: fileName(file), content: fixture(file) }, options);
  return client.post('/api/import/preview', payload, extra);
}

const preview = async (client: TestClient, file: string, options?: unknown) =>
  okJson<ImportPreview>(await previewFile(client, file, options));

const commit = async (client: TestClient, batchId: number, body: unknown = {}) =>
  okJson<ImportCommitResult>(await client.post(`/api/import/commit/${batchId}`, body));

const transactions = async (client: TestClient) =>
  okJson<TransactionDto[]>(await client.post('/api/transaction/getfiltered', ALL));

/** Transactions as tuples in a fixed order (the list's order of rows at one instant is not ours to fix). */
const sortedTuples = (list: readonly TransactionTuple[]) =>
  [...list].sort((a, b) => a[0].localeCompare(b[0]) || a[2] - b[2] || a[3].localeCompare(b[3]));

const tuplesOf = (list: readonly TransactionDto[]): TransactionTuple[] =>
  sortedTuples(list.map((t) => [t.time, t.isIncome, t.amount, t.description]));

const rowTuples = (shown: ImportPreview): RowTuple[] =>
  shown.rows.map((r) => [r.line, r.date, r.amount, r.payee, r.description, r.externalId, r.status]);

/** A pocket in the currency: the default one for the main currency, else a new currency with one pocket. */
async function pocketIn(client: TestClient, currency: string, name = `${currency} account`): Promise<PocketDto> {
  const pockets = okJson<PocketDto[]>(await client.get('/api/pocket/getall'));
  const existing = pockets.find((p) => p.currency === currency);
  if (existing !== undefined) return existing;
  okJson(await client.post('/api/currency/add', { currency, items: [{ name }] }));
  const created = okJson<PocketDto[]>(await client.get('/api/pocket/getall')).find((p) => p.currency === currency);
  if (created === undefined) throw new Error(`no ${currency} pocket`);
  return created;
}

/** One fixture read through the route: what the preview shows and what the books get. */
interface FormatCase {
  title: string;
  file: string;
  /** The pocket's currency (EUR is the user's main currency). */
  currency: string;
  format: ImportFormat;
  encoding: ImportEncoding;
  /** The accounts as listed, without currency and pocketId (the pocket's). */
  accounts: Omit<ImportAccount, 'currency' | 'pocketId'>[];
  rows: RowTuple[];
  /** Reasons of the error rows, by line. */
  reasons?: Record<number, string>;
  /** CSV: the dialect detected. */
  csv?: Record<string, unknown>;
  transactions: TransactionTuple[];
  /** How each row that is not an error is recognised the second time. */
  again: DuplicateKind[];
}

const CASES: FormatCase[] = [
  {
    title: 'CSV, German Windows-1252 (DKB-like): title lines, ;, 1.234,56, DD.MM.YYYY, a 31 February',
    file: 'encodings/de-dkb-windows-1252.csv',
    currency: 'EUR',
    format: 'csv',
    encoding: 'windows-1252',
    accounts: [{ account: '' }],
    csv: {
      delimiter: ';',
      decimalSeparator: ',',
      thousandsSeparator: '.',
      dateFormat: 'DD.MM.YYYY',
      encoding: 'windows-1252',
      skipLines: 6,
      columns: {
        date: 'Buchungstag',
        amount: 'Betrag (€)',
        payee: 'Auftraggeber / Begünstigter',
        description: 'Verwendungszweck',
      },
    },
    rows: [
      [8, '2026-01-02', '-4.50', 'Bäckerei Müller GmbH', 'Brötchen & Kaffee, Filiale Münchner Straße', null, 'new'],
      [9, '2026-01-05', '1234.56', 'Jörg Weiß', 'Rückzahlung Übernachtung Köln', null, 'new'],
      [10, '2026-01-15', '-1050.00', 'Hausverwaltung Groß & Söhne', 'Miete Januar 2026 – Wohnung 3', null, 'new'],
      [11, '2026-01-28', '-85.00', 'Stadtwerke Süd', 'Strom Abschlag „Januar“', null, 'new'],
      [12, '', '-29.90', 'Fitnessstudio Ärmelkanal', 'Beitrag Februar', null, 'error'],
      [13, '2026-01-31', '-4.90', '', 'Kontoführungsentgelt 4,90 €', null, 'new'],
    ],
    reasons: { 12: 'line 12, date: "31.02.2026" is not a date in DD.MM.YYYY' },
    transactions: [
      [noon('2026-01-02'), false, 4.5, 'Bäckerei Müller GmbH · Brötchen & Kaffee, Filiale Münchner Straße'],
      [noon('2026-01-05'), true, 1234.56, 'Jörg Weiß · Rückzahlung Übernachtung Köln'],
      [noon('2026-01-15'), false, 1050, 'Hausverwaltung Groß & Söhne · Miete Januar 2026 – Wohnung 3'],
      [noon('2026-01-28'), false, 85, 'Stadtwerke Süd · Strom Abschlag „Januar“'],
      [noon('2026-01-31'), false, 4.9, 'Kontoführungsentgelt 4,90 €'],
    ],
    again: ['fingerprint', 'fingerprint', 'fingerprint', 'fingerprint', 'fingerprint'],
  },
  {
    title: 'CSV, US bank: debit and credit columns, MM/DD/YYYY, a quoted multi-line field',
    file: 'csv/us-bank.csv',
    currency: 'USD',
    format: 'csv',
    encoding: 'utf-8',
    // From the Balance column: before the first row and after the last.
    accounts: [
      {
        account: '',
        openingBalance: '5000.00',
        openingDate: '2026-01-02',
        closingBalance: '6235.35',
        closingDate: '2026-01-25',
      },
    ],
    csv: {
      delimiter: ',',
      decimalSeparator: '.',
      thousandsSeparator: ',',
      dateFormat: 'MM/DD/YYYY',
      skipLines: 0,
      columns: { date: 'Transaction Date', debit: 'Debit', credit: 'Credit', description: 'Description' },
    },
    rows: [
      [2, '2026-01-02', '-5.75', '', 'STARBUCKS STORE #1234, SEATTLE WA', null, 'new'],
      [3, '2026-01-05', '2500.00', '', 'PAYROLL ACME CORP, INC.', null, 'new'],
      [4, '2026-01-14', '-1234.56', '', 'ONLINE TRANSFER TO SAVINGS REF #A1B2C3, MEMO: "rainy day"', null, 'new'],
      // A negative number in the debit column is still money out.
      [6, '2026-01-20', '-23.99', '', 'AMAZON.COM*AB12C', null, 'new'],
      [7, '2026-01-22', '12.00', '', 'REFUND AMAZON.COM', null, 'new'],
      [8, '2026-01-25', '', '', 'CHECK 1043', null, 'error'],
    ],
    reasons: { 8: 'line 8, debit: "12.3.4" is not a number' },
    transactions: [
      [noon('2026-01-02'), false, 5.75, 'STARBUCKS STORE #1234, SEATTLE WA'],
      [noon('2026-01-05'), true, 2500, 'PAYROLL ACME CORP, INC.'],
      [noon('2026-01-14'), false, 1234.56, 'ONLINE TRANSFER TO SAVINGS REF #A1B2C3, MEMO: "rainy day"'],
      [noon('2026-01-20'), false, 23.99, 'AMAZON.COM*AB12C'],
      [noon('2026-01-22'), true, 12, 'REFUND AMAZON.COM'],
    ],
    again: ['fingerprint', 'fingerprint', 'fingerprint', 'fingerprint', 'fingerprint'],
  },
  {
    title: 'CSV with an id column and signs written (4,50), 12,50-, −2,80, +2.500,00',
    file: 'csv/signs-and-ids.csv',
    currency: 'EUR',
    format: 'csv',
    encoding: 'utf-8',
    accounts: [{ account: '' }],
    csv: {
      delimiter: ';',
      decimalSeparator: ',',
      dateFormat: 'YYYY-MM-DD',
      columns: { date: 'Datum', amount: 'Betrag', id: 'Id', payee: 'Empfänger', description: 'Verwendungszweck' },
    },
    rows: [
      [2, '2026-01-02', '-4.50', 'Café Zürich', 'Kaffee', 'A-1001', 'new'],
      [3, '2026-01-03', '-12.50', 'Versandhaus', 'Rücksendung', 'A-1002', 'new'],
      [4, '2026-01-04', '0.00', 'Bank', 'Storno Gebühr', 'A-1003', 'error'],
      [5, '2026-01-05', '-2.80', 'Kiosk', 'Zeitung', 'A-1004', 'new'],
      [6, '2026-01-06', '2500.00', 'Arbeitgeber GmbH', 'Gehalt', 'A-1005', 'new'],
      // The file's "-1.234,5" shown in the currency's two decimals.
      [7, '2026-01-07', '-1234.50', 'Tankstelle', 'Benzin', 'A-1006', 'new'],
      [8, '2026-01-08', '50.00', 'Bargeld', 'Einzahlung', null, 'new'],
      [9, '2026-01-09', '', 'Shop', 'Kauf', 'A-1008', 'error'],
    ],
    reasons: { 4: 'line 4, amount: 0 moves no money', 9: 'line 9, amount: "12,3,4" is not a number' },
    transactions: [
      [noon('2026-01-02'), false, 4.5, 'Café Zürich · Kaffee'],
      [noon('2026-01-03'), false, 12.5, 'Versandhaus · Rücksendung'],
      [noon('2026-01-05'), false, 2.8, 'Kiosk · Zeitung'],
      [noon('2026-01-06'), true, 2500, 'Arbeitgeber GmbH · Gehalt'],
      [noon('2026-01-07'), false, 1234.5, 'Tankstelle · Benzin'],
      [noon('2026-01-08'), true, 50, 'Bargeld · Einzahlung'],
    ],
    // The row without an id is recognised by its fingerprint.
    again: ['id', 'id', 'id', 'id', 'id', 'fingerprint'],
  },
  {
    title: 'OFX 1.02 SGML: unclosed tags, entities, a decimal comma, LEDGERBAL',
    file: 'ofx/bank-sgml-102.ofx',
    currency: 'EUR',
    format: 'ofx',
    encoding: 'utf-8',
    accounts: [
      {
        account: '0532013000',
        closingBalance: '1234.56',
        closingDate: '2026-02-28',
        openingBalance: '-1112.95',
        openingDate: '2026-02-02',
      },
    ],
    rows: [
      [1, '2026-02-02', '-12.50', 'Bäckerei Müller & Söhne', 'Frühstück Filiale Köln', '2026020200001', 'new'],
      [2, '2026-02-27', '2450.00', 'Arbeitgeber GmbH', 'Gehalt Februar 2026', '2026022700002', 'new'],
      [3, '2026-02-28', '-89.99', 'Stadtwerke <Strom>', 'Stadtwerke <Strom>', '2026022800003', 'new'],
    ],
    transactions: [
      [noon('2026-02-02'), false, 12.5, 'Bäckerei Müller & Söhne · Frühstück Filiale Köln'],
      [noon('2026-02-27'), true, 2450, 'Arbeitgeber GmbH · Gehalt Februar 2026'],
      // Payee and text alike: shown once.
      [noon('2026-02-28'), false, 89.99, 'Stadtwerke <Strom>'],
    ],
    again: ['id', 'id', 'id'],
  },
  {
    title: 'OFX 2.11 XML credit card: PAYEE aggregate, a row in another currency, +500.00',
    file: 'ofx/creditcard-v211.ofx',
    currency: 'USD',
    format: 'ofx',
    encoding: 'utf-8',
    accounts: [{ account: '4111111111111111', closingBalance: '-1580.32', closingDate: '2026-11-30' }],
    rows: [
      [1, '2026-11-30', '-42.17', 'WHOLE FOODS MKT #10234', 'Groceries', '320263340276517', 'new'],
      [2, '2026-11-15', '-23.40', 'CAFE DE FLORE PARIS', 'Card purchase abroad – 21.60 EUR', '320263190112233', 'new'],
      [3, '2026-11-16', '-15.00', 'LONDON UNDERGROUND', 'LONDON UNDERGROUND', '320263200445566', 'error'],
      [4, '2026-11-20', '500.00', 'PAYMENT - THANK YOU', 'PAYMENT - THANK YOU', '320263240998877', 'new'],
    ],
    reasons: { 3: 'line 3, currency: the row is in GBP, the pocket USD account holds USD' },
    transactions: [
      [noon('2026-11-15'), false, 23.4, 'CAFE DE FLORE PARIS · Card purchase abroad – 21.60 EUR'],
      [noon('2026-11-20'), true, 500, 'PAYMENT - THANK YOU'],
      [noon('2026-11-30'), false, 42.17, 'WHOLE FOODS MKT #10234 · Groceries'],
    ],
    again: ['id', 'id', 'id'],
  },
  {
    title: 'QFX (Quicken OFX): one-line SGML, -1,250.00, a 0.00 row',
    file: 'ofx/checking-intu.qfx',
    currency: 'USD',
    format: 'ofx',
    encoding: 'utf-8',
    accounts: [
      {
        account: '000123456789',
        closingBalance: '3410.55',
        closingDate: '2026-01-10',
        openingBalance: '4667.80',
        openingDate: '2025-12-31',
      },
    ],
    rows: [
      [1, '2025-12-31', '-1250.00', 'CHECK 1042', 'CHECK 1042', '202512310', 'new'],
      [2, '2026-01-05', '-7.25', 'AT&T MOBILITY', 'Online payment ref 8841', '202601051', 'new'],
      [3, '2026-01-08', '0.00', 'ZERO ADJUSTMENT', 'ZERO ADJUSTMENT', '202601082', 'error'],
    ],
    reasons: { 3: 'line 3, amount: 0 moves no money' },
    transactions: [
      [noon('2025-12-31'), false, 1250, 'CHECK 1042'],
      [noon('2026-01-05'), false, 7.25, 'AT&T MOBILITY · Online payment ref 8841'],
    ],
    again: ['id', 'id'],
  },
  {
    title: 'QIF, US bank: MM/DD/YYYY, check number, address lines, no currency (the pocket’s)',
    file: 'qif/bank-us.qif',
    currency: 'USD',
    format: 'qif',
    encoding: 'utf-8',
    accounts: [{ account: '' }],
    rows: [
      [2, '2026-01-02', '-1250.00', 'Greenfield Property Mgmt', 'January rent #1042', null, 'new'],
      [12, '2026-01-15', '3200.00', 'ACME Corp Payroll', 'ACME Corp Payroll', null, 'new'],
      [18, '2026-01-20', '-54.30', 'Shell Oil 5723', 'Shell Oil 5723', null, 'new'],
      [24, '2026-01-31', '1.07', 'Interest', 'Interest', null, 'new'],
    ],
    transactions: [
      [noon('2026-01-02'), false, 1250, 'Greenfield Property Mgmt · January rent #1042'],
      [noon('2026-01-15'), true, 3200, 'ACME Corp Payroll'],
      [noon('2026-01-20'), false, 54.3, 'Shell Oil 5723'],
      [noon('2026-01-31'), true, 1.07, 'Interest'],
    ],
    again: ['fingerprint', 'fingerprint', 'fingerprint', 'fingerprint'],
  },
  {
    title: 'CAMT.053 .02: a 3-detail batch split, a pending entry left out, EndToEndId instead of NtryRef',
    file: 'camt/camt053-v02.xml',
    currency: 'EUR',
    format: 'camt053',
    encoding: 'utf-8',
    accounts: [
      {
        account: 'DE89370400440532013000',
        closingBalance: '-495.90',
        closingDate: '2026-02-28',
        openingBalance: '150.00',
        openingDate: '2026-02-28',
      },
    ],
    rows: [
      [
        1,
        '2026-02-28',
        '-45.90',
        'REWE Markt GmbH',
        'Kartenzahlung girocard 27.02.2026 REWE SAGT DANKE 4711',
        '2026022800451234',
        'new',
      ],
      [2, '2026-02-28', '1200.00', 'Arbeitgeber & Partner GmbH', 'Gehalt Februar 2026', 'LOHN-2026-02', 'new'],
      [3, '2026-02-28', '-100.00', 'Sportverein Blau-Weiss e.V.', 'Mitgliedsbeitrag 2026', '2026022800459876/1', 'new'],
      [4, '2026-02-28', '-150.50', 'Musikschule Klangwerk', 'Unterricht Maerz', '2026022800459876-B', 'new'],
      [5, '2026-02-28', '-49.50', 'Buchhandlung Seitenweise', 'Rechnung 2026-118', '2026022800459876/3', 'new'],
      [6, '2026-02-28', '-1500.00', 'Hausverwaltung Schulz', 'Miete Maerz 2026 Whg. 4', '2026022800460001', 'new'],
    ],
    transactions: [
      [noon('2026-02-28'), false, 45.9, 'REWE Markt GmbH · Kartenzahlung girocard 27.02.2026 REWE SAGT DANKE 4711'],
      [noon('2026-02-28'), true, 1200, 'Arbeitgeber & Partner GmbH · Gehalt Februar 2026'],
      [noon('2026-02-28'), false, 100, 'Sportverein Blau-Weiss e.V. · Mitgliedsbeitrag 2026'],
      [noon('2026-02-28'), false, 150.5, 'Musikschule Klangwerk · Unterricht Maerz'],
      [noon('2026-02-28'), false, 49.5, 'Buchhandlung Seitenweise · Rechnung 2026-118'],
      [noon('2026-02-28'), false, 1500, 'Hausverwaltung Schulz · Miete Maerz 2026 Whg. 4'],
    ],
    again: ['id', 'id', 'id', 'id', 'id', 'id'],
  },
  {
    title: 'CAMT.053 .08 with namespace prefixes: a reversal, a batch kept whole, a batch split',
    file: 'camt/camt053-v08.xml',
    currency: 'CHF',
    format: 'camt053',
    encoding: 'utf-8',
    accounts: [
      {
        account: 'CH9300762011623852957',
        closingBalance: '1940.00',
        closingDate: '2026-05-31',
        openingBalance: '2000.00',
        openingDate: '2026-05-01',
      },
    ],
    rows: [
      [1, '2026-05-31', '-89.00', 'Swisscom (Schweiz) AG', 'Rechnung Mai 2026 Mobile', 'ZKB-20260531-0042', 'new'],
      [2, '2026-05-20', '89.00', 'Swisscom (Schweiz) AG', 'Rueckbuchung Lastschrift April', 'ZKB-20260520-0007', 'new'],
      [3, '2026-05-25', '-120.00', '', 'Sammelauftrag Spenden', 'ZKB-20260525-0100', 'new'],
      [4, '2026-05-28', '20.00', 'Anna Keller', 'Geschenk Anteil', 'ZKB-20260528-0200/1', 'new'],
      [5, '2026-05-28', '25.00', 'Marco Rossi', 'Geschenk Anteil', 'ZKB-20260528-0200/2', 'new'],
      [6, '2026-05-28', '15.00', 'Lea Brunner', 'Sammelgutschrift 3 Zahlungen', 'ZKB-20260528-0200/3', 'new'],
    ],
    transactions: [
      [noon('2026-05-20'), true, 89, 'Swisscom (Schweiz) AG · Rueckbuchung Lastschrift April'],
      [noon('2026-05-25'), false, 120, 'Sammelauftrag Spenden'],
      [noon('2026-05-28'), true, 15, 'Lea Brunner · Sammelgutschrift 3 Zahlungen'],
      [noon('2026-05-28'), true, 20, 'Anna Keller · Geschenk Anteil'],
      [noon('2026-05-28'), true, 25, 'Marco Rossi · Geschenk Anteil'],
      [noon('2026-05-31'), false, 89, 'Swisscom (Schweiz) AG · Rechnung Mai 2026 Mobile'],
    ],
    again: ['id', 'id', 'id', 'id', 'id', 'id'],
  },
  {
    title: 'CAMT.052 .04 report: Othr account, value day, latest ITBD, EndToEndId, NOTPROVIDED',
    file: 'camt/camt052-v04.xml',
    currency: 'EUR',
    format: 'camt052',
    encoding: 'utf-8',
    accounts: [{ account: '0532013000', closingBalance: '1012.34', closingDate: '2026-04-15' }],
    rows: [
      [1, '2026-04-15', '32.34', 'Versandhaus Nord', 'Erstattung Retoure 881', 'E2E-RETOURE-881', 'new'],
      [2, '2026-04-15', '-4.00', '', 'Kontofuehrungsentgelt', null, 'new'],
    ],
    transactions: [
      [noon('2026-04-15'), false, 4, 'Kontofuehrungsentgelt'],
      [noon('2026-04-15'), true, 32.34, 'Versandhaus Nord · Erstattung Retoure 881'],
    ],
    again: ['id', 'fingerprint'],
  },
  {
    title: 'MT940, two daily statements of one account: :61: without entry day, :62M: continued',
    file: 'mt940/daily-statements.sta',
    currency: 'GBP',
    format: 'mt940',
    encoding: 'utf-8',
    accounts: [
      {
        account: 'GB29NWBK60161331926819',
        closingBalance: '1535.32',
        closingDate: '2024-03-13',
        openingBalance: '2540.12',
        openingDate: '2024-03-12',
      },
    ],
    rows: [
      [5, '2024-03-12', '-4.80', '', 'CARD PAYMENT COSTA COFFEE LONDON GB 12MAR24', '9000001122', 'new'],
      [14, '2024-03-13', '-1000.00', '', 'STANDING ORDER RENT MARCH', 'RENT-MARCH', 'new'],
    ],
    transactions: [
      [noon('2024-03-12'), false, 4.8, 'CARD PAYMENT COSTA COFFEE LONDON GB 12MAR24'],
      [noon('2024-03-13'), false, 1000, 'STANDING ORDER RENT MARCH'],
    ],
    again: ['id', 'id'],
  },
];

describeEachDatabase('import: every format through the route', (ctx) => {
  /** The maintained daily totals equal their recomputation from the rows. */
  const expectTotalsRight = async (userId: number) => {
    const totals = new DailyTotalsRepository(ctx.database.db);
    expect(await totals.all(userId)).toEqual(await totals.recompute(userId));
  };

  for (const [index, c] of CASES.entries()) {
    it(`${c.title} (${c.file})`, async () => {
      const { client, userId } = await newUser(ctx, `format-${index}@example.com`);
      const pocket = await pocketIn(client, c.currency);

      const shown = await preview(client, c.file, { pocketId: pocket.pocketId });
      expect(shown.format).toBe(c.format);
      expect(shown.options).toMatchObject({
        format: c.format,
        encoding: c.encoding,
        pocketId: pocket.pocketId,
        source: 'detected',
      });
      if (c.csv === undefined) expect(shown.options.csv).toBeUndefined();
      else expect(shown.options.csv).toMatchObject(c.csv);
      expect(shown.accounts).toEqual(
        c.accounts.map((a) => ({ ...a, currency: c.currency, pocketId: pocket.pocketId })),
      );
      expect(rowTuples(shown)).toEqual(c.rows);
      expect(shown.rows.every((r) => r.currency === c.currency || r.status === 'error')).toBe(true);
      expect(shown.rows.every((r) => r.pocketId === pocket.pocketId)).toBe(true);
      const errors = shown.rows.filter((r) => r.status === 'error');
      expect(Object.fromEntries(errors.map((r) => [r.line, r.reason]))).toEqual(c.reasons ?? {});
      const newRows = c.rows.filter((r) => r[6] === 'new').length;
      expect(shown.counts).toEqual({ new: newRows, duplicate: 0, error: errors.length });

      const result = await commit(client, shown.batchId);
      expect(result).toEqual({
        batchId: shown.batchId,
        imported: newRows,
        skipped: errors.length,
        duplicates: 0,
        transfers: 0,
        conversions: 0,
        fixpointId: null,
        importedSincePreview: 0,
      });
      const list = await transactions(client);
      expect(tuplesOf(list)).toEqual(sortedTuples(c.transactions));
      expect(new Set(list.map((t) => t.currency))).toEqual(new Set([c.currency]));
      await expectTotalsRight(userId);

      // The same file again: every row that is not an error is a duplicate, by id where the format has ids.
      const again = await preview(client, c.file, { pocketId: pocket.pocketId });
      expect(again.counts).toEqual({ new: 0, duplicate: newRows, error: errors.length });
      expect(again.rows.filter((r) => r.status !== 'error').map((r) => r.duplicateOf?.kind)).toEqual(c.again);
      const byId = again.rows.filter((r) => r.duplicateOf?.kind === 'id');
      expect(byId.every((r) => r.reason === `line ${r.line}: bank id ${r.externalId ?? ''} was imported before`)).toBe(
        true,
      );
      const ids = new Set(list.map((t) => t.id));
      expect(again.rows.every((r) => r.status === 'error' || ids.has(r.duplicateOf?.transactionId ?? 0))).toBe(true);
      expect(await commit(client, again.batchId)).toMatchObject({ imported: 0, duplicates: newRows });
      expect(await transactions(client)).toHaveLength(newRows);
    });
  }

  it('OFX with two statements: both accounts listed; the one pocket of their currency takes both', async () => {
    const { client, userId } = await newUser(ctx, 'two-ofx-unique@example.com');
    const chf = await pocketIn(client, 'CHF', 'Zürcher Konto');
    const shown = await preview(client, 'ofx/two-statements.ofx');
    expect(shown.format).toBe('ofx');
    expect(shown.options.pocketId).toBeNull();
    expect(shown.accounts).toEqual([
      {
        account: 'CH9300762011623852957',
        currency: 'CHF',
        pocketId: chf.pocketId,
        closingBalance: '4210.35',
        closingDate: '2026-03-31',
        openingBalance: '6510.35',
        openingDate: '2026-03-03',
      },
      {
        account: 'CH5604835012345678009',
        currency: 'CHF',
        pocketId: chf.pocketId,
        closingBalance: '10501.25',
        closingDate: '2026-03-31',
        openingBalance: '10000.00',
        openingDate: '2026-03-25',
      },
    ]);
    expect(shown.rows.map((r) => [r.line, r.account, r.date, r.amount, r.externalId, r.status, r.match])).toEqual([
      [1, 'CH9300762011623852957', '2026-03-03', '-1800.00', 'CHK-0303-1', 'new', undefined],
      // Both sides of the transfer land in one pocket: no pair to propose, both are written.
      [2, 'CH9300762011623852957', '2026-03-25', '-500.00', 'CHK-0325-1', 'new', undefined],
      [3, 'CH5604835012345678009', '2026-03-25', '500.00', 'SAV-0325-1', 'new', undefined],
      [4, 'CH5604835012345678009', '2026-03-31', '1.25', 'SAV-0331-1', 'new', undefined],
    ]);
    expect(await commit(client, shown.batchId)).toMatchObject({ imported: 4, transfers: 0 });
    expect(tuplesOf(await transactions(client))).toEqual(
      sortedTuples([
        [noon('2026-03-03'), false, 1800, 'Hausverwaltung AG · Miete März'],
        [noon('2026-03-25'), false, 500, 'Transfer to savings'],
        [noon('2026-03-25'), true, 500, 'Transfer from checking'],
        // "Habenzins" holds the payee "Zins": the text alone.
        [noon('2026-03-31'), true, 1.25, 'Zins · Habenzins Q1'],
      ]),
    );
    await expectTotalsRight(userId);
    const again = await preview(client, 'ofx/two-statements.ofx');
    expect(again.counts).toEqual({ new: 0, duplicate: 4, error: 0 });
    expect(again.rows.map((r) => r.duplicateOf?.kind)).toEqual(['id', 'id', 'id', 'id']);
  });

  it('OFX with two statements and two pockets of their currency: an account without a pocket is errors asking for one', async () => {
    const { client } = await newUser(ctx, 'two-ofx-choose@example.com');
    const checking = await pocketIn(client, 'CHF', 'Checking');
    const savings = okJson<PocketDto>(
      await client.post('/api/pocket/add', { name: 'Savings', currency: 'CHF', isCash: false }),
    );

    // No pocket chosen: neither account has one.
    const unplaced = await preview(client, 'ofx/two-statements.ofx');
    expect(unplaced.accounts.map((a) => [a.account, a.pocketId])).toEqual([
      ['CH9300762011623852957', null],
      ['CH5604835012345678009', null],
    ]);
    expect(unplaced.counts).toEqual({ new: 0, duplicate: 0, error: 4 });
    expect(unplaced.rows.map((r) => r.reason)).toEqual([
      'line 1: choose the pocket account CH9300762011623852957 goes to',
      'line 2: choose the pocket account CH9300762011623852957 goes to',
      'line 3: choose the pocket account CH5604835012345678009 goes to',
      'line 4: choose the pocket account CH5604835012345678009 goes to',
    ]);

    // The chosen pocket takes the first account of its currency; the other still needs one.
    const shown = await preview(client, 'ofx/two-statements.ofx', { pocketId: checking.pocketId });
    expect(shown.accounts.map((a) => [a.account, a.pocketId])).toEqual([
      ['CH9300762011623852957', checking.pocketId],
      ['CH5604835012345678009', null],
    ]);
    expect(shown.rows.map((r) => [r.line, r.status, r.pocketId])).toEqual([
      [1, 'new', checking.pocketId],
      [2, 'new', checking.pocketId],
      [3, 'error', null],
      [4, 'error', null],
    ]);
    expect(shown.rows[2]?.reason).toBe('line 3: choose the pocket account CH5604835012345678009 goes to');
    expect(await commit(client, shown.batchId)).toMatchObject({ imported: 2, skipped: 2 });
    expect(tuplesOf(await transactions(client))).toEqual([
      [noon('2026-03-03'), false, 1800, 'Hausverwaltung AG · Miete März'],
      [noon('2026-03-25'), false, 500, 'Transfer to savings'],
    ]);

    // Then the savings account into Savings: the checking account stays where its profile put it
    // (docs/DECISIONS.md "Accounts → pockets": the profile first, then the chosen pocket for the
    // first account of its currency), so its rows are duplicates there, and the chosen pocket goes
    // to the account no profile places.
    const next = await preview(client, 'ofx/two-statements.ofx', { pocketId: savings.pocketId });
    expect(next.accounts.map((a) => [a.account, a.pocketId])).toEqual([
      ['CH9300762011623852957', checking.pocketId],
      ['CH5604835012345678009', savings.pocketId],
    ]);
    expect(next.rows.map((r) => [r.line, r.status, r.pocketId])).toEqual([
      [1, 'duplicate', checking.pocketId],
      [2, 'duplicate', checking.pocketId],
      [3, 'new', savings.pocketId],
      [4, 'new', savings.pocketId],
    ]);
  });

  it('MT940 with two accounts in SWIFT blocks: both listed, placed by the unique pocket or asked for', async () => {
    const { client, userId } = await newUser(ctx, 'two-mt940@example.com');
    const main = await pocketIn(client, 'EUR');
    const accounts = (pocketId: number | null, second: number | null = pocketId) => [
      {
        account: '37040044/0532013000',
        currency: 'EUR',
        pocketId,
        closingBalance: '4467.50',
        closingDate: '2024-01-02',
        openingBalance: '1000.00',
        openingDate: '2023-12-29',
      },
      {
        account: 'DE02120300000000202051',
        currency: 'EUR',
        pocketId: second,
        closingBalance: '380.00',
        closingDate: '2024-01-02',
        openingBalance: '-120.00',
        openingDate: '2024-01-02',
      },
    ];
    // The user's only EUR pocket takes both accounts.
    const unique = await preview(client, 'mt940/german-swift-blocks.sta');
    expect(unique.format).toBe('mt940');
    expect(unique.accounts).toEqual(accounts(main.pocketId));
    expect(unique.counts).toEqual({ new: 5, duplicate: 0, error: 0 });

    // With a second EUR pocket the chosen one takes the first account; the second needs a choice.
    okJson(await client.post('/api/pocket/add', { name: 'Tagesgeld', currency: 'EUR', isCash: false }));
    const shown = await preview(client, 'mt940/german-swift-blocks.sta', { pocketId: main.pocketId });
    expect(shown.accounts).toEqual(accounts(main.pocketId, null));
    expect(rowTuples(shown)).toEqual([
      [
        6,
        '2023-12-29',
        '-12.50',
        'BAECKEREI MUELLER GMBH UND CO KG',
        'Baeckerei Mueller Filiale 12 Koeln',
        'POS2023122901',
        'new',
      ],
      [10, '2023-12-29', '25.00', 'Streaming Media AG', 'Abo Dezember Rueckgabe', 'RUECK778899', 'new'],
      [
        12,
        '2024-01-02',
        '3500.00',
        'Muster Consulting GmbH',
        'Rechnung 2023-4711 Beratung Dezember',
        'UEB999001',
        'new',
      ],
      [16, '2024-01-02', '-45.00', 'Stadtwerke Koeln GmbH', 'Abschlag Januar 2024', null, 'new'],
      [27, '2024-01-02', '500.00', '', 'Umbuchung vom Tagesgeld', 'UEB0102', 'error'],
    ]);
    expect(shown.rows[4]?.reason).toBe('line 27: choose the pocket account DE02120300000000202051 goes to');
    expect(await commit(client, shown.batchId)).toMatchObject({ imported: 4, skipped: 1 });
    expect(tuplesOf(await transactions(client))).toEqual([
      [noon('2023-12-29'), false, 12.5, 'BAECKEREI MUELLER GMBH UND CO KG · Baeckerei Mueller Filiale 12 Koeln'],
      [noon('2023-12-29'), true, 25, 'Streaming Media AG · Abo Dezember Rueckgabe'],
      [noon('2024-01-02'), false, 45, 'Stadtwerke Koeln GmbH · Abschlag Januar 2024'],
      [noon('2024-01-02'), true, 3500, 'Muster Consulting GmbH · Rechnung 2023-4711 Beratung Dezember'],
    ]);
    await expectTotalsRight(userId);
    // The same request again: the first account is now placed by its profile, and the chosen
    // pocket, already its pocket, is not handed to the second account as well: that one still
    // asks for a pocket, as it did before the commit.
    const again = await preview(client, 'mt940/german-swift-blocks.sta', { pocketId: main.pocketId });
    expect(again.rows.map((r) => [r.line, r.status, r.duplicateOf?.kind])).toEqual([
      [6, 'duplicate', 'id'],
      [10, 'duplicate', 'id'],
      [12, 'duplicate', 'id'],
      [16, 'duplicate', 'fingerprint'],
      [27, 'error', undefined],
    ]);
  });
});

describeEachDatabase('import: closing balances as fixpoints', (ctx) => {
  const fixpoint = async (client: TestClient, id: number) =>
    okJson<FixpointDetail>(await client.get(`/api/fixpoint/getbyid/${id}`));
  const states = async (client: TestClient, id: number) =>
    okJson<PocketStateGroup[]>(await client.get(`/api/fixpoint/getstates/${id}`)).map((g) => ({
      currency: g.currency,
      items: g.items.map((s) => ({ pocketId: s.pocketId, balance: s.balance })),
    }));

  it('OFX LEDGERBAL: the pocket’s stated balance at the end of the day, the other pockets as in the fixpoint before', async () => {
    const { client } = await newUser(ctx, 'fixpoint-ofx@example.com');
    const main = await pocketIn(client, 'EUR');
    const cash = okJson<PocketDto>(
      await client.post('/api/pocket/add', { name: 'Cash', currency: 'EUR', isCash: true }),
    );
    const usd = await pocketIn(client, 'USD');
    // Every pocket needs a balance in a fixpoint.
    const before = okJson<FixpointDetail>(
      await client.post('/api/fixpoint/set?time=2026-02-01T00:00:00Z', [
        { pocketId: main.pocketId, balance: 1000 },
        { pocketId: cash.pocketId, balance: 50 },
        { pocketId: usd.pocketId, balance: 200 },
      ]),
    );

    const shown = await preview(client, 'ofx/bank-sgml-102.ofx', { pocketId: main.pocketId });
    expect(shown.accounts[0]).toMatchObject({ closingBalance: '1234.56', closingDate: '2026-02-28' });
    // The fixpoint before is at 1 February, before the first row (2 February): unaffected.
    expect(shown.fixpoints).toEqual({ affected: 0, earliest: null });
    const result = await commit(client, shown.batchId, { fixpoint: true });
    expect(result).toMatchObject({ imported: 3 });
    const id = result.fixpointId;
    if (id === null) throw new Error('no fixpoint');
    expect(id).not.toBe(before.id);

    // The fixpoint states the statement's pocket only (DESIGN §4): cash and USD pass through it.
    // The statement's opening (LEDGERBAL less its rows: 1234.56 + 12.50 - 2450.00 + 89.99 = -1112.95)
    // is anchored at the end of 1 February, before its first row; counted from there, EUR's
    // calculated balance is the closing one. (Extra fields of an error, as whether it is an
    // opening's, are another module's.)
    expect(shown.accounts[0]).toMatchObject({ openingBalance: '-1112.95', openingDate: '2026-02-02' });
    expect(await fixpoint(client, id)).toMatchObject({
      id,
      time: '2026-02-28T23:59:59.999Z',
      errors: [{ currency: 'EUR', stated: 1234.56, calculated: 1234.56, error: 0 }],
    });
    expect(await states(client, id)).toEqual([
      { currency: 'EUR', items: [{ pocketId: main.pocketId, balance: 1234.56 }] },
    ]);
    // Available EUR: the statement's 1234.56 plus the cash pocket's 50 it never stated; USD as it was.
    const holdings = okJson<{ currency: string; amount: number }[]>(
      await client.post('/api/analytics/holdings', '"2026-03-01"', { headers: { 'content-type': 'application/json' } }),
    );
    expect(holdings.map((h) => [h.currency, h.amount])).toEqual([
      ['EUR', 1284.56],
      ['USD', 200],
    ]);

    const undone = okJson<ImportUndoResult>(await client.post(`/api/import/undo/${shown.batchId}`));
    expect(undone).toEqual({ batchId: shown.batchId, removed: 3, restored: 0 });
    expectError(await client.get(`/api/fixpoint/getbyid/${id}`), 404);
    // The fixpoint the user set stays.
    expect((await fixpoint(client, before.id)).time).toBe('2026-02-01T00:00:00.000Z');
  });

  it('CAMT CLBD without a fixpoint before: the pocket alone is stated, its opening (PRCD) anchored before', async () => {
    const { client } = await newUser(ctx, 'fixpoint-camt@example.com');
    const main = await pocketIn(client, 'EUR');
    const usd = await pocketIn(client, 'USD');
    const shown = await preview(client, 'camt/camt053-v02.xml', { pocketId: main.pocketId });
    const result = await commit(client, shown.batchId, { fixpoint: true });
    expect(result).toMatchObject({ imported: 6 });
    const id = result.fixpointId;
    if (id === null) throw new Error('no fixpoint');
    // The rows move -45.90 + 1200.00 - 100.00 - 150.50 - 49.50 - 1500.00 = -645.90; stated: CLBD
    // 495.90 DBIT. The difference, 150.00, is the statement's opening balance (PRCD), which is
    // anchored before its first row: counted from it, the closing balance is exact.
    expect(await fixpoint(client, id)).toMatchObject({
      id,
      time: '2026-02-28T23:59:59.999Z',
      errors: [{ currency: 'EUR', stated: -495.9, calculated: -495.9, error: 0 }],
    });
    // USD is not stated by the statement's fixpoint: not set to 0, not in its errors.
    expect(await states(client, id)).toEqual([
      { currency: 'EUR', items: [{ pocketId: main.pocketId, balance: -495.9 }] },
    ]);
    expect(usd.currency).toBe('USD');
    okJson(await client.post(`/api/import/undo/${shown.batchId}`));
    expectError(await client.get(`/api/fixpoint/getbyid/${id}`), 404);
    expect(okJson(await client.get('/api/fixpoint/getlast'))).toBeNull();
  });

  it('a file without a closing balance makes no fixpoint, fixpoint: true or not', async () => {
    const { client } = await newUser(ctx, 'fixpoint-none@example.com');
    const main = await pocketIn(client, 'EUR');
    const shown = await preview(client, 'csv/fr-banque.csv', { pocketId: main.pocketId });
    expect(shown.accounts).toEqual([{ account: '', currency: 'EUR', pocketId: main.pocketId }]);
    expect(await commit(client, shown.batchId, { fixpoint: true })).toMatchObject({ imported: 4, fixpointId: null });
    expect(okJson(await client.get('/api/fixpoint/getlast'))).toBeNull();
  });

  it('two statements in one pocket: the pocket’s stated balance is the sum of their closing balances', async () => {
    const { client } = await newUser(ctx, 'fixpoint-two-accounts@example.com');
    const chf = await pocketIn(client, 'CHF');
    const shown = await preview(client, 'ofx/two-statements.ofx');
    // The user's one CHF pocket takes both accounts.
    expect(shown.accounts.map((a) => [a.pocketId, a.closingBalance, a.closingDate])).toEqual([
      [chf.pocketId, '4210.35', '2026-03-31'],
      [chf.pocketId, '10501.25', '2026-03-31'],
    ]);
    const result = await commit(client, shown.batchId, { fixpoint: true });
    const id = result.fixpointId;
    if (id === null) throw new Error('no fixpoint');
    // The pocket holds the rows of both accounts, so its balance is both balances:
    // 4210.35 + 10501.25 = 14711.60. Calculated: -1800.00 - 500.00 + 500.00 + 1.25 = -1798.75.
    expect(await states(client, id)).toEqual(
      expect.arrayContaining([{ currency: 'CHF', items: [{ pocketId: chf.pocketId, balance: 14711.6 }] }]),
    );
    expect((await fixpoint(client, id)).errors).toEqual([
      { currency: 'CHF', stated: 14711.6, calculated: -1798.75, error: 16510.35 },
    ]);
  });

  it('a currency without minor units written with .00 (JPY): rows and the closing balance read exactly', async () => {
    const { client } = await newUser(ctx, 'fixpoint-jpy@example.com');
    const jpy = await pocketIn(client, 'JPY');
    // OFX writers print every amount with two decimals; "-1500.00" yen is exactly 1500 yen.
    const ofx = fixture('ofx/two-statements.ofx')
      .toString('utf8')
      .replace(/<STMTTRNRS>\s*<TRNUID>2[\s\S]*?<\/STMTTRNRS>/, '')
      .replace(/CHF/g, 'JPY')
      .replace('-1800.00', '-1500.00')
      .replace('4210.35', '98500.00');
    const { payload, extra } = await multipart({ name: 'yen.ofx', content: ofx }, { pocketId: jpy.pocketId });
    const shown = okJson<ImportPreview>(await client.post('/api/import/preview', payload, extra));
    expect(shown.accounts).toMatchObject([{ currency: 'JPY', closingBalance: '98500', closingDate: '2026-03-31' }]);
    // Zeros past the currency's decimals are no precision: "-1500.00" yen is -1500.
    expect(shown.rows.map((r) => [r.amount, r.status, r.reason])).toEqual([
      ['-1500', 'new', undefined],
      ['-500', 'new', undefined],
    ]);
    const result = await commit(client, shown.batchId, { fixpoint: true });
    expect(result.imported).toBe(2);
    const id = result.fixpointId;
    if (id === null) throw new Error('no fixpoint');
    expect(await states(client, id)).toEqual(
      expect.arrayContaining([{ currency: 'JPY', items: [{ pocketId: jpy.pocketId, balance: 98500 }] }]),
    );
  });

  it('MT940 closing balance: the latest statement’s, in a pocket of another currency', async () => {
    const { client } = await newUser(ctx, 'fixpoint-mt940@example.com');
    const main = await pocketIn(client, 'EUR');
    const gbp = await pocketIn(client, 'GBP');
    const shown = await preview(client, 'mt940/daily-statements.sta', { pocketId: gbp.pocketId });
    const result = await commit(client, shown.batchId, { fixpoint: true });
    const id = result.fixpointId;
    if (id === null) throw new Error('no fixpoint');
    // GBP: the rows move -4.80 - 1000.00 = -1004.80; stated 1535.32. The first statement's opening
    // (:60F:, 2540.12) is anchored before the first row: counted from it, no error.
    expect(await fixpoint(client, id)).toMatchObject({
      id,
      time: '2024-03-13T23:59:59.999Z',
      errors: [{ currency: 'GBP', stated: 1535.32, calculated: 1535.32, error: 0 }],
    });
    // The EUR pocket is not stated by the statement's fixpoint.
    expect(await states(client, id)).toEqual([
      { currency: 'GBP', items: [{ pocketId: gbp.pocketId, balance: 1535.32 }] },
    ]);
    expect(main.currency).toBe('EUR');
    okJson(await client.post(`/api/import/undo/${shown.batchId}`));
    expectError(await client.get(`/api/fixpoint/getbyid/${id}`), 404);
  });

  it('a fixpoint already at the closing instant gets the state, and undo puts the old one back', async () => {
    const { client } = await newUser(ctx, 'fixpoint-same-instant@example.com');
    const main = await pocketIn(client, 'EUR');
    const chf = await pocketIn(client, 'CHF');
    const existing = okJson<FixpointDetail>(
      await client.post('/api/fixpoint/set?time=2026-05-31T23:59:59.999Z', [
        { pocketId: main.pocketId, balance: 10 },
        { pocketId: chf.pocketId, balance: 5 },
      ]),
    );
    const shown = await preview(client, 'camt/camt053-v08.xml', { pocketId: chf.pocketId });
    expect(shown.fixpoints).toEqual({ affected: 1, earliest: '2026-05-31T23:59:59.999Z' });
    const result = await commit(client, shown.batchId, { fixpoint: true });
    expect(result.fixpointId).toBe(existing.id);
    // CHF: the rows move 89 - 120 + 20 + 25 + 15 - 89 = -60; counted from the statement's opening
    // (OPBD 2000.00, anchored before its first row), the closing 1940 is exact.
    expect((await fixpoint(client, existing.id)).errors).toMatchObject([
      { currency: 'CHF', stated: 1940, calculated: 1940, error: 0 },
      { currency: 'EUR', stated: 10, calculated: 0, error: 10 },
    ]);
    expect(await states(client, existing.id)).toEqual(
      expect.arrayContaining([
        { currency: 'CHF', items: [{ pocketId: chf.pocketId, balance: 1940 }] },
        { currency: 'EUR', items: [{ pocketId: main.pocketId, balance: 10 }] },
      ]),
    );
    okJson(await client.post(`/api/import/undo/${shown.batchId}`));
    expect(await fixpoint(client, existing.id)).toMatchObject({
      id: existing.id,
      time: '2026-05-31T23:59:59.999Z',
      errors: [
        { currency: 'CHF', stated: 5, calculated: 0, error: 5 },
        { currency: 'EUR', stated: 10, calculated: 0, error: 10 },
      ],
    });
  });
});

describeEachDatabase('import: statement balances and running-balance warnings (issue 32)', (ctx) => {
  it("answers a CSV balance column as the account's opening and closing, and a row that does not follow with a warning", async () => {
    const { client } = await newUser(ctx, 'running-balance@example.com');
    const main = await pocketIn(client, 'EUR');
    const shown = await preview(client, 'csv/running-balance.csv', { pocketId: main.pocketId });
    expect(shown.options.csv?.columns).toMatchObject({ balance: 'Saldo nach Buchung' });
    expect(shown.accounts).toEqual([
      {
        account: '',
        currency: 'EUR',
        pocketId: main.pocketId,
        openingBalance: '300.00',
        openingDate: '2025-12-02',
        closingBalance: '1204.10',
        closingDate: '2025-12-05',
      },
    ]);
    // Flagged, not an error: the row is new and is imported.
    expect(shown.rows.map((r) => [r.line, r.status, r.warning])).toEqual([
      [2, 'new', 'line 2, balance: 1 204.10 does not follow from 1 250.00 + \u221240.90'],
      [3, 'new', undefined],
      [4, 'new', undefined],
      [5, 'new', undefined],
    ]);
    expect(await commit(client, shown.batchId)).toMatchObject({ imported: 4 });
  });

  it("answers a statement's opening balance in the currency's decimals, and none that is not exact", async () => {
    const { client } = await newUser(ctx, 'opening-exact@example.com');
    const jpy = await pocketIn(client, 'JPY');
    const mt940 = fixture('mt940/split-86-fields.sta')
      .toString('utf8')
      .replace(/EUR/g, 'JPY')
      .replace(/,(\d\d)/g, ',00')
      .replace(':60F:C251103JPY1250,00', ':60F:C251103JPY1250,5');
    const { payload, extra } = await multipart({ name: 'yen.sta', content: mt940 }, { pocketId: jpy.pocketId });
    const shown = okJson<ImportPreview>(await client.post('/api/import/preview', payload, extra));
    expect(shown.accounts).toEqual([
      {
        account: 'DE44500105175407324931',
        currency: 'JPY',
        pocketId: jpy.pocketId,
        closingBalance: '1196',
        closingDate: '2025-11-05',
      },
    ]);
    const exact = mt940.replace(':60F:C251103JPY1250,5', ':60F:C251103JPY1250,00');
    const again = await multipart({ name: 'yen.sta', content: exact }, { pocketId: jpy.pocketId });
    const shownAgain = okJson<ImportPreview>(await client.post('/api/import/preview', again.payload, again.extra));
    expect(shownAgain.accounts[0]).toMatchObject({ openingBalance: '1250', openingDate: '2025-11-04' });
  });
});

describeEachDatabase('import: encodings and files the readers refuse', (ctx) => {
  it('decodes a Windows-1252 file as detected, and as ISO-8859-1 when told, reporting the encoding used', async () => {
    const { client } = await newUser(ctx, 'encoding@example.com');
    const pocket = await pocketIn(client, 'EUR');
    const file = 'encodings/de-dkb-windows-1252.csv';

    const detected = await preview(client, file, { pocketId: pocket.pocketId });
    expect(detected.options).toMatchObject({ encoding: 'windows-1252', source: 'detected' });
    expect(detected.options.csv?.encoding).toBe('windows-1252');
    // 0x80 is € in Windows-1252; 0x84/0x93 are „ “.
    expect(detected.table?.header[7]).toBe('Betrag (€)');
    expect(detected.rows.find((r) => r.line === 13)?.description).toBe('Kontoführungsentgelt 4,90 €');
    expect(detected.rows.find((r) => r.line === 11)?.description).toBe('Strom Abschlag „Januar“');

    // ISO-8859-1 reads 0x80–0x9F as C1 control characters: honoured, and said so. The raw table
    // shows the file as read; row text loses them, as every stored text loses control characters.
    const latin1 = await preview(client, file, { pocketId: pocket.pocketId, encoding: 'iso-8859-1' });
    expect(latin1.options).toMatchObject({ encoding: 'iso-8859-1', source: 'given' });
    expect(latin1.options.csv?.encoding).toBe('iso-8859-1');
    expect(latin1.table?.header[7]).toBe('Betrag (\u0080)');
    expect(latin1.options.csv?.columns.amount).toBe('Betrag (\u0080)');
    const fee = latin1.rows.find((r) => r.line === 13)?.description ?? '';
    expect(fee).not.toContain('€');
    expect(fee).toBe('Kontoführungsentgelt 4,90');
    // Letters of Latin-1 itself read the same either way.
    expect(latin1.rows.map((r) => [r.line, r.date, r.amount, r.payee, r.status])).toEqual(
      detected.rows.map((r) => [r.line, r.date, r.amount, r.payee, r.status]),
    );

    // csv.encoding is read too.
    const viaCsv = await preview(client, file, { pocketId: pocket.pocketId, csv: { encoding: 'iso-8859-1' } });
    expect(viaCsv.options.encoding).toBe('iso-8859-1');
  });

  it('refuses broken structured files and a format the file is not with 422, writing nothing', async () => {
    const { client } = await newUser(ctx, 'refused@example.com');
    const pocket = await pocketIn(client, 'EUR');
    const send = async (name: string, content: string, options: Record<string, unknown> = {}) => {
      const { payload, extra } = await multipart({ name, content }, { pocketId: pocket.pocketId, ...options });
      return client.post('/api/import/preview', payload, extra);
    };
    const before = await snapshotTables(ctx.database);

    const camt = fixture('camt/camt053-v02.xml').toString('utf8');
    const broken = await send('broken.xml', camt.replace('</Ntry>', ''));
    expectError(broken, 422, 'CAMT: the XML is not well-formed (line ');
    expect(broken.json<{ message: string }>().message).toContain("Expected closing tag 'Ntry'");
    expectError(
      await send('report.xml', camt.replace(/<Stmt>[\s\S]*<\/Stmt>/, '')),
      422,
      'CAMT: no statement (BkToCstmrStmt/Stmt or BkToCstmrAcctRpt/Rpt) found',
    );
    const ofx = fixture('ofx/bank-sgml-102.ofx').toString('utf8');
    expectError(
      await send('empty.ofx', ofx.replace(/<BANKMSGSRSV1>[\s\S]*<\/BANKMSGSRSV1>/, '')),
      422,
      'OFX: no statement (STMTRS or CCSTMTRS) found',
    );
    const csv = fixture('csv/fr-banque.csv').toString('utf8');
    expectError(await send('releve.csv', csv, { format: 'ofx' }), 422, 'The file is not OFX: it looks like CSV');
    expectError(
      await send('releve.csv', csv, { format: 'camt053' }),
      422,
      'The file is not CAMT.053: it looks like CSV',
    );
    const mt940 = fixture('mt940/daily-statements.sta').toString('utf8');
    expectError(
      await send('statement.sta', mt940.replace(/:25:.*\n/g, '').replace(/:61:.*\n/g, '')),
      422,
      'MT940: no statement',
    );

    expect(await snapshotTables(ctx.database)).toEqual(before);
  });
});
