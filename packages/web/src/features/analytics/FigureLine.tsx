import { Group, Text } from '@mantine/core';
import { formatMoney } from '../../lib/display-format';
import type { ReactNode } from 'react';
import { signColor } from './figures';

interface Props {
  label: ReactNode;
  /** The figure's name in English, for data-figure (tests look figures up by it in any language). */
  figure?: string | undefined;
  amount: number;
  currency: string;
  /** Colours the amount by its sign (spec §2: savings and balances). */
  colored?: boolean;
  /** Bold, for totals. */
  strong?: boolean;
  /** A projected figure (issue 22): "*" after the label, the amount in italics (ProjectedNote says why). */
  projected?: boolean;
}

/** One figure as a line: the label on the left, the amount on the right (fits a 375 px phone). */
export function FigureLine({
  label,
  figure,
  amount,
  currency,
  colored = false,
  strong = false,
  projected = false,
}: Props) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : undefined}>
        {label}
        {projected ? ' *' : ''}
      </Text>
      <Text
        size="sm"
        fw={strong ? 700 : 500}
        fs={projected ? 'italic' : undefined}
        c={colored ? signColor(amount) : undefined}
        style={{ whiteSpace: 'nowrap' }}
        data-figure={figure ?? (typeof label === 'string' ? label : undefined)}
      >
        {formatMoney(amount, currency)}
      </Text>
    </Group>
  );
}
