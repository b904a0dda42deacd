import type { X2jOptions } from 'fast-xml-parser';
import { unprocessable } from '../../../http/errors.js';
import { negateAmount, sumsTo } from './amounts.js';
import { earliestDay, openingDay, type BalanceTime } from './balances.js';
import {
  StatementAccounts,
  allAt,
  cleanText,
  elementAt,
  elementsAt,
  isElement,
  normaliseAmount,
  quoted,
  readXml,
  statedIsoDay,
  textAt,
  textOfValue,
  type XmlElement,
  type XmlValue,
} from './statement-values.js';
import type { ParsedRow, ParsedStatement } from './types.js';

// ISO 20022 cash management: CAMT.053 statements (BkToCstmrStmt/Stmt) and CAMT.052 account
// reports (BkToCstmrAcctRpt/Rpt), versions .02 to .08, read alike (CAMT.054 notifications, of the
// same shape, too). Namespace prefixes are dropped, so every version's namespace reads the same.

const REPEATED = new Set(['Stmt', 'Rpt', 'Ntfctn', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd']);

const PARSER_OPTIONS: X2jOptions = {
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (name) => REPEATED.has(name),
};

/** The message's statement containers and the name of their repeated statement element. */
const CONTAINERS = [
  ['BkToCstmrStmt', 'Stmt'],
  ['BkToCstmrAcctRpt', 'Rpt'],
  ['BkToCstmrDbtCdtNtfctn', 'Ntfctn'],
] as const;

/** Closing balance types by preference: booked closing; a report's interim booked; closing available. */
const CLOSING_TYPES = ['CLBD', 'ITBD', 'CLAV'];

/** Opening balance types by preference: booked opening (at the start of its day); the previous closing (at its end). */
const OPENING_TYPES: readonly [string, BalanceTime][] = [
  ['OPBD', 'start'],
  ['PRCD', 'end'],
];

/** Entry ids that are no id: ISO 20022's placeholder for a reference the payer did not give. */
const NO_ID = 'NOTPROVIDED';

/** A booked entry with its place: the statement's account and currency. */
interface Entry {
  entry: XmlElement;
  account: string;
  currency: string;
}

/** Reads a CAMT.053 or CAMT.052 file, every statement (report) in it. */
export function parseCamt(text: string): ParsedStatement {
  const tree = readXml(text, 'CAMT', PARSER_OPTIONS);
  const statements = findStatements(tree);
  // A container without a statement (a message header alone) is no statement either.
  if (statements === undefined || statements.length === 0) {
    throw unprocessable('CAMT: no statement (BkToCstmrStmt/Stmt or BkToCstmrAcctRpt/Rpt) found');
  }

  const accounts = new StatementAccounts();
  const entries: Entry[] = [];
  for (const statement of statements) {
    const account = cleanText(textAt(statement, 'Acct', 'Id', 'IBAN') || textAt(statement, 'Acct', 'Id', 'Othr', 'Id'));
    const statementEntries = elementsAt(statement, 'Ntry');
    const currency =
      cleanText(textAt(statement, 'Acct', 'Ccy')) ||
      currencyOf(allAt(statement, 'Bal', 'Amt')[0]) ||
      currencyOf(allAt(statementEntries[0], 'Amt')[0]);
    const booked = statementEntries.filter(isBooked);
    const closing = closingBalance(statement);
    const opening = openingBalance(statement, earliestDay(booked.map(entryDay)), closing.closingDate);
    accounts.add({ account, currency, ...closing, ...opening });
    for (const entry of booked) entries.push({ entry, account, currency });
  }
  if (entries.length === 0 && accounts.list().every((a) => a.account === '')) {
    throw unprocessable('CAMT: the statement names no account and has no entries');
  }

  const ids = new IdCounts(entries.map(({ entry }) => entry));
  const rows: ParsedRow[] = [];
  for (const { entry, account, currency } of entries) readEntry(entry, account, currency, ids, rows);
  return { accounts: accounts.list(), rows };
}

/** The statements of the first statement container, wherever the bank wrapped the Document. */
function findStatements(node: XmlValue): XmlElement[] | undefined {
  if (!isElement(node)) return undefined;
  for (const [container, statement] of CONTAINERS) {
    const found = elementAt(node, container);
    if (found !== undefined) return elementsAt(found, statement);
  }
  for (const value of Object.values(node)) {
    if (!isElement(value)) continue;
    const found = findStatements(value);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Only booked entries are rows: pending (PDNG), informational (INFO) and future (FUTR) ones may still change. */
function isBooked(entry: XmlElement): boolean {
  // Up to .07 the status is a code (<Sts>BOOK</Sts>); .08 wraps it (<Sts><Cd>BOOK</Cd></Sts>).
  const status = (textAt(entry, 'Sts') || textAt(entry, 'Sts', 'Cd') || textAt(entry, 'Sts', 'Prtry')).trim();
  return status === '' || status.toUpperCase() === 'BOOK';
}

function currencyOf(amount: XmlValue | undefined): string {
  if (!isElement(amount)) return '';
  const code = amount['@Ccy'];
  return typeof code === 'string' ? cleanText(code).toUpperCase() : '';
}

/** A signed amount: Amt made negative by a DBIT indicator; undefined when unreadable. */
function signedAmount(amount: XmlValue | undefined, indicator: string): string | undefined {
  const value = normaliseAmount(textOfValue(amount), 'decimal');
  const sign = indicator.trim().toUpperCase();
  if (value === undefined || (sign !== 'CRDT' && sign !== 'DBIT')) return undefined;
  return sign === 'DBIT' ? negateAmount(value) : value;
}

function dateOf(node: XmlElement | undefined): string | undefined {
  const text = textAt(node, 'Dt') || textAt(node, 'DtTm');
  return text === '' ? undefined : statedIsoDay(text);
}

/** A balance the statement states: signed amount and day (undefined when it gives none). */
interface StatedBalance {
  amount: string;
  day: string | undefined;
}

/** The statement's readable balances of a type (Bal/Tp/CdOrPrtry: CLBD, OPBD…), in file order. */
function balancesOf(statement: XmlElement, type: string): StatedBalance[] {
  const found: StatedBalance[] = [];
  for (const balance of elementsAt(statement, 'Bal')) {
    const code = textAt(balance, 'Tp', 'CdOrPrtry', 'Cd') || textAt(balance, 'Tp', 'CdOrPrtry', 'Prtry');
    if (code.trim().toUpperCase() !== type) continue;
    const amount = signedAmount(allAt(balance, 'Amt')[0], textAt(balance, 'CdtDbtInd'));
    if (amount !== undefined) found.push({ amount, day: dateOf(elementAt(balance, 'Dt')) });
  }
  return found;
}

/** The statement's closing balance: the first of CLOSING_TYPES it has, the latest of that type. */
function closingBalance(statement: XmlElement): { closingBalance?: string; closingDate?: string } {
  for (const type of CLOSING_TYPES) {
    let best: StatedBalance | undefined;
    for (const balance of balancesOf(statement, type)) {
      if (best === undefined || (balance.day ?? '') >= (best.day ?? '')) best = balance;
    }
    if (best !== undefined) {
      return best.day === undefined
        ? { closingBalance: best.amount }
        : { closingBalance: best.amount, closingDate: best.day };
    }
  }
  return {};
}

/**
 * The statement's opening balance: the first of OPENING_TYPES it has with a day, the earliest of
 * that type, on the day it holds at the start of (balances.ts openingDay).
 */
function openingBalance(
  statement: XmlElement,
  firstRowDay: string | undefined,
  closingDay: string | undefined,
): { openingBalance?: string; openingDate?: string } {
  for (const [type, time] of OPENING_TYPES) {
    let best: { amount: string; day: string } | undefined;
    for (const { amount, day } of balancesOf(statement, type)) {
      if (day !== undefined && (best === undefined || day < best.day)) best = { amount, day };
    }
    if (best !== undefined) {
      return { openingBalance: best.amount, openingDate: openingDay(best.day, time, firstRowDay, closingDay) };
    }
  }
  return {};
}

/** The booking day of an entry, else its value day (some 052 reports give only that). */
function entryDay(entry: XmlElement): string | undefined {
  return dateOf(elementAt(entry, 'BookgDt')) ?? dateOf(elementAt(entry, 'ValDt'));
}

/**
 * How often each candidate id occurs among the file's booked entries. An id the bank gives to
 * two entries identifies neither (the second would be taken for a duplicate of the first), so
 * only an id that occurs once is used.
 *
 * NtryRef is never an id: banks number a statement's entries with it ("1", "2", …), so the
 * first entry of every later statement would be taken for a duplicate of an earlier one. The
 * candidates are the bank's reference (AcctSvcrRef, of the entry, then of its detail) and the
 * payer's EndToEndId; an entry with none of them is recognised by its fingerprint.
 */
class IdCounts {
  private readonly counts = new Map<string, number>();

  constructor(entries: readonly XmlElement[]) {
    for (const entry of entries) {
      this.count('entry', textAt(entry, 'AcctSvcrRef'));
      for (const detail of details(entry)) {
        this.count('detail', textAt(detail, 'Refs', 'AcctSvcrRef'));
        this.count('e2e', textAt(detail, 'Refs', 'EndToEndId'));
      }
    }
  }

  private count(kind: string, id: string): void {
    const key = `${kind}\u0000${cleanText(id)}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** The id when it is given, not the placeholder, and unique among ids of its kind in the file. */
  unique(kind: 'entry' | 'detail' | 'e2e', raw: string): string | undefined {
    const id = cleanText(raw);
    if (id === '' || id.toUpperCase() === NO_ID) return undefined;
    return this.counts.get(`${kind}\u0000${id}`) === 1 ? id : undefined;
  }
}

function details(entry: XmlElement): XmlElement[] {
  return elementsAt(entry, 'NtryDtls', 'TxDtls');
}

/** The detail's remittance text: its unstructured lines joined, else its additional information. */
function remittance(detail: XmlElement | undefined): string {
  const lines = allAt(detail, 'RmtInf', 'Ustrd').map(textOfValue);
  return cleanText(lines.join(' '));
}

/** The other party: the creditor of a debit, the debtor of a credit (.08 puts the name under Pty). */
function counterparty(detail: XmlElement | undefined, amount: string): string {
  const party = amount.startsWith('-') ? 'Cdtr' : 'Dbtr';
  const name =
    textAt(detail, 'RltdPties', party, 'Nm') ||
    textAt(detail, 'RltdPties', party, 'Pty', 'Nm') ||
    textAt(detail, 'RltdPties', `Ultmt${party}`, 'Nm') ||
    textAt(detail, 'RltdPties', `Ultmt${party}`, 'Pty', 'Nm');
  return cleanText(name);
}

/** A detail's own amount, signed by its own indicator or else the entry's; undefined when it has none. */
function detailAmount(detail: XmlElement, entryIndicator: string, entryCurrency: string): string | undefined {
  let amount = allAt(detail, 'Amt')[0];
  if (amount === undefined) amount = allAt(detail, 'AmtDtls', 'TxAmt', 'Amt')[0];
  if (amount === undefined) return undefined;
  // A detail amount in another currency than the entry's cannot be part of its sum.
  const currency = currencyOf(amount);
  if (currency !== '' && entryCurrency !== '' && currency !== entryCurrency) return undefined;
  return signedAmount(amount, textAt(detail, 'CdtDbtInd') || entryIndicator);
}

/** Appends the rows of one booked entry: one, or one per transaction detail of a batch booking. */
function readEntry(
  entry: XmlElement,
  account: string,
  statementCurrency: string,
  ids: IdCounts,
  rows: ParsedRow[],
): void {
  const line = rows.length + 1;
  const problems: string[] = [];
  const date = entryDay(entry);
  if (date === undefined) problems.push('booking date: missing or not a date');
  const amountValue = allAt(entry, 'Amt')[0];
  const indicator = textAt(entry, 'CdtDbtInd');
  // A reversal (RvslInd) needs no sign of its own: its CdtDbtInd already states the direction.
  const amount = signedAmount(amountValue, indicator);
  if (amount === undefined) {
    const shown = `${textOfValue(amountValue)} ${indicator}`;
    problems.push(
      textOfValue(amountValue).trim() === '' ? 'amount: missing' : `amount: ${quoted(shown)} is not a signed amount`,
    );
  }
  const currency = currencyOf(amountValue) || statementCurrency;
  const entryDetails = details(entry);
  const single = entryDetails.length === 1 ? entryDetails[0] : undefined;
  // The bank's reference of the entry, else of its only detail, else the payer's EndToEndId
  // (NOTPROVIDED is none); never NtryRef (see IdCounts).
  const entryId =
    ids.unique('entry', textAt(entry, 'AcctSvcrRef')) ??
    ids.unique('detail', textAt(single, 'Refs', 'AcctSvcrRef')) ??
    ids.unique('e2e', textAt(single, 'Refs', 'EndToEndId'));
  const entryInfo = cleanText(textAt(entry, 'AddtlNtryInf'));

  if (amount !== undefined && date !== undefined && entryDetails.length > 1) {
    // A batch booking: a row per detail, but only when the details account for the entry to the
    // cent. Otherwise (amounts missing, another currency, a different sum) the entry's own amount
    // is what the account moved, and one row for the entry keeps the books right.
    const amounts = entryDetails.map((detail) => detailAmount(detail, indicator, currency));
    const known = amounts.filter((a): a is string => a !== undefined);
    if (known.length === amounts.length && sumsTo(known, amount)) {
      entryDetails.forEach((detail, index) => {
        const detailAmountText = known[index] ?? '';
        // The detail's own bank reference, else the entry's numbered, else the detail's EndToEndId.
        const detailId =
          ids.unique('detail', textAt(detail, 'Refs', 'AcctSvcrRef')) ??
          (entryId === undefined ? undefined : `${entryId}/${index + 1}`) ??
          ids.unique('e2e', textAt(detail, 'Refs', 'EndToEndId'));
        rows.push({
          line: rows.length + 1,
          date,
          amount: detailAmountText,
          currency,
          description: remittance(detail) || cleanText(textAt(detail, 'AddtlTxInf')) || entryInfo,
          payee: counterparty(detail, detailAmountText),
          externalId: detailId ?? null,
          account,
        });
      });
      return;
    }
  }

  // One transaction: its remittance text says most. A batch read as one row: the bank's entry
  // text ("SEPA collective transfer, 3 items") sums it up better than its details' texts joined.
  const remittances = entryDetails.map(remittance).filter((text) => text !== '');
  const description =
    single === undefined
      ? entryInfo || remittances.join(' ')
      : remittances.join(' ') || entryInfo || cleanText(textAt(single, 'AddtlTxInf'));
  const row: ParsedRow = {
    line,
    date: date ?? '',
    amount: amount ?? '',
    currency,
    description,
    payee: amount === undefined ? '' : counterparty(single, amount),
    externalId: entryId ?? null,
    account,
  };
  if (problems.length > 0) row.error = `entry ${line}, ${problems.join('; ')}`;
  rows.push(row);
}
