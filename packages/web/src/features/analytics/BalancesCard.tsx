import { ActionIcon, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatDate, formatMoney } from '../../lib/display-format';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { RateProvenance } from '../../components/RateProvenance';
import { utcDay } from '../../shared/rate-provenance';
import { useProvenanceOn } from '../../shared/rates-used';
import { useBalances } from './api';
import { asOfBody, balanceFigures } from './balances';
import { signColor } from './figures';
import { useT } from './i18n';

/**
 * The balances card (spec §2): available nominal and converted, then loan pending, business
 * pending, outstanding sum and net worth, which stay hidden (eye-slash) until the card is clicked;
 * a second click hides them again. Values are coloured by sign. Without a date: as of now. Under
 * them, the rates the converted figures use, with their day and source (issue 21).
 */
export function BalancesCard({ date }: { date?: Date }) {
  const { t } = useT();
  const balances = useBalances(date);
  const [revealed, setRevealed] = useState(false);
  const figures = balanceFigures(balances.data);
  // The rates the converted figures use (issue 21): those in force on the card's (UTC) day.
  const provenance = useProvenanceOn(utcDay(asOfBody(date)));

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      onClick={() => setRevealed((r) => !r)}
      style={{ cursor: 'pointer' }}
      data-testid="balances-card"
    >
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={3} size="h4">
          {date === undefined ? t('balances.title') : t('balances.titleOn', { date: formatDate(date) })}
        </Title>
        {/* The click reaches the card: this button is its keyboard and screen-reader handle. */}
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={revealed ? t('balances.hide') : t('balances.show')}
          aria-pressed={revealed}
        >
          {revealed ? <IconEye size={18} /> : <IconEyeOff size={18} />}
        </ActionIcon>
      </Group>
      <Stack gap={6}>
        {figures.map((f) => (
          <Group key={f.name} justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm" c="dimmed">
              {f.label}
            </Text>
            {f.asset === undefined ? (
              <Skeleton h={18} w={110} />
            ) : f.hidden && !revealed ? (
              <IconEyeOff
                size={18}
                aria-label={t('balances.hidden')}
                role="img"
                data-figure={f.figure}
                color="var(--mantine-color-dimmed)"
              />
            ) : (
              <Text
                size="sm"
                fw={600}
                c={signColor(f.asset.amount)}
                style={{ whiteSpace: 'nowrap' }}
                data-figure={f.figure}
              >
                {formatMoney(f.asset.amount, f.asset.currency)}
              </Text>
            )}
          </Group>
        ))}
      </Stack>
      {provenance != null && (
        <RateProvenance
          name="balances"
          caption={provenance.caption}
          lines={provenance.lines}
          warning={provenance.warning}
        />
      )}
    </Card>
  );
}
