import { Text } from '@mantine/core';
import { isoFromDay, utcDayOf } from '@kassa/money';
import { readAmount } from '../../components/amount-value';
import { useUsedRates } from '../../shared/rates-used';
import { rateLine, referenceRate } from './conversion-rate';

interface Props {
  from: string | null;
  to: string | null;
  fromAmount: string;
  toAmount: string;
  /** The conversion's time (valid: the form falls back to now): the reference is the rate stored for its UTC day. */
  at: Date;
}

/** The implied rate of the typed amounts and how far it is from the day's reference rate (issue 22). */
export function ConversionRate({ from, to, fromAmount, toAmount, at }: Props) {
  const day = isoFromDay(utcDayOf(at.getTime()));
  const rates = useUsedRates(day);
  const fromRead = readAmount(fromAmount, from);
  const toRead = readAmount(toAmount, to);
  if (from === null || to === null || fromRead.state !== 'ok' || toRead.state !== 'ok') return null;
  // While the rates load (or when they cannot), the implied rate alone.
  const reference = rates.data === undefined ? undefined : referenceRate(rates.data, from, to, day);
  return (
    <Text size="sm" c="dimmed" aria-live="polite" data-testid="conversion-rate">
      {rateLine(from, to, fromRead.major, toRead.major, reference)}
    </Text>
  );
}
