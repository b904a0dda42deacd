import { Checkbox, Table } from '@mantine/core';
import type { Category, MoneyAmount, Transaction } from '@kassa/contract';
import { formatMoney } from '../../../lib/display-format';
import { useNavigate } from 'react-router';
import { useT } from '../i18n';
import { editorPath, type ListRow } from './rows';
import { CHECK_CELL, TransactionRow, type RowSelection } from './TransactionRow';

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
  /** Who entered each row, for a book more than one person may open (issue 34). */
  enteredBy?: boolean;
  /** The book's people by user id: who paid a split expense. */
  people?: ReadonlyMap<number, string>;
}

/** The list's table; rows before the last fixpoint are dimmed and slanted (before-fix). */
const NOBODY: ReadonlyMap<number, string> = new Map();

export function TransactionTable({
  rows,
  categories,
  sum,
  compact,
  selection,
  rateTitle,
  enteredBy = false,
  people = NOBODY,
}: Props) {
  const { t } = useT();
  const navigate = useNavigate();
  const checks = selection !== undefined ? 1 : 0;
  const open = (row: ListRow) => void navigate(editorPath(row));
  return (
    <Table highlightOnHover verticalSpacing={compact ? 6 : 'xs'} fz="sm">
      <Table.Thead>
        <Table.Tr>
          {selection !== undefined && (
            <Table.Th style={CHECK_CELL}>
              <Checkbox
                aria-label={t('table.selectShown')}
                size="xs"
                checked={selection.header === 'all'}
                indeterminate={selection.header === 'some'}
                onChange={selection.onHeader}
              />
            </Table.Th>
          )}
          {!compact && <Table.Th w={150}>{t('table.time')}</Table.Th>}
          <Table.Th>{t('table.description')}</Table.Th>
          {!compact && <Table.Th>{t('table.category')}</Table.Th>}
          {!compact && enteredBy && <Table.Th>{t('table.enteredBy')}</Table.Th>}
          <Table.Th ta="right">{t('table.amount')}</Table.Th>
          {!compact && <Table.Th ta="right">{t('table.converted')}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sum !== undefined && (
          <Table.Tr data-sum>
            <Table.Td colSpan={(compact ? 1 : 3 + (enteredBy ? 1 : 0)) + checks} fw={700}>
              {t('table.sum')}
            </Table.Td>
            <Table.Td ta="right" fw={700} colSpan={compact ? 1 : 2} c={sum.amount < 0 ? 'red' : 'teal'}>
              {formatMoney(sum.amount, sum.currency)}
            </Table.Td>
          </Table.Tr>
        )}
        {rows.map((row) => (
          <TransactionRow
            key={row.key}
            row={row}
            categories={categories}
            compact={compact}
            selection={selection}
            rateTitle={rateTitle}
            enteredBy={enteredBy}
            people={people}
            onOpen={open}
          />
        ))}
      </Table.Tbody>
    </Table>
  );
}
