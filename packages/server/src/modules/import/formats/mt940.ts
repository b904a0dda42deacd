import { unprocessable } from '../../../http/errors.js';
import { negateAmount } from './amounts.js';
import { earliestDay, openingDay } from './balances.js';
import { fullYear, isoDate } from './dates.js';
import { StatementAccounts, cleanText, normaliseAmount, quoted } from './statement-values.js';
import type { ParsedAccount, ParsedRow, ParsedStatement } from './types.js';

// SWIFT MT940 customer statements, as banks hand them out: bare fields (:20: … :62F:) or each
// message wrapped in SWIFT blocks ({1:…}{2:…}{4: … -}), several statements per file. The tag
// mapping is small and written here (mt940js, the one library, is untyped and barely kept).

/** A field: its tag, its text (continuation lines joined with '\n') and its 1-based line. */
interface Field {
  tag: string;
  value: string;
  line: number;
}

interface Statement {
  account: string;
  /** From :60F:/:60M:, else a currency suffix of :25:, else :62F:. */
  currency: string;
  suffixCurrency: string;
  closingCurrency: string;
  closingBalance?: string;
  closingDate?: string;
  /** :60F:/:60M: as the file dates it (balances.ts says which day it holds at the start of). */
  opening?: { amount: string; date: string };
  rows: ParsedRow[];
}

