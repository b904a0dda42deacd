import { Card, Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatMoney, formatNumber } from '../../../lib/display-format';

/** Spec §9: percentages with one decimal; none when nothing was invested. */
export function formatPercent(value: number | null): string {
  return value === null ? '–' : `${formatNumber(value, 1)} %`;
}

/** Red below zero, teal above, plain at zero. */
export function signColor(value: number): string | undefined {
  if (value === 0) return undefined;
  return value > 0 ? 'teal' : 'red';
}

/** One headline figure of a summary: label, amount in the main currency, an optional note. */
export function Figure({
  label,
  figure,
  amount,
  currency,
  note,
  colored = false,
}: {
  label: string;
  /** Its name for tests, in English whatever the language (data-figure). */
  figure: string;
  amount: number;
  currency: string;
  note?: string;
  colored?: boolean;
}) {
  // On a phone the figures stack: one line each, label left and amount right, saves height.
  const compact = useMediaQuery('(max-width: 599.98px)');
  const value = (
    <Text
      fw={700}
      size={compact ? 'md' : 'lg'}
      c={colored ? signColor(amount) : undefined}
      style={{ whiteSpace: 'nowrap' }}
    >
      {formatMoney(amount, currency)}
    </Text>
  );
  const caption = (
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
  );
  const footnote =
    note === undefined ? null : (
      <Text size="xs" c="dimmed">
        {note}
      </Text>
    );
  return (
    <Card withBorder radius="md" padding={compact ? 'xs' : 'sm'} data-figure={figure}>
      {compact ? (
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <div>
            {caption}
            {footnote}
          </div>
          {value}
        </Group>
      ) : (
        <>
          {caption}
          {value}
          {footnote}
        </>
      )}
    </Card>
  );
}
