import type { Category, Conversion, ConversionBody, Transaction, TransactionBody } from '@kassa/contract';
import { formatDate, formatMoney, formatMoneyMinor, formatTime } from '../../../lib/display-format';
import { entryFigures, isIncomeEntry, type LedgerRow, type OutboxEntry } from '../../../shared/outbox';
import { t } from '../i18n';
import { OUTBOX_UI } from './texts';

/** How an entry or a row shows: what it is, its text, category, amounts and time. */
export interface EntryView {
  action: string;
  text: string;
  category: string;
  amount: string;
  /** Red for money out, teal for money in, none for conversions and fixpoints. */
  color: 'red' | 'teal' | undefined;
  time: string;
}

const when = (iso: string | undefined) => {
  if (iso === undefined) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : `${formatDate(d)} ${formatTime(d)}`;
};

const isConversion = (row: LedgerRow): row is Conversion => 'fromCurrency' in row;

/** A stored row as the list shows it (the row an edit or delete was made on, or what the server holds now). */
export function rowView(row: LedgerRow, categories: ReadonlyMap<number, Category>): Omit<EntryView, 'action'> {
  if (isConversion(row))
    return {
      text: row.description,
      category: row.fromCurrency === row.toCurrency ? t('row.transfer') : t('row.conversion'),
      amount: `${formatMoney(row.fromAmount, row.fromCurrency)} → ${formatMoney(row.toAmount, row.toCurrency)}`,
      color: undefined,
      time: when(row.time),
    };
  const tx: Transaction = row;
  return {
    text: tx.description,
    category: categories.get(tx.categoryId)?.name ?? '',
    amount: formatMoney(tx.isIncome ? tx.amount : -tx.amount, tx.currency),
    color: tx.isIncome ? 'teal' : 'red',
    time: when(tx.time),
  };
}

/** A new or changed transaction's body as the list shows it, in its own currency. */
function transactionView(entry: OutboxEntry, categories: ReadonlyMap<number, Category>) {
  const body = entry.body as TransactionBody;
  const incomeOf = (id: number) => categories.get(id)?.isIncome ?? undefined;
  const income = isIncomeEntry(body, incomeOf);
  const [figure] = entryFigures({ ...entry, kind: 'transaction-add' }, incomeOf);
  return {
    text: body.description ?? '',
    category: categories.get(body.categoryId)?.name ?? '',
    amount:
      figure === undefined
        ? `${String(body.amount)} ${body.currency}`
        : formatMoneyMinor(figure.minor, figure.currency),
    color: income ? ('teal' as const) : ('red' as const),
    time: when(body.time),
  };
}

function conversionView(entry: OutboxEntry) {
  const body = entry.body as ConversionBody;
  const [from, to] = entryFigures({ ...entry, kind: 'conversion-add' }, () => undefined);
  const money = (f: typeof from, amount: unknown, currency: string) =>
    f === undefined ? `${String(amount)} ${currency}` : formatMoneyMinor(f.minor < 0n ? -f.minor : f.minor, currency);
  return {
    text: body.description ?? '',
    category: body.fromCurrency === body.toCurrency ? t('row.transfer') : t('row.conversion'),
    amount: `${money(from, body.fromAmount, body.fromCurrency)} → ${money(to, body.toAmount, body.toCurrency)}`,
    color: undefined,
    time: when(body.time),
  };
}

/** What an outbox entry shows: the change it makes, in the entry's own currencies. */
export function entryView(entry: OutboxEntry, categories: ReadonlyMap<number, Category>): EntryView {
  const action = OUTBOX_UI.action(entry.kind);
  switch (entry.kind) {
    case 'transaction-add':
    case 'transaction-update':
      return { action, ...transactionView(entry, categories) };
    case 'conversion-add':
    case 'conversion-update':
      return { action, ...conversionView(entry) };
    case 'transaction-delete':
    case 'conversion-delete':
      return entry.before === undefined
        ? { action, text: '', category: '', amount: '', color: undefined, time: '' }
        : { action, ...rowView(entry.before, categories) };
    case 'fixpoint-set': {
      const pockets = Array.isArray(entry.body) ? entry.body.length : 0;
      return {
        action,
        text: OUTBOX_UI.pocketsStated(pockets),
        category: t('row.fixpoint'),
        amount: '',
        color: undefined,
        time: when(entry.createdAt),
      };
    }
  }
}