const FIELD_START = /^:(\d{2}[A-Z]?|NS):/;
/** Blocks 1 to 3 ({3:…} may nest one level: {3:{108:REF}}) and the opening of block 4. */
const BLOCK_HEADERS = /^(?:\{[1-3]:(?:[^{}]|\{[^{}]*\})*\})*(?:\{4:)?/;
/**
 * Value date, optional booking date (MMDD), mark (C, D, RC, RD), funds code, amount, then the
 * rest: the transaction type and the references. Banks pad with spaces around the type, so white
 * space is let pass between the parts; once day, mark and amount read, the row is read.
 */
const ENTRY = /^(\d{6})(\d{4})?\s*(R?[CD])([A-Z])?\s*(\d+(?:,\d*)?)(.*)$/;
/** The transaction type (NTRF, FCHG, S202): mandatory in SWIFT, read past when it is there. */
const TRANSACTION_TYPE = /^\s*[NFS][A-Z0-9]{3}/;
const BALANCE = /^([CD])(\d{6})([A-Z]{3})(\d+(?:,\d*)?)$/;

/** Reads an MT940 file: every statement, the rows of all in file order. */
export function parseMt940(text: string): ParsedStatement {
  const fields = splitFields(text);
  const statements: Statement[] = [];
  let statement: Statement | undefined;
  let lastRow: ParsedRow | undefined;
  const current = (): Statement => {
    if (statement === undefined) {
      statement = { account: '', currency: '', suffixCurrency: '', closingCurrency: '', rows: [] };
      statements.push(statement);
    }
    return statement;
  };

  // Each entry's :86: lines; several :86: fields in a row are one field cut by the bank.
  const information = new Map<ParsedRow, string[]>();

  for (const field of fields) {
    const previousRow = lastRow;
    lastRow = undefined;
    switch (field.tag) {
      case '20':
        statement = undefined; // a new statement begins
        current();
        break;
      case '25': {
        const { account, currency } = readAccount(field.value);
        current().account = account;
        current().suffixCurrency = currency;
        break;
      }
      case '60F':
      case '60M': {
        const balance = BALANCE.exec(field.value.trim());
        if (balance !== null) current().currency = balance[3] ?? '';
        const opening = readBalance(field.value);
        if (opening !== undefined) current().opening = opening;
        break;
      }
      case '61':
        lastRow = readEntry(field, current().account);
        current().rows.push(lastRow);
        break;
      case '86':
        // Information for the account owner belongs to the :61: right before it (or to the :86:
        // before it, which it continues); after the closing balance it describes the statement,
        // which has no place in a row.
        if (previousRow !== undefined) {
          const values = information.get(previousRow) ?? [];
          values.push(field.value);
          information.set(previousRow, values);
          lastRow = previousRow;
        }
        break;
      case '62F':
      case '62M': {
        const closing = readBalance(field.value);
        if (closing !== undefined) {
          const target = current();
          target.closingBalance = closing.amount;
          target.closingDate = closing.date;
          target.closingCurrency = closing.currency;
        }
        break;
      }
      default:
        break; // :28C: number, :64: available, :65: forward available, :NS: bank specific
    }
  }

  for (const [row, values] of information) applyInformation(row, values.join('\n'));

  const rows: ParsedRow[] = [];
  const accounts = new StatementAccounts();
  for (const s of statements) {
    const currency = s.currency || s.suffixCurrency || s.closingCurrency;
    if (s.account === '' && s.rows.length === 0) continue;
    accounts.add(accountOf(s, currency));
    for (const row of s.rows) {
      row.currency = currency;
      rows.push(row);
    }
  }
  if (accounts.size === 0) throw unprocessable('MT940: no statement (:25: account or :61: entry) found');
  return { accounts: accounts.list(), rows };
}

/** A statement's account with its balances; the opening on the day it holds at the start of. */
function accountOf(s: Statement, currency: string): ParsedAccount {
  const account: ParsedAccount = { account: s.account, currency };
  if (s.closingBalance !== undefined) account.closingBalance = s.closingBalance;
  if (s.closingDate !== undefined) account.closingDate = s.closingDate;
  if (s.opening !== undefined) {
    account.openingBalance = s.opening.amount;
    const firstRowDay = earliestDay(s.rows.map((row) => row.date));
    account.openingDate = openingDay(s.opening.date, 'end', firstRowDay, s.closingDate);
  }
  return account;
}

/**
 * Cuts the text into fields, dropping the SWIFT block wrapping: block headers before {4:, the
 * message end '-}' (or a bare '-' line), and block 5 trailers. Lines keep their file numbers.
 */
function splitFields(text: string): Field[] {
  const fields: Field[] = [];
  let field: { tag: string; lines: string[]; line: number } | undefined;
  const flush = () => {
    if (field !== undefined) fields.push({ tag: field.tag, value: field.lines.join('\n'), line: field.line });
    field = undefined;
  };
  const lines = text.split(/\r\n|\r|\n/);
  for (let index = 0; index < lines.length; index += 1) {
    let line = lines[index] ?? '';
    if (line.startsWith('{')) line = line.replace(BLOCK_HEADERS, '');
    const trimmed = line.trim();
    if (trimmed === '-' || trimmed.startsWith('-}') || trimmed.startsWith('{5:')) {
      flush();
      continue;
    }
    const start = FIELD_START.exec(line);
    if (start !== null) {
      flush();
      field = { tag: start[1] ?? '', lines: [line.slice(start[0].length)], line: index + 1 };
    } else if (field !== undefined && trimmed !== '') {
      field.lines.push(line);
    }
  }
  flush();
  return fields;
}

/** :25: "BLZ/account", an IBAN, or either with the account's currency appended ("…3000EUR"). */
function readAccount(value: string): { account: string; currency: string } {
  const compact = cleanText(value).replace(/\s/g, '');
  const suffix = /^(.*\d)\/?([A-Z]{3})$/.exec(compact);
  return suffix === null ? { account: compact, currency: '' } : { account: suffix[1] ?? '', currency: suffix[2] ?? '' };
}

/** A day from YYMMDD. */
function dayOf(yymmdd: string): string | undefined {
  return (
    isoDate(fullYear(Number(yymmdd.slice(0, 2))), Number(yymmdd.slice(2, 4)), Number(yymmdd.slice(4, 6))) ?? undefined
  );
}

/** :60F:/:62F: "C231231EUR1234,56". */
function readBalance(value: string): { amount: string; date: string; currency: string } | undefined {
  const match = BALANCE.exec(value.trim());
  if (match === null) return undefined;
  const [, mark, yymmdd = '', currency = '', amountText = ''] = match;
  const date = dayOf(yymmdd);
  const amount = normaliseAmount(amountText, 'decimal');
  if (date === undefined || amount === undefined) return undefined;
  return { amount: mark === 'D' ? negateAmount(amount) : amount, date, currency };
}

/**
 * The booking day from the value day and the booking MMDD, which carries no year: the year that
 * puts it nearest the value day, so a value day 231231 booked 0102 is 2024-01-02.
 */
function bookingDay(valueDay: string, mmdd: string): string | undefined {
  const year = Number(valueDay.slice(0, 4));
  const valueTime = Date.parse(valueDay);
  let best: { day: string; distance: number } | undefined;
  for (const candidate of [year - 1, year, year + 1]) {
    const day = isoDate(candidate, Number(mmdd.slice(0, 2)), Number(mmdd.slice(2, 4)));
    if (day === null) continue;
    const distance = Math.abs(Date.parse(day) - valueTime);
    if (best === undefined || distance < best.distance) best = { day, distance };
  }
  return best?.day;
}

/** One :61: statement line (its second line, supplementary details, is the fallback description). */
function readEntry(field: Field, account: string): ParsedRow {
  const [first = '', ...more] = field.value.split('\n');
  const row: ParsedRow = {
    line: field.line,
    date: '',
    amount: '',
    currency: '',
    description: cleanText(more.join(' ')),
    payee: '',
    externalId: null,
    account,
  };
  const match = ENTRY.exec(first.trim());
  if (match === null) {
    row.error = `line ${field.line}, :61: ${quoted(first)} is not a statement line`;
    return row;
  }
  const [, valueDate = '', bookingDate, mark = '', , amountText = '', rest = ''] = match;
  const references = rest.replace(TRANSACTION_TYPE, '');
  const problems: string[] = [];
  const valueDay = dayOf(valueDate);
  const day = valueDay === undefined || bookingDate === undefined ? valueDay : bookingDay(valueDay, bookingDate);
  if (day === undefined) problems.push(`date: ${quoted(valueDate + (bookingDate ?? ''))} is not a date`);
  else row.date = day;
  const amount = normaliseAmount(amountText, 'decimal');
  if (amount === undefined) {
    problems.push(`amount: ${quoted(amountText)} is not a number`);
  } else {
    // C is money in, D money out; RC reverses a credit (money out), RD a debit (money in).
    row.amount = mark === 'D' || mark === 'RC' ? negateAmount(amount) : amount;
  }
  const split = references.indexOf('//');
  const customerRef = cleanText(split < 0 ? references : references.slice(0, split));
  const bankRef = split < 0 ? '' : cleanText(references.slice(split + 2));
  row.externalId = bankRef || (customerRef === '' || customerRef.toUpperCase() === 'NONREF' ? null : customerRef);
  if (problems.length > 0) row.error = `line ${field.line}, ${problems.join('; ')}`;
  return row;
}

/** ?20–?29 and ?60–?63: the purpose of payment, in 27-character pieces. */
const PURPOSE_CODES = ['20', '21', '22', '23', '24', '25', '26', '27', '28', '29', '60', '61', '62', '63'];
/** Keywords a SEPA purpose is tagged with (DFÜ-Abkommen, Anlage 3). */
const KEYWORDS = 'EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE|IBAN|BIC|COAM|OAMT|SQTP|PURP';
const SEPA_KEYWORD = new RegExp(`(?:${KEYWORDS})\\+`, 'g');
const STARTS_WITH_KEYWORD = new RegExp(`^(?:${KEYWORDS})\\+`);
const PIECE_LENGTH = 27;
const LINE_LENGTH = 65;

/** Fills a row's description and payee from its :86: field. */
function applyInformation(row: ParsedRow, value: string): void {
  const lines = value.split('\n');
  const joined = lines.join('');
  // German banks structure the field: a 3-digit transaction code, then subfields ?00…?63 (the
  // separator is '?' by the standard, a few banks use another sign).
  const structured = /^(\d{3})?([^\w\s])\d{2}/.exec(joined);
  if (structured === null || (structured[1] === undefined && structured[2] !== '?')) {
    const text = joinPieces(lines, LINE_LENGTH);
    if (text !== '') row.description = text;
    return;
  }
  // Physical lines only wrap the field at 65 characters, inside subfields too: joined without a gap.
  const subfields = readSubfields(joined, structured[2] ?? '?');
  const purpose = joinPieces(
    PURPOSE_CODES.map((code) => subfields.get(code)).filter((text): text is string => text !== undefined),
    PIECE_LENGTH,
  );
  const payee = joinPieces([subfields.get('32') ?? '', subfields.get('33') ?? ''], PIECE_LENGTH);
  row.description = sepaPurpose(purpose) || cleanText(subfields.get('00') ?? '') || row.description;
  row.payee = payee;
}

/** Subfields by their two-digit code: "166?00GUTSCHRIFT?20Rent" → 00: GUTSCHRIFT, 20: Rent. */
function readSubfields(text: string, separator: string): Map<string, string> {
  const subfields = new Map<string, string>();
  const marks = [...text.matchAll(new RegExp(`${separator.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')}(\\d{2})`, 'g'))];
  marks.forEach((mark, index) => {
    const start = mark.index + mark[0].length;
    const end = marks[index + 1]?.index ?? text.length;
    const code = mark[1] ?? '';
    if (!subfields.has(code)) subfields.set(code, text.slice(start, end));
  });
  return subfields;
}

/**
 * Joins pieces of one text cut to a fixed width: a full-width piece was cut blindly, often inside
 * a word, so the next follows without a gap; a shorter piece ended where the writer ended it,
 * so a space follows (also before a SEPA keyword, which starts a new part).
 */
function joinPieces(pieces: readonly string[], width: number): string {
  const parts: string[] = [];
  pieces.forEach((piece, index) => {
    if (index > 0) {
      const previous = pieces[index - 1] ?? '';
      if (previous.length < width || STARTS_WITH_KEYWORD.test(piece)) parts.push(' ');
    }
    parts.push(piece);
  });
  return cleanText(parts.join(''));
}

/** The SVWZ+ part (the purpose proper) of a SEPA purpose tagged with keywords; else the whole text. */
function sepaPurpose(purpose: string): string {
  const marks = [...purpose.matchAll(SEPA_KEYWORD)];
  const svwz = marks.findIndex((mark) => mark[0] === 'SVWZ+');
  const mark = marks[svwz];
  if (mark === undefined) return purpose;
  const end = marks[svwz + 1]?.index ?? purpose.length;
  return cleanText(purpose.slice(mark.index + mark[0].length, end));
}
