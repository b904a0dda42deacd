import { Card, Text } from '@mantine/core';
import { formatMoney } from '@kassa/money';

/** Spec §9: percentages with one decimal; none when nothing was invested. */
export function formatPercent(value: number | null): string {
  return value === null ? '–' : `${value.toFixed(1)} %`;
}

/** Red below zero, teal above, plain at zero. */
export function signColor(value: number): string | undefined {
  if (value === 0) return undefined;
  return value > 0 ? 'teal' : 'red';
}

/** One headline figure of a summary: label, amount in the main currency, an optional note. */
export function Figure({
  label,
  amount,
  currency,
  note,
  colored = false,
}: {
  label: string;
  amount: number;
  currency: string;
  note?: string;
  colored?: boolean;
}) {
  return (
    <Card withBorder radius="md" padding="sm" data-figure={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg" c={colored ? signColor(amount) : undefined} style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(amount, currency)}
      </Text>
      {note !== undefined && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Card>
  );
}
