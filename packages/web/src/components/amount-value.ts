import {
  findCurrency,
  minorToMajor,
  normaliseAmountText,
  parseAmount,
  UNKNOWN_CURRENCY_DECIMALS,
  type NumberFormat,
} from '@kassa/money';
import { decimalMark, getDisplayFormat } from '../lib/display-format';

/** What a typed amount field holds, read in the user's notation (issue 22). */
export type AmountValue =
  | { state: 'empty' }
  /** `text` is what is sent: the expression in the product's notation; `major` the exact value. */
  | { state: 'ok'; text: string; minor: bigint; major: number }
  | { state: 'error'; message: string };

/**
 * Reads an amount field: local decimal and thousands marks (`normaliseAmountText`; the person's
 * number format, by default the one in force, settles "1,234" and "1.234", issue 36), then the
 * exact evaluation of the currency's decimals (`parseAmount`), the same rules the server applies
 * to what is sent, so an error shows under the field before a round trip.
 */
export function readAmount(
  input: string,
  currency: string | null,
  format: NumberFormat = getDisplayFormat().numberFormat,
): AmountValue {
  if (input.trim() === '') return { state: 'empty' };
  const normalised = normaliseAmountText(input, format);
  if (!normalised.ok) return { state: 'error', message: `Amount ${normalised.message}` };
  const decimals = (currency === null ? undefined : findCurrency(currency)?.decimals) ?? UNKNOWN_CURRENCY_DECIMALS;
  const parsed = parseAmount(normalised.text, decimals);
  if (!parsed.ok) {
    // The server's wording names the raw text; the field shows what the user typed.
    const message = parsed.message.startsWith('"')
      ? `"${input.trim()}" is not a number or a +/- expression`
      : parsed.message;
    return { state: 'error', message: `Amount ${message}` };
  }
  return {
    state: 'ok',
    text: normalised.text,
    minor: parsed.minor,
    major: minorToMajor(parsed.minor, decimals),
  };
}

/**
 * A plain amount field's text (fixpoint balances and rule bounds, which may be negative and which
 * the server checks) as it is sent: read in the number format in force, so "-1.234,50" goes as
 * "-1234.50"; as typed when it cannot be read, for the server to name the problem.
 */
export function amountForServer(input: string, format: NumberFormat = getDisplayFormat().numberFormat): string {
  const normalised = normaliseAmountText(input.trim(), format);
  return normalised.ok ? normalised.text : input.trim();
}

/**
 * A figure (or a plain decimal text) as a plain amount field starts with: its digits and the
 * decimal mark in force ("-1234,5"); other text stays as it is.
 */
export function amountFieldText(value: number | string): string {
  const text = String(value);
  return /^-?\d+(\.\d+)?$/.test(text) ? text.replace('.', decimalMark()) : text;
}
