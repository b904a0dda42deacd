import { createHash } from 'node:crypto';
import type { AccountResource, Balance, Transaction } from './enable-banking-schemas.js';
import { ProviderError, type ProviderAccount, type ProviderTransaction } from './types.js';

// Enable Banking's rows and balances in Kassa's shapes. Pure: no I/O, so the rules below are
// the whole story of how a row of the bank becomes a row of the import.

/** An ISO 4217 code in upper case, '' for anything else. */
export const isoCurrency = (code: string) => (/^[A-Za-z]{3}$/.test(code) ? code.toUpperCase() : '');

/**
 * The account as the mapping screen shows it. AccountResource.name is the holder's name (the
 * reference says so), the same on every account of a person, so the account's own label comes
 * first: `details` (set by the user or the bank), else `product`, with the last four characters of
 * the IBAN (or other id) to tell two "Current account"s apart; then the IBAN alone, then the
 * holder's name, then the uid.
 */
export function accountOf(resource: AccountResource & { uid: string }): ProviderAccount {
  const label = resource.details ?? resource.product;
  const id = resource.account_id?.iban ?? resource.account_id?.other?.identification;
  const name =
    label !== undefined && id !== undefined
      ? `${label} ••${id.slice(-4)}`
      : (label ?? id ?? resource.name ?? resource.uid);
  return { accountId: resource.uid, name, currency: isoCurrency(resource.currency), balance: null, balanceDate: null };
}

/**
 * Which balance is the bank's booked balance, best first. CLBD (closing booked) is what a statement
 * ends with; ITBD (interim booked) the same during the day; PRCD (previously closed booked) is
 * booked but of an earlier day, correct at its own reference_date; XPCD (expected, "instant") counts
 * pending rows too, kept last because some banks give nothing else. Available balances (CLAV, ITAV,
 * OPAV, FWAV) are never taken: they include the credit line, so an anchor made of them would report
 * a drift that is not there. OPBD (opening booked) is left out for its ambiguous day.
 */
export const BALANCE_PREFERENCE = ['CLBD', 'ITBD', 'PRCD', 'XPCD'] as const;

/** The chosen balance, its day and currency; all null when the bank gives no booked balance. */
export function bookedBalance(
  balances: readonly Balance[],
  to: string,
): { balance: string | null; balanceDate: string | null; currency: string | null } {
  for (const type of BALANCE_PREFERENCE) {
    const found = balances.find((b) => b.balance_type === type);
    if (found === undefined) continue;
    // The date part of last_change_date_time is the bank's own day: no time zone is applied.
    const changed = found.last_change_date_time?.match(/^(\d{4}-\d{2}-\d{2})/)?.[1];
    return {
      balance: normalizeZero(found.balance_amount.amount),
      balanceDate: found.reference_date ?? changed ?? to,
      currency: isoCurrency(found.balance_amount.currency),
    };
  }
  return { balance: null, balanceDate: null, currency: null };
}

/** "-0.00" is money neither in nor out: written without the sign. */
function normalizeZero(amount: string): string {
  return /^-0+(\.0+)?$/.test(amount) ? amount.slice(1) : amount;
}

/**
 * The signed amount. The reference's pattern allows a sign on the amount, but the direction is
 * credit_debit_indicator's: the magnitude is the text without any sign, money out (DBIT) gets a
 * minus. Text in, text out, so no float ever rounds a cent.
 */
export function signedAmount(amount: string, indicator: 'CRDT' | 'DBIT'): string {
  const magnitude = amount.replace(/^-/, '');
  return normalizeZero(indicator === 'DBIT' ? `-${magnitude}` : magnitude);
}

/** Statuses of rows that never moved money (cancelled, rejected) or have not yet (scheduled): not imported. */
const NOT_HAPPENED = new Set(['CNCL', 'RJCT', 'SCHD']);

/**
 * The row's id where the bank gives none: a SHA-256 of the fields that make the row (status,
 * direction, amount, currency, the three dates, both parties, the remittance lines), hex, prefixed
 * "eb-sha256:". The same row read again gives the same id. Two rows alike in all of these (two
 * coffees on one day) are told apart by their order in the answer: ":2" is added to the second.
 */
function hashOf(row: Transaction): string {
  const fields = [
    row.status,
    row.credit_debit_indicator,
    row.transaction_amount.amount,
    row.transaction_amount.currency,
    row.booking_date ?? null,
    row.value_date ?? null,
    row.transaction_date ?? null,
    row.creditor?.name ?? null,
    row.debtor?.name ?? null,
    row.remittance_information ?? [],
  ];
  return `eb-sha256:${createHash('sha256').update(JSON.stringify(fields)).digest('hex')}`;
}

/**
 * The account's rows in Kassa's shape. Booked (BOOK) rows are dated by booking_date (else
 * value_date, else transaction_date); every other status that is not in NOT_HAPPENED (PDNG, HOLD,
 * OTHR or a status the reference does not list yet) is pending, dated by transaction_date (else
 * value_date, else booking_date, else `to`: the day it was seen). Rows in another currency than
 * the account's are refused as 'malformed' rather than imported with a wrong amount.
 */
export function rowsOf(rows: readonly Transaction[], accountCurrency: string, to: string): ProviderTransaction[] {
  const seen = new Map<string, number>();
  const out: ProviderTransaction[] = [];
  for (const row of rows) {
    if (NOT_HAPPENED.has(row.status)) continue;
    const currency = isoCurrency(row.transaction_amount.currency);
    if (accountCurrency !== '' && currency !== accountCurrency)
      throw new ProviderError(
        'malformed',
        `Enable Banking listed a row in ${row.transaction_amount.currency} for an account in ${accountCurrency}: Kassa cannot import it into that pocket`,
      );
    const pending = row.status !== 'BOOK';
    const date = pending
      ? (row.transaction_date ?? row.value_date ?? row.booking_date ?? to)
      : (row.booking_date ?? row.value_date ?? row.transaction_date);
    if (date === undefined)
      throw new ProviderError(
        'malformed',
        'Enable Banking listed a booked row without any date: it cannot be imported',
      );
    let externalId = row.entry_reference ?? row.transaction_id;
    if (externalId === undefined) {
      const hash = hashOf(row);
      const count = (seen.get(hash) ?? 0) + 1;
      seen.set(hash, count);
      externalId = count === 1 ? hash : `${hash}:${count}`;
    }
    out.push({
      externalId,
      date,
      amount: signedAmount(row.transaction_amount.amount, row.credit_debit_indicator),
      description: (row.remittance_information ?? [])
        .map((s) => s.trim())
        .filter((s) => s !== '')
        .join(' '),
      payee: (row.credit_debit_indicator === 'DBIT' ? row.creditor?.name : row.debtor?.name)?.trim() ?? '',
      pending,
      link: row.transaction_id ?? null,
    });
  }
  return out;
}
