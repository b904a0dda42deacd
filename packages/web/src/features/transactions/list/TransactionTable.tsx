import { Badge, Checkbox, Table, Text } from '@mantine/core';
import type { Category, MoneyAmount, Transaction } from '@kassa/contract';
import { ellipsis, formatDate, formatMoney, formatTime } from '@kassa/money';
import { useNavigate } from 'react-router';
import { isClosedCategory } from '../kinds';
import { editorPath, type ListRow } from './rows';

interface Props {
  rows: readonly ListRow[];
  categories: ReadonlyMap<number, Category>;
  /** The sum row, when exactly one direction is filtered. */
  sum?: MoneyAmount;
  /** Handset width: time under the description, fewer columns. */
  compact: boolean;
  /** Checkboxes for bulk edit: a column of them when given. */
  selection?: RowSelection;
  /** The rate, day and source behind a transaction's converted amount (issue 21), once known. */
  rateTitle?: (tx: Transaction) => string | undefined;
}

/** What the checkbox column needs of the list's selection (use-row-selection.ts). */
export interface RowSelection {
  isSelected: (id: number) => boolean;
  /** Transactions of closed loan and business categories are frozen: no checkbox. */
  canSelect: (tx: Transaction) => boolean;
  onClick: (tx: Transaction, shift: boolean) => void;
  header: 'all' | 'some' | 'none';
  onHeader: () => void;
}

// The checkbox cell takes the click (a bigger target on a phone) and keeps it from opening the
// editor; user-select none, so Shift-click ranges do not select text.
const CHECK_CELL = { width: 36, userSelect: 'none' } as const;

/** Spec §9: descriptions are shortened to 30 characters, the category under them on a phone to 12. */
const DESCRIPTION_CHARS = 30;
const PHONE_CATEGORY_CHARS = 12;

function when(time: number): string {
  const d = new Date(time);
  return `${formatDate(d)} ${formatTime(d)}`;
}

function describe(row: ListRow, categories: ReadonlyMap<number, Category>) {
  switch (row.kind) {
    case 'transaction': {
      const t = row.tx;
      const signed = t.isIncome ? t.amount : -t.amount;
      const converted =
        t.convertedAmount !== undefined && t.convertedCurrency !== undefined && t.convertedCurrency !== t.currency
          ? formatMoney(t.isIncome ? t.convertedAmount : -t.convertedAmount, t.convertedCurrency)
          : '';
      return {
        text: t.description,
        category: categories.get(t.categoryId)?.name ?? '',
        amount: formatMoney(signed, t.currency),
        converted,
        color: t.isIncome ? 'teal' : 'red',
      };
    }
    case 'conversion': {
      const c = row.conversion;
      return {
        text: c.description,
        // One currency: a transfer between two of its pockets, which import makes (DESIGN §4).
        category: c.fromCurrency === c.toCurrency ? 'Transfer' : 'Conversion',
        amount: `${formatMoney(c.fromAmount, c.fromCurrency)} → ${formatMoney(c.toAmount, c.toCurrency)}`,
        converted: '',
        color: undefined,
      };
    }
    case 'fixpoint':
      return { text: 'Balances stated', category: 'Fixpoint', amount: '', converted: '', color: undefined };
  }
}

function clickable(row: ListRow, categories: ReadonlyMap<number, Category>): boolean {
  return row.kind !== 'transaction' || !isClosedCategory(categories.get(row.tx.categoryId));
}

