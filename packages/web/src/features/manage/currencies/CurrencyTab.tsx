import { Badge, Box, Card, Stack, Table, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useMainCurrency } from '../../../shared/books';
import { useSupportedCurrencies, useUserCurrencies } from '../../../shared/global-data';
import { useDailyRates } from '../api';
import { useT } from '../i18n';
import { AddNewButton, ListHeader } from '../ListHeader';
import { useScrollIntoViewWhenOpen } from '../scroll';
import { AddCurrencyForm } from './AddCurrencyForm';
import { StaleRatesWarning } from '../../../components/RateProvenance';
import { rateText } from '../../../shared/rate-provenance';
import { useStaleRatesWarning } from '../../../shared/rates-used';
import { missingCurrencies, dailyRatesCaption } from './rate-text';

/** manage/currency: the user's currencies with today's rate to the main currency, and Add new. */
export function CurrencyTab() {
  const { t } = useT();
  const main = useMainCurrency() ?? null;
  const supported = useSupportedCurrencies().data ?? [];
  const owned = (useUserCurrencies().data ?? []).map((c) => c.code);
  const daily = useDailyRates().data ?? [];
  const rates = new Map(daily.map((r) => [r.toCurrency, r.rate]));
  const caption = dailyRatesCaption(daily.flatMap((r) => r.legs));
  // Today's rates may be stale (issue 32): said beside their caption, with the refresh's failure.
  const stale = useStaleRatesWarning();
  const [adding, setAdding] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  useScrollIntoViewWhenOpen(adding, panel);

  const names = new Map(supported.map((c) => [c.code, c.name]));
  const missing = missingCurrencies(
    supported.map((c) => c.code),
    owned,
  );
  // The main currency first, the rest most recently used first (the server's order).
  const rows = main !== null && owned.includes(main) ? [main, ...owned.filter((c) => c !== main)] : owned;

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <ListHeader title={t('currency.title')}>
          {missing.length > 0 && <AddNewButton onClick={() => setAdding(true)} />}
        </ListHeader>
        <Table aria-label={t('currency.title')} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('currency.currency')}</Table.Th>
              <Table.Th ta="right">{t('currency.dailyRate')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((code) => {
              const rate = rates.get(code);
              return (
                <Table.Tr key={code} data-currency={code}>
                  <Table.Td>
                    <Text size="sm" fw={600} span>
                      {code}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {names.get(code) ?? ''}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {code === main ? (
                      <Badge variant="light">{t('currency.main')}</Badge>
                    ) : rate === undefined || main === null ? (
                      <Text size="sm" c="dimmed" span>
                        –
                      </Text>
                    ) : (
                      rateText(main, code, rate)
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {caption !== null && stale !== null && (
          <Box mt="xs">
            <StaleRatesWarning warning={stale} />
          </Box>
        )}
        {caption !== null && (
          <Text size="xs" c="dimmed" mt="xs" data-rates-caption>
            {caption}
          </Text>
        )}
      </Card>
      {adding && <AddCurrencyForm ref={panel} missing={missing} onClose={() => setAdding(false)} />}
    </Stack>
  );
}
