import type { SettleUp } from '@kassa/contract';
import { Alert, Anchor, Card, Group, Loader, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { IntervalPicker } from '../../components/IntervalPicker';
import { toApiInterval, type DayInterval } from '../../components/interval';
import { bookName, useBookPeople, useCanWrite, useCurrentBook } from '../../shared/books';
import { useUserCurrencies } from '../../shared/global-data';
import { useSettleUp } from './api';
import { BalancesChart } from './BalancesChart';
import { allTime, namesOf, recordTime } from './figures';
import { MemberCards } from './MemberCards';
import { SettlementForm } from './SettlementForm';
import { SettlementList } from './SettlementList';
import { SuggestedPayments } from './SuggestedPayments';
import { useT } from './i18n';

/** The presets beside the quick buttons (MTD is this month, YTD this year). */
const PRESETS = ['Last month', 'All time'] as const;

/** The interval: dates, quick buttons, Last month and All time, with a spinner while an answer loads. */
function IntervalCard({
  value,
  onChange,
  loading,
}: {
  value: DayInterval;
  onChange: (i: DayInterval) => void;
  loading: boolean;
}) {
  const { t } = useT();
  return (
    <Card withBorder radius="md" padding="sm">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <IntervalPicker value={value} onChange={onChange} presets={PRESETS} compact />
        {loading && <Loader size="xs" role="status" aria-label={t('page.loading')} />}
      </Group>
    </Card>
  );
}

/** No split expense and no settlement in the interval: what splitting is and where it starts. */
function EmptyState({ shared, canWrite }: { shared: boolean; canWrite: boolean }) {
  const { t } = useT();
  return (
    <Card withBorder radius="md" padding="lg" data-empty>
      <Stack gap="xs" align="flex-start">
        <Title order={3} size="h5">
          {t('empty.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {shared ? t('empty.shared') : t('empty.notShared')}
        </Text>
        {shared && canWrite && (
          <Anchor component={Link} to="/private/add-transaction/expense" size="sm">
            {t('empty.enterSplit')}
          </Anchor>
        )}
        {!shared && (
          <Anchor component={Link} to="/private/user/members" size="sm">
            {t('empty.members')}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}

/** The figures of an answer: member cards, the balance chart, suggested payments, the form, the settlements. */
function Figures({ data, interval }: { data: SettleUp; interval: DayInterval }) {
  const { t } = useT();
  const canWrite = useCanWrite();
  const { people, me } = useBookPeople();
  const codes = (useUserCurrencies().data ?? []).map((c) => c.code);
  const names = namesOf(data.members);
  const currency = data.mainCurrency;
  // Bars of nothing say nothing: once every balance is 0 the payments card says so alone.
  const open = data.members.some((m) => m.main.balance !== 0);
  return (
    <>
      <MemberCards members={data.members} currency={currency} me={me} />
      <SimpleGrid cols={{ base: 1, md: open ? 2 : 1 }} spacing="md">
        {open && (
          <Card withBorder radius="md" padding="md">
            <Title order={3} size="h5" mb="sm">
              {t('page.balances')}
            </Title>
            <BalancesChart members={data.members} currency={currency} />
          </Card>
        )}
        <SuggestedPayments
          transfers={data.transfers}
          names={names}
          canWrite={canWrite}
          recordAt={() => recordTime(interval)}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {canWrite && people !== undefined && people.length > 1 && (
          <SettlementForm people={people} me={me} codes={codes} mainCurrency={currency} />
        )}
        <SettlementList settlements={data.settlements} names={names} mainCurrency={currency} canWrite={canWrite} />
      </SimpleGrid>
    </>
  );
}

/**
 * private/settle-up (issue 34): in a shared book, who paid what for the split expenses of an
 * interval (all time at first), each member's fair share and balance in the book's main currency
 * (per currency beneath), a chart of the balances, the fewest payments that settle them with
 * Record, a form for any other settlement, and the settlements recorded.
 */
export function SettleUpPage() {
  const { t } = useT();
  const [range, setRange] = useState(() => allTime());
  const interval = useMemo(() => toApiInterval(range), [range]);
  const query = useSettleUp(interval);
  const { current } = useCurrentBook();
  const { shared } = useBookPeople();
  const canWrite = useCanWrite();
  const data = query.data;
  const empty = data !== undefined && data.expenses === 0 && data.settlements.length === 0;
  const book = current === undefined || current.isOwn ? t('page.ownBooks') : bookName(current);

  return (
    <Stack gap="md">
      <Text size="sm">
        {data === undefined ? t('page.intro', { book }) : t('page.introIn', { book, currency: data.mainCurrency })}
      </Text>
      <IntervalCard value={range} onChange={setRange} loading={query.isFetching} />
      {data === undefined ? (
        query.isError ? (
          <Alert color="red" title={t('page.failed')}>
            {t('page.tryAgain')}
          </Alert>
        ) : (
          <Stack gap="md" aria-busy>
            <Skeleton h={150} radius="md" />
            <Skeleton h={240} radius="md" />
          </Stack>
        )
      ) : empty ? (
        <EmptyState shared={shared} canWrite={canWrite} />
      ) : (
        <Figures data={data} interval={range} />
      )}
    </Stack>
  );
}
