import { exportCsvColumns, type CsvFormulaMode } from '@kassa/contract';
import { currencyInfo, fixedDecimal, isoFromDay } from '@kassa/money';
import { stringify } from 'csv-stringify/sync';
import type { Converter } from '../rates/conversion.js';
import type { LedgerEntry } from './ledger-stream.js';

export type CsvRecord = Record<(typeof exportCsvColumns)[number], string>;

/** The stored rate's day: the later of the two EUR legs (EUR itself is 1 by definition, on no day). */
function rateDay(legs: readonly { day: string; source: string }[]): string {
  let latest = '';
  for (const leg of legs) if (leg.source !== 'definition' && leg.day > latest) latest = leg.day;
  return latest;
}

/** The rate and its stored day of each (currency, day), worked out once: a day's rows share them. */
export class RateNotes {
  private readonly known = new Map<string, { rate: string; day: string }>();

  constructor(readonly converter: Converter) {}

  of(currency: string, day: number): { rate: string; day: string } {
    const key = `${currency}:${day}`;
    let note = this.known.get(key);
    if (note === undefined) {
      const explained = this.converter.explain(0n, currencyInfo(currency), day);
      note = { rate: explained.rate, day: rateDay(explained.legs) };
      this.known.set(key, note);
    }
    return note;
  }
}

/**
 * One CSV record of a transaction or conversion. Amounts are signed (IN positive, OUT negative;
 * a conversion's amount is what left its from-currency, to_amount what arrived) and written with
 * exactly their currency's decimals; amount_main is that amount at the row's own day's rate,
 * rounded half to even once (the Converter, as every figure of the app).
 */
export function csvRecord(entry: LedgerEntry, categoryName: (id: number) => string, rates: RateNotes): CsvRecord {
  const converter = rates.converter;
  const main = converter.to;
  const base = { date: isoFromDay(entry.row.day), time: new Date(entry.row.time).toISOString() };
  let currency: string;
  let signed: bigint;
  let rest: Pick<CsvRecord, 'kind' | 'type' | 'direction' | 'category' | 'to_currency' | 'to_amount'>;
  if (entry.kind === 'transaction') {
    const t = entry.row;
    currency = t.currency;
    signed = t.isIncome ? BigInt(t.amount) : -BigInt(t.amount);
    rest = {
      kind: t.kind,
      type: t.businessType ?? '',
      direction: t.isIncome ? 'in' : 'out',
      category: categoryName(t.categoryId),
      to_currency: '',
      to_amount: '',
    };
  } else {
    const c = entry.row;
    currency = c.fromCurrency;
    signed = -BigInt(c.fromAmount);
    rest = {
      kind: 'conversion',
      type: '',
      direction: '',
      category: '',
      to_currency: c.toCurrency,
      to_amount: fixedDecimal(BigInt(c.toAmount), currencyInfo(c.toCurrency).decimals),
    };
  }
  const info = currencyInfo(currency);
  const note = rates.of(currency, entry.row.day);
  return {
    ...base,
    ...rest,
    description: entry.row.description,
    currency,
    amount: fixedDecimal(signed, info.decimals),
    main_currency: main.code,
    amount_main: fixedDecimal(converter.toMinor(signed, info, entry.row.day), main.decimals),
    rate: note.rate,
    rate_day: note.day,
    id: String(entry.row.id),
  };
}

/** Columns whose cells are numbers a spreadsheet must read as numbers: -12.50 stays -12.50. */
const NUMERIC_COLUMNS: ReadonlySet<string> = new Set(['amount', 'to_amount', 'amount_main', 'rate', 'id']);

/**
 * What makes a spreadsheet (Excel, LibreOffice, Google Sheets) read a cell as a formula or the
 * start of one, per OWASP "CSV Injection": descriptions come from payers through bank files, so
 * the text of anyone who ever sent the user money could run in the user's spreadsheet.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell a spreadsheet shows as text: a leading `'` before whatever would start a formula. */
export const spreadsheetText = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** The record with its text cells made spreadsheet text; numeric columns as they are. */
function escaped(record: CsvRecord): CsvRecord {
  const out = { ...record };
  for (const column of exportCsvColumns)
    if (!NUMERIC_COLUMNS.has(column)) out[column] = spreadsheetText(record[column]);
  return out;
}

/**
 * CSV text of some records (RFC 4180 quoting by csv-stringify), with the header row when asked.
 * With `escape`, text cells that would run as formulas get a leading `'` and are always quoted, as
 * OWASP advises, so no reader that splits or trims unquoted cells can drop the `'` again.
 */
export const csvText = (records: readonly CsvRecord[], header: boolean, formulas: CsvFormulaMode): string =>
  formulas === 'keep'
    ? stringify(records as CsvRecord[], { header, columns: [...exportCsvColumns] })
    : stringify(records.map(escaped), {
        header,
        columns: [...exportCsvColumns],
        quoted_match: /^'[=+\-@\t\r]/,
      });
