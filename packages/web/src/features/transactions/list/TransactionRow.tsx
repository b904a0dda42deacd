import { Badge, Checkbox, Table, Text } from '@mantine/core';
import type { Category, Transaction } from '@kassa/contract';
import { ellipsis } from '@kassa/money';
import { formatDate, formatMoney, formatTime } from '../../../lib/display-format';
import { t } from '../i18n';
import { isClosedCategory } from '../kinds';
import { enteredByOf, paidByOf, type ListRow } from './rows';

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
export const CHECK_CELL = { width: 36, userSelect: 'none' } as const;

/** Spec §9: descriptions are shortened to 30 characters, the category under them on a phone to 12. */
const DESCRIPTION_CHARS = 30;
const PHONE_CATEGORY_CHARS = 12;
/** On a phone, who entered a row follows the time and category, shortened to this many characters. */
const PHONE_NAME_CHARS = 16;

function when(time: number): string {
  const d = new Date(time);
  return `${formatDate(d)} ${formatTime(d)}`;
}

/** What a row shows: its text, category, amount, converted amount and the amount's color. */
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
        category: c.fromCurrency === c.toCurrency ? t('row.transfer') : t('row.conversion'),
        amount: `${formatMoney(c.fromAmount, c.fromCurrency)} → ${formatMoney(c.toAmount, c.toCurrency)}`,
        converted: '',
        color: undefined,
      };
    }
    case 'fixpoint':
      return {
        text: t('row.balancesStated'),
        category: t('row.fixpoint'),
        amount: '',
        converted: '',
        color: undefined,
      };
  }
}

/** Whether the row opens its editor: not a transaction of a closed category. */
function clickable(row: ListRow, categories: ReadonlyMap<number, Category>): boolean {
  return row.kind !== 'transaction' || !isClosedCategory(categories.get(row.tx.categoryId));
}

interface RowProps {
  row: ListRow;
  categories: ReadonlyMap<number, Category>;
  compact: boolean;
  selection: RowSelection | undefined;
  rateTitle: ((tx: Transaction) => string | undefined) | undefined;
  /** Shows who entered the row (a shared book, issue 34). */
  enteredBy: boolean;
  /** The book's people by user id, naming who paid a split expense. */
  people: ReadonlyMap<number, string>;
  /** Opens the row's editor. */
  onOpen: (row: ListRow) => void;
}

/** One line of the list: a transaction, a conversion or a fixpoint; Enter or a click opens its editor. */
export function TransactionRow({
  row,
  categories,
  compact,
  selection,
  rateTitle,
  enteredBy,
  people,
  onOpen,
}: RowProps) {
  const d = describe(row, categories);
  const maker = enteredBy ? enteredByOf(row) : '';
  const payer = paidByOf(row, people);
  const canOpen = clickable(row, categories);
  const beforeFix = row.kind === 'transaction' && row.tx.beforeFix === true;
  const open = () => onOpen(row);
  return (
    <Table.Tr
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
      title={beforeFix ? t('row.beforeFix') : undefined}
      data-selected={(row.kind === 'transaction' && selection?.isSelected(row.tx.id)) || undefined}
      bg={
        row.kind === 'transaction' && selection?.isSelected(row.tx.id) === true
          ? 'var(--mantine-primary-color-light)'
          : undefined
      }
    >
      {selection !== undefined && <CheckCell row={row} category={d.category} selection={selection} />}
      {!compact && <Table.Td>{when(row.time)}</Table.Td>}
      <DescriptionCell row={row} text={d.text} category={d.category} maker={maker} payer={payer} compact={compact} />
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
      {!compact && enteredBy && <Table.Td data-entered-by>{maker}</Table.Td>}
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
}

/** The checkbox of a transaction that can be selected; the cell takes the click and sees Shift. */
function CheckCell({ row, category, selection }: { row: ListRow; category: string; selection: RowSelection }) {
  return (
    <Table.Td
      style={CHECK_CELL}
      onClick={(e) => {
        e.stopPropagation();
        if (row.kind === 'transaction' && selection.canSelect(row.tx)) selection.onClick(row.tx, e.shiftKey);
      }}
      onKeyDown={(e) => e.stopPropagation()}
    >
      {row.kind === 'transaction' && selection.canSelect(row.tx) && (
        <Checkbox
          size="xs"
          aria-label={t('row.select', { name: row.tx.description === '' ? category : row.tx.description })}
          checked={selection.isSelected(row.tx.id)}
          // The cell's click handler toggles (it sees Shift); the box only shows the state.
          onChange={() => undefined}
        />
      )}
    </Table.Td>
  );
}

// The split badge beside the description; on a phone on a line of its own, where it would wrap anyway.
const SPLIT_BADGE_BESIDE = { ml: 6, style: { verticalAlign: 'text-bottom' } } as const;
const SPLIT_BADGE_PHONE = { display: 'flex', w: 'fit-content', mt: 2 } as const;

/**
 * The description (or the category when it has none), and on a phone the time, category and who
 * entered it (in a shared book) under it.
 */
function DescriptionCell({
  row,
  text,
  category,
  maker,
  payer,
  compact,
}: {
  row: ListRow;
  text: string;
  category: string;
  /** Who entered the row; '' when not shown. */
  maker: string;
  /** Who paid a split expense; undefined when the row is not split. */
  payer: string | undefined;
  compact: boolean;
}) {
  const label = text === '' ? category : text;
  return (
    <Table.Td>
      {row.kind === 'fixpoint' ? (
        <Badge variant="light" color="grape">
          {t('row.fixpoint')}
        </Badge>
      ) : (
        <Text size="sm" span title={label.length > DESCRIPTION_CHARS ? label : undefined}>
          {ellipsis(label, DESCRIPTION_CHARS)}
        </Text>
      )}
      {payer !== undefined && (
        <Badge
          size="xs"
          variant="light"
          color="grape"
          tt="none"
          maw="100%"
          title={t('row.splitTitle', { name: payer })}
          {...(compact ? SPLIT_BADGE_PHONE : SPLIT_BADGE_BESIDE)}
          data-split
        >
          {t('row.splitBadge', { name: ellipsis(payer, PHONE_NAME_CHARS) })}
        </Badge>
      )}
      {compact && (
        <Text size="xs" c="dimmed">
          {when(row.time)}
          {row.kind === 'transaction' && text !== '' ? ` · ${ellipsis(category, PHONE_CATEGORY_CHARS)}` : ''}
          {maker !== '' && (
            <span data-entered-by title={t('row.enteredByTitle', { name: maker })}>
              {` · ${t('row.by', { name: ellipsis(maker, PHONE_NAME_CHARS) })}`}
            </span>
          )}
        </Text>
      )}
    </Table.Td>
  );
}
