import { Badge, Stack, Table, Text } from '@mantine/core';
import type { MoneyAmount, Transaction } from '@kassa/contract';
import { ellipsis, majorToMinor } from '@kassa/money';
import { formatDate, formatMoney, formatTime } from '../../../lib/display-format';
import { useMediaQuery } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import type { OverviewKind } from '../api';
import { t as text, useT } from '../i18n';

/** Newest first: by time, then by id (the later recorded of the same instant first). */
export function newestFirst(rows: readonly Transaction[]): Transaction[] {
  return [...rows].sort((a, b) => Date.parse(b.time) - Date.parse(a.time) || b.id - a.id);
}

const editorOf = (id: number) => `/private/edit-transaction/${id}`;

const when = (time: string) => `${formatDate(new Date(time))} ${formatTime(new Date(time))}`;

/**
 * Plain words for a row (issue 22) instead of IN/OUT. A loan row says what it did to the balance
 * before it: money coming in while the other side owed you repays you, otherwise you borrow;
 * money going out while you owed repays, otherwise you lend. A business row says its type.
 */
export function plainWords(tx: Transaction, owedToYouBefore: bigint): string {
  if (tx.categType === 'business') {
    if (tx.type === 'pnl') return tx.isIncome ? text('rows.profit') : text('rows.loss');
    if (tx.type === 'realize') return tx.isIncome ? text('rows.realisedProfit') : text('rows.realisedLoss');
    return tx.isIncome ? text('rows.tookOut') : text('rows.invested');
  }
  if (tx.isIncome) return owedToYouBefore > 0n ? text('rows.wasRepaid') : text('rows.borrowed');
  return owedToYouBefore < 0n ? text('rows.repaid') : text('rows.lent');
}

/**
 * What each loan row found owed to you before it, per currency in minor units: walked back from
 * today's balance (`balances`, the summary's per currency), newest first, so it holds however
 * few pages are loaded. A row given (OUT) raised the balance, one taken (IN) lowered it.
 */
export function balancesBefore(newest: readonly Transaction[], balances: readonly MoneyAmount[]): Map<number, bigint> {
  const now = new Map(balances.map((b) => [b.currency, majorToMinor(b.amount, b.currency)]));
  const before = new Map<number, bigint>();
  for (const tx of newest) {
    const after = now.get(tx.currency) ?? 0n;
    const amount = majorToMinor(tx.amount, tx.currency);
    const prior = tx.isIncome ? after + amount : after - amount;
    before.set(tx.id, prior);
    now.set(tx.currency, prior);
  }
  return before;
}

/** One line on each word the rows use (issue 22), under the table: [term, meaning], in the current language. */
const explanations = (kind: OverviewKind): [string, string][] =>
  kind === 'loan'
    ? [
        [`${text('rows.lent')} · ${text('rows.borrowed')}`, text('rows.lentMeaning')],
        [`${text('rows.wasRepaid')} · ${text('rows.repaid')}`, text('rows.repaidMeaning')],
      ]
    : [
        [text('rows.investTerm'), text('rows.investMeaning')],
        [text('rows.pnlTerm'), text('rows.pnlMeaning')],
        [text('rows.realiseTerm'), text('rows.realiseMeaning')],
      ];

/** The row's words, coloured by the way the money went. */
function Words({ tx, words }: { tx: Transaction; words: string }) {
  return (
    <Badge size="sm" variant="light" color={tx.isIncome ? 'teal' : 'red'} miw="max-content" tt="none">
      {words}
    </Badge>
  );
}

/** A category's transactions; rows open the transaction editor unless the category is closed (spec §4). */
export function CategoryTransactions({
  rows,
  clickable,
  kind,
  balances = [],
}: {
  rows: readonly Transaction[];
  clickable: boolean;
  kind: OverviewKind;
  /** A loan's balance today per currency (owed to you above 0), for the rows' words. */
  balances?: readonly MoneyAmount[];
}) {
  const { t } = useT();
  const navigate = useNavigate();
  const compact = useMediaQuery('(max-width: 599.98px)');
  const newest = newestFirst(rows);
  const before = kind === 'loan' ? balancesBefore(newest, balances) : new Map<number, bigint>();
  if (rows.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md" size="sm">
        {t('rows.none')}
      </Text>
    );
  }
  return (
    <>
      <Table highlightOnHover={clickable} fz="sm" verticalSpacing={compact ? 6 : 'xs'}>
        <Table.Thead>
          <Table.Tr>
            {!compact && <Table.Th w={150}>{t('rows.date')}</Table.Th>}
            <Table.Th>{t('rows.description')}</Table.Th>
            <Table.Th>{t('rows.whatHappened')}</Table.Th>
            <Table.Th ta="right">{t('rows.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {newest.map((tx) => {
            const open = () => void navigate(editorOf(tx.id));
            return (
              <Table.Tr
                key={tx.id}
                data-transaction={tx.id}
                onClick={clickable ? open : undefined}
                onKeyDown={clickable ? (e) => e.key === 'Enter' && open() : undefined}
                tabIndex={clickable ? 0 : undefined}
                style={{ cursor: clickable ? 'pointer' : 'default' }}
              >
                {!compact && <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(tx.time)}</Table.Td>}
                <Table.Td>
                  <Text size="sm" span>
                    {ellipsis(tx.description, 30)}
                  </Text>
                  {compact && (
                    <Text size="xs" c="dimmed">
                      {when(tx.time)}
                    </Text>
                  )}
                </Table.Td>
                {/* nowrap: the cell takes the badges' width, the description wraps instead. */}
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Words tx={tx} words={plainWords(tx, before.get(tx.id) ?? 0n)} />
                </Table.Td>
                <Table.Td ta="right" c={tx.isIncome ? 'teal' : 'red'} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(tx.isIncome ? tx.amount : -tx.amount, tx.currency)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Stack gap={2} mt="sm" data-explanations>
        {explanations(kind).map(([term, meaning]) => (
          <Text key={term} size="xs" c="dimmed">
            <Text span inherit fw={700}>
              {t('rows.term', { term })}
            </Text>{' '}
            {meaning}
          </Text>
        ))}
      </Stack>
    </>
  );
}