/** The list's table; rows before the last fixpoint are dimmed and slanted (before-fix). */
export function TransactionTable({ rows, categories, sum, compact, selection, rateTitle }: Props) {
  const navigate = useNavigate();
  const checks = selection !== undefined ? 1 : 0;
  return (
    <Table highlightOnHover verticalSpacing={compact ? 6 : 'xs'} fz="sm">
      <Table.Thead>
        <Table.Tr>
          {selection !== undefined && (
            <Table.Th style={CHECK_CELL}>
              <Checkbox
                aria-label="Select every transaction shown"
                size="xs"
                checked={selection.header === 'all'}
                indeterminate={selection.header === 'some'}
                onChange={selection.onHeader}
              />
            </Table.Th>
          )}
          {!compact && <Table.Th w={150}>Time</Table.Th>}
          <Table.Th>Description</Table.Th>
          {!compact && <Table.Th>Category</Table.Th>}
          <Table.Th ta="right">Amount</Table.Th>
          {!compact && <Table.Th ta="right">Converted</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sum !== undefined && (
          <Table.Tr data-sum>
            <Table.Td colSpan={(compact ? 1 : 3) + checks} fw={700}>
              Sum
            </Table.Td>
            <Table.Td ta="right" fw={700} colSpan={compact ? 1 : 2} c={sum.amount < 0 ? 'red' : 'teal'}>
              {formatMoney(sum.amount, sum.currency)}
            </Table.Td>
          </Table.Tr>
        )}
        {rows.map((row) => {
          const d = describe(row, categories);
          const label = d.text === '' ? d.category : d.text;
          const canOpen = clickable(row, categories);
          const beforeFix = row.kind === 'transaction' && row.tx.beforeFix === true;
          const open = () => void navigate(editorPath(row));
          return (
            <Table.Tr
              key={row.key}
              data-row-kind={row.kind}
              data-before-fix={beforeFix || undefined}
              onClick={canOpen ? open : undefined}
              onKeyDown={canOpen ? (e) => e.key === 'Enter' && open() : undefined}
              tabIndex={canOpen ? 0 : undefined}
              style={{
                cursor: canOpen ? 'pointer' : 'default',
                // Dimmed and slanted rather than faded, so the text keeps its contrast.
                color: beforeFix ? 'var(--mantine-color-dimmed)' : undefined,
                fontStyle: beforeFix ? 'italic' : undefined,
              }}
              title={beforeFix ? 'Before the last fixpoint' : undefined}
              data-selected={(row.kind === 'transaction' && selection?.isSelected(row.tx.id)) || undefined}
              bg={
                row.kind === 'transaction' && selection?.isSelected(row.tx.id) === true
                  ? 'var(--mantine-primary-color-light)'
                  : undefined
              }
            >
              {selection !== undefined && (
                <Table.Td
                  style={CHECK_CELL}
                  onClick={(e) => {
                    e.stopPropagation();
                    if (row.kind === 'transaction' && selection.canSelect(row.tx))
                      selection.onClick(row.tx, e.shiftKey);
                  }}
                  onKeyDown={(e) => e.stopPropagation()}
                >
                  {row.kind === 'transaction' && selection.canSelect(row.tx) && (
                    <Checkbox
                      size="xs"
                      aria-label={`Select ${row.tx.description === '' ? d.category : row.tx.description}`}
                      checked={selection.isSelected(row.tx.id)}
                      // The cell's click handler toggles (it sees Shift); the box only shows the state.
                      onChange={() => undefined}
                    />
                  )}
                </Table.Td>
              )}
              {!compact && <Table.Td>{when(row.time)}</Table.Td>}
              <Table.Td>
                {row.kind === 'fixpoint' ? (
                  <Badge variant="light" color="grape">
                    Fixpoint
                  </Badge>
                ) : (
                  <Text size="sm" span title={label.length > DESCRIPTION_CHARS ? label : undefined}>
                    {ellipsis(label, DESCRIPTION_CHARS)}
                  </Text>
                )}
                {compact && (
                  <Text size="xs" c="dimmed">
                    {when(row.time)}
                    {row.kind === 'transaction' && d.text !== ''
                      ? ` · ${ellipsis(d.category, PHONE_CATEGORY_CHARS)}`
                      : ''}
                  </Text>
                )}
              </Table.Td>
              {!compact && (
                <Table.Td>
                  {row.kind === 'conversion' ? (
                    <Badge variant="light">{d.category}</Badge>
                  ) : row.kind === 'fixpoint' ? (
                    ''
                  ) : (
                    d.category
                  )}
                </Table.Td>
              )}
              <Table.Td ta="right" c={d.color} style={{ whiteSpace: 'nowrap' }}>
                {d.amount}
              </Table.Td>
              {!compact && (
                <Table.Td
                  ta="right"
                  c="dimmed"
                  style={{ whiteSpace: 'nowrap' }}
                  data-converted
                  title={row.kind === 'transaction' && d.converted !== '' ? rateTitle?.(row.tx) : undefined}
                >
                  {d.converted}
                </Table.Td>
              )}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
