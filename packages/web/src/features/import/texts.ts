import type { ImportAccount, ImportBatch, ImportBatchSource, ImportCommitResult } from '@kassa/contract';
import { formatDate, formatIsoDate, formatMoney } from '../../lib/display-format';

/** A statement day (YYYY-MM-DD) in the person's date format (yyyy.mm.dd. by default); '—' when unreadable. */
export function dayText(day: string | undefined): string {
  if (day === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return day === undefined || day === '' ? '—' : day;
  return formatIsoDate(day);
}

/** An instant of the API as a local date, in the person's date format. */
export const instantDay = (iso: string) => formatDate(new Date(iso));

/** "1 row", "2 rows". */
export const count = (n: number, noun: string, nouns = `${noun}s`) => `${n} ${n === 1 ? noun : nouns}`;

/** A bank connection's sync as the import history names it, in place of a file name (issue 35). */
export const SYNC_LABEL: Record<Exclude<ImportBatchSource, 'file'>, string> = {
  simplefin: 'SimpleFIN sync',
  enablebanking: 'Enable Banking sync',
};

/** A batch's name in the history: the file's, or its provider's sync. */
export function batchTitle(b: Pick<ImportBatch, 'source' | 'fileName'>): string {
  return b.source === 'file' ? b.fileName : SYNC_LABEL[b.source];
}

/** A closing balance as the fixpoint box names it: "1 234.56 € on 2024.03.31." (with the account when several). */
export function closingText(account: ImportAccount, withAccount: boolean): string {
  const amount = Number(account.closingBalance);
  const money =
    Number.isFinite(amount) && account.currency !== ''
      ? formatMoney(amount, account.currency)
      : (account.closingBalance ?? '');
  const on = account.closingDate === undefined ? '' : ` on ${dayText(account.closingDate)}`;
  return `${withAccount && account.account !== '' ? `${account.account}: ` : ''}${money}${on}`;
}

/** A signed major-unit decimal of the API in the account's currency: "2 450.30 €". */
function money(decimal: string, currency: string): string {
  const amount = Number(decimal);
  return Number.isFinite(amount) && currency !== '' ? formatMoney(amount, currency) : decimal;
}

/**
 * What the statement's closing balance does to the next fixpoint of its pocket, in figures
 * (issue 32): "Your fixpoint of 2026.11.28. (2 450.30 €) and the statement's closing balance
 * 2 450.30 € on 2026.11.27. agree: no error." or "… differ by 12.40 €." Rows of the pocket after
 * the closing are named when they make the calculated balance differ from the closing.
 */
export function anchorCheckText(account: ImportAccount): string | undefined {
  const check = account.anchorCheck;
  if (check === undefined) return undefined;
  const c = account.currency;
  const withRows =
    account.closingBalance !== undefined && Number(check.calculated) !== Number(account.closingBalance)
      ? ` with the pocket’s later rows (${money(check.calculated, c)})`
      : '';
  const outcome =
    Number(check.difference) === 0
      ? 'agree: no error'
      : `differ by ${money(check.difference.replace(/^-/, ''), c)}: that fixpoint’s error will be ${money(check.difference, c)}`;
  return `Your fixpoint of ${instantDay(check.time)} (${money(check.stated, c)}) and the statement’s closing balance ${closingText(account, false)}${withRows} ${outcome}.`;
}

/** The summary lines after a commit, in order. */
export function resultLines(r: ImportCommitResult): { label: string; value: number | string; key: string }[] {
  return [
    { key: 'imported', label: 'Imported', value: r.imported },
    { key: 'skipped', label: 'Skipped', value: r.skipped },
    { key: 'duplicates', label: 'Duplicates left out', value: r.duplicates },
    { key: 'transfers', label: 'Transfers between pockets', value: r.transfers },
    { key: 'conversions', label: 'Conversions', value: r.conversions },
    { key: 'fixpoint', label: 'Fixpoint', value: r.fixpointId === null ? 'none' : 'saved' },
  ];
}

/** "1 confirms a scheduled entry", "2 confirm scheduled entries". */
export const scheduleText = (n: number) =>
  `${n} ${n === 1 ? 'confirms a scheduled entry' : 'confirm scheduled entries'}`;

/**
 * What the commit will do, as one sentence: "3 rows will be imported (1 confirms a scheduled
 * entry); 1 skipped, 2 duplicates left out." `schedules` counts the imported rows that confirm one.
 */
export function planText(
  t: Record<'import' | 'skip' | 'duplicate' | 'error' | 'transfer' | 'conversion', number>,
  schedules = 0,
): string {
  const head = `${count(t.import, 'row')} will be imported${schedules > 0 ? ` (${scheduleText(schedules)})` : ''}`;
  const pairs = [
    ...(t.transfer > 0
      ? [`${count(t.transfer, 'row')} ${t.transfer === 1 ? 'is a transfer' : 'are transfers'} between your pockets`]
      : []),
    ...(t.conversion > 0
      ? [`${count(t.conversion, 'row')} ${t.conversion === 1 ? 'becomes' : 'become'} a conversion`]
      : []),
  ];
  const out = [
    ...(t.skip > 0 ? [`${t.skip} skipped`] : []),
    ...(t.duplicate > 0 ? [`${count(t.duplicate, 'duplicate')} left out`] : []),
    ...(t.error > 0 ? [`${count(t.error, 'row')} with errors left out`] : []),
  ];
  return `${[head, ...pairs].join(', ')}${out.length > 0 ? `; ${out.join(', ')}` : ''}.`;
}
