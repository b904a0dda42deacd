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
  return (
    <Card withBorder radius="md" padding="sm">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <IntervalPicker value={value} onChange={onChange} presets={PRESETS} compact />
        {loading && <Loader size="xs" role="status" aria-label="Loading" />}
      </Group>
    </Card>
  );
}

/** No split expense and no settlement in the interval: what splitting is and where it starts. */
function EmptyState({ shared, canWrite }: { shared: boolean; canWrite: boolean }) {
  return (
    <Card withBorder radius="md" padding="lg" data-empty>
      <Stack gap="xs" align="flex-start">
        <Title order={3} size="h5">
          No split expenses in this interval
        </Title>
        <Text size="sm" c="dimmed">
          {shared
            ? 'An expense counts here once it is split: turn on “Split with others” when you enter it, and choose who paid and how it is shared.'
            : 'Splitting needs a book shared with someone: invite them from the Members tab of the User page.'}
        </Text>
        {shared && canWrite && (
          <Anchor component={Link} to="/private/add-transaction/expense" size="sm">
            Enter a split expense
          </Anchor>
        )}
        {!shared && (
          <Anchor component={Link} to="/private/user/members" size="sm">
            Members
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}

/** The figures of an answer: member cards, the balance chart, suggested payments, the form, the settlements. */
function Figures({ data, interval }: { data: SettleUp; interval: DayInterval }) {
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
              Balances
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
  const [range, setRange] = useState(() => allTime());
  const interval = useMemo(() => toApiInterval(range), [range]);
  const query = useSettleUp(interval);
  const { current } = useCurrentBook();
  const { shared } = useBookPeople();
  const canWrite = useCanWrite();
  const data = query.data;
  const empty = data !== undefined && data.expenses === 0 && data.settlements.length === 0;

  return (
    <Stack gap="md">
      <Text size="sm">
        Who paid what for the split expenses in{' '}
        {current === undefined || current.isOwn ? 'your books' : bookName(current)}, each one&apos;s fair share, and who
        pays whom to square up
        {data === undefined ? '' : `, in ${data.mainCurrency} (each expense at its own day's rate)`}.
      </Text>
      <IntervalCard value={range} onChange={setRange} loading={query.isFetching} />
      {data === undefined ? (
        query.isError ? (
          <Alert color="red" title="Settle-up could not be loaded">
            Try again in a moment, or choose another interval.
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
