import {
  findCurrency,
  minorToMajor,
  normaliseAmountText,
  parseAmount,
  UNKNOWN_CURRENCY_DECIMALS,
  type NumberFormat,
} from '@kassa/money';
import { getDisplayFormat } from '../lib/display-format';

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
