import { unprocessable } from '../../../http/errors.js';
import { fullYear, isoDate } from './dates.js';
import { cleanText, normaliseAmount, quoted } from './statement-values.js';
import type { ParsedAccount, ParsedRow, ParsedStatement } from './types.js';

// QIF (Quicken Interchange Format): '!' header lines, then records of one-letter fields, each
// record ended by '^'. It names no currency and no balance; accounts only by name (!Account).

/** Sections whose records are bank-like transactions; the rest (!Type:Invst, Cat, Memorized, …) are skipped. */
const TRANSACTION_TYPES = new Set(['bank', 'ccard', 'cash', 'oth a', 'oth l']);

type Section = 'transactions' | 'account' | 'other';

interface QifRecord {
  /** 1-based line of the record's first field. */
  line: number;
  /** Each field letter's first value (a split's S/E/$ lines repeat and are not needed). */
  fields: Map<string, string>;
  account: string;
}

/** Reads a QIF file: every bank, cash, credit card and asset/liability account section. */
export function parseQif(text: string): ParsedStatement {
  const lines = text.split(/\r\n|\r|\n/);
  const records: QifRecord[] = [];
  const accountNames: string[] = [];
  let sawType = false;
  let section: Section = 'other';
  // Rows belong to the account of the last !Account record before them. An !Option:AutoSwitch
  // list of all accounts is followed, in Quicken's export, by an !Account block per account
  // before its transactions, which then sets the right one; so the option needs no handling.
  let account = '';
  let current: QifRecord | undefined;

  const finish = (record: QifRecord | undefined) => {
    if (record === undefined) return;
    if (section === 'transactions') {
      records.push(record);
    } else if (section === 'account') {
      account = cleanText(record.fields.get('N') ?? '');
      if (!accountNames.includes(account)) accountNames.push(account);
    }
  };

  for (let index = 0; index < lines.length; index += 1) {
    const line = (lines[index] ?? '').trim();
    if (line === '') continue;
    if (line.startsWith('!')) {
      finish(current);
      current = undefined;
      const header = line.toLowerCase();
      if (header.startsWith('!type:')) {
        sawType = true;
        section = TRANSACTION_TYPES.has(cleanText(header.slice('!type:'.length))) ? 'transactions' : 'other';
      } else if (header === '!account') {
        section = 'account';
      } else if (!header.startsWith('!option:') && !header.startsWith('!clear:')) {
        section = 'other';
      }
      continue;
    }
    if (line.startsWith('^')) {
      finish(current);
      current = undefined;
      continue;
    }
    current ??= { line: index + 1, fields: new Map(), account };
    const letter = line.charAt(0).toUpperCase();
    if (!current.fields.has(letter)) current.fields.set(letter, line.slice(1));
  }
  finish(current); // the last record's '^' is often missing

  if (!sawType && records.length === 0) throw unprocessable('QIF: no !Type header found');
  if (records.length === 0 && accountNames.every((name) => name === '')) {
    throw unprocessable('QIF: no transactions found');
  }

  const order = dayMonthOrder(records);
  const rows = records.map((record) => readRecord(record, order));
  // The accounts rows belong to, in the order first used; a file of account records only lists those.
  const used = [...new Set(rows.map((row) => row.account))];
  const accounts: ParsedAccount[] = (used.length > 0 ? used : accountNames).map((name) => ({
    account: name,
    currency: '',
  }));
  return { accounts, rows };
}

/**
 * One record. Split lines (S category, E memo, $ amount) are left out: T is the record's total,
 * so a split transaction is one row.
 * N, the check number, is not the external id: a cheque number repeats across accounts and
 * years, and many programs put words there (ATM, DEP, EFT). A numeric one is kept in the
 * description ("Rent #1042"), where the user sees it and it tells two equal cheques apart.
 */
function readRecord(record: QifRecord, order: DayMonthOrder): ParsedRow {
  const { fields, line } = record;
  const problems: string[] = [];
  const dateText = fields.get('D') ?? '';
  const date = qifDay(dateText, order);
  if (date === undefined)
    problems.push(dateText.trim() === '' ? 'date: missing' : `date: ${quoted(dateText)} is not a date`);
  const amountText = fields.get('T') ?? fields.get('U') ?? '';
  const amount = normaliseAmount(amountText, 'thousands');
  if (amount === undefined) {
    problems.push(amountText.trim() === '' ? 'amount: missing' : `amount: ${quoted(amountText)} is not a number`);
  }
  const payee = cleanText(fields.get('P') ?? '');
  const number = cleanText(fields.get('N') ?? '');
  let description = cleanText(fields.get('M') ?? '') || payee;
  if (/^\d+$/.test(number)) description = description === '' ? `#${number}` : `${description} #${number}`;
  const row: ParsedRow = {
    line,
    date: date ?? '',
    amount: amount ?? '',
    currency: '',
    description,
    payee,
    externalId: null,
    account: record.account,
  };
  if (problems.length > 0) row.error = `line ${line}, ${problems.join('; ')}`;
  return row;
}

type DayMonthOrder = 'MD' | 'DM';

// M/D/Y with '/' or '-', a "'" before the year marking 2000 and later (Quicken: 1/5'04);
// D.M.Y; and Y-M-D (or Y/M/D). Quicken pads one-digit parts with a space (" 1/ 5/98"), so
// spaces are dropped first.
const PART_DATE = /^(\d{1,2})([/.-])(\d{1,2})(?:([/.-])|('))(\d{1,4})$/;
const ISO_DATE = /^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})$/;

/**
 * The order of the two leading parts for the whole file: a '/'-date whose first part is above 12
 * makes it day-first, one whose second part is above 12 month-first; with neither, QIF's home
 * convention (US, month first) holds. Dotted dates are always day-first.
 */
function dayMonthOrder(records: readonly QifRecord[]): DayMonthOrder {
  for (const record of records) {
    const match = PART_DATE.exec((record.fields.get('D') ?? '').replace(/\s/g, ''));
    if (match === null || match[2] === '.') continue;
    if (Number(match[1]) > 12) return 'DM';
    if (Number(match[3]) > 12) return 'MD';
  }
  return 'MD';
}

function qifDay(text: string, order: DayMonthOrder): string | undefined {
  const compact = text.replace(/\s/g, '');
  const iso = ISO_DATE.exec(compact);
  if (iso !== null) return isoDate(Number(iso[1]), Number(iso[3]), Number(iso[4])) ?? undefined;
  const match = PART_DATE.exec(compact);
  if (match === null) return undefined;
  const [, first = '', separator, second = '', , apostrophe, yearText = ''] = match;
  if (yearText.length === 3) return undefined;
  const twoDigits = Number(yearText);
  const year = yearText.length === 4 ? twoDigits : apostrophe === undefined ? fullYear(twoDigits) : 2000 + twoDigits;
  const dayFirst = separator === '.' || order === 'DM';
  return isoDate(year, Number(dayFirst ? second : first), Number(dayFirst ? first : second)) ?? undefined;
}
