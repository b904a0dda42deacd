import type { ImportMatch, ImportPreview, ImportRow, ImportScheduleMatch, Pocket } from '@kassa/contract';
import { formatMoney } from '../../lib/display-format';
import { dayText } from './texts';

/** Where the rows go: "Into Girokonto", or per account "DE12…: into Girokonto; DE34…: into Savings". */
export function destinationText(preview: ImportPreview, pockets: ReadonlyMap<number, Pocket>): string {
  const placed = preview.accounts.flatMap((a) => {
    const pocket = a.pocketId === null ? undefined : pockets.get(a.pocketId);
    return pocket === undefined ? [] : [{ account: a.account, name: pocket.name }];
  });
  if (placed.length === 1 && preview.accounts.length === 1) return `Into ${placed[0]?.name ?? ''}`;
  return placed.map((p) => `${p.account === '' ? 'Rows' : p.account}: into ${p.name}`).join('; ');
}

/** The row's amount in its currency, as the file gave it when it is not a number; '—' when none. */
export function amountText(row: ImportRow): string {
  if (row.amount === '') return '—';
  const n = Number(row.amount);
  return row.currency === '' || !Number.isFinite(n)
    ? `${row.amount} ${row.currency}`.trim()
    : formatMoney(n, row.currency);
}

/** Red for money out, teal for money in. */
export const amountColor = (row: ImportRow) =>
  row.amount === '' ? undefined : Number(row.amount) < 0 ? 'red.9' : 'teal.9';

/** "↔ Transfer with Savings (line 7 of this file), 2024.03.01.," and "- 500.00 €" (kept on one line). */
export function pairText(match: ImportMatch, pockets: ReadonlyMap<number, Pocket>): { text: string; money: string } {
  const pocket = pockets.get(match.pocketId)?.name ?? 'another pocket';
  const where = match.line === undefined ? '' : ` (line ${match.line} of this file)`;
  const kind = match.kind === 'transfer' ? 'Transfer' : 'Conversion';
  const amount = Number(match.amount);
  const money = Number.isFinite(amount) ? formatMoney(amount, match.currency) : match.amount;
  return { text: `↔ ${kind} with ${pocket}${where}, ${dayText(match.date)}, `, money };
}

/** "Confirms scheduled: Rent · due 2026.03.02. · " and "50.00 €" (kept on one line; none when it asks each time). */
export function scheduleLine(schedule: ImportScheduleMatch, currency: string): { text: string; money: string } {
  const what =
    schedule.description === '' ? 'Confirms a scheduled entry' : `Confirms scheduled: ${schedule.description}`;
  const amount = schedule.amount === null ? NaN : Number(schedule.amount);
  const money = !Number.isFinite(amount)
    ? ''
    : currency === ''
      ? (schedule.amount ?? '')
      : formatMoney(amount, currency);
  // Mid-dots, not commas: a description may hold commas of its own.
  return { text: `${what} · due ${dayText(schedule.date)}${money === '' ? '' : ' · '}`, money };
}
