import { IMPORT_SCHEDULE_DAYS, IMPORT_SCHEDULE_TOLERANCE } from '@kassa/contract';
import { dayFromIso } from '@kassa/money';
import type { Breather } from '../../util/breathe.js';
import type { Reminder } from '../schedules/reminders.js';
import type { PreviewContext } from './preview-context.js';
import { majorText } from './statement-amounts.js';
import type { StoredRow } from './stored-row.js';

/**
 * Gives a new row without another leg the pending `remind` occurrence it pays, if any: the same
 * currency and direction, the posting date within IMPORT_SCHEDULE_DAYS of the row's day, and
 * the amount within IMPORT_SCHEDULE_TOLERANCE of a fixed amount (any amount when the schedule
 * asks each time). Fixed amounts first, then the closest day, then the closest amount; each
 * occurrence and row once (commit's `schedule: false` declines a proposal). Commit
 * records the occurrence as posted with the row's transaction, so it is not a second row beside
 * a confirm. The schedule's category is the row's unless a rule chose one.
 */
export async function confirmSchedules(rows: StoredRow[], ctx: PreviewContext, pace: Breather): Promise<void> {
  if (ctx.reminders.length === 0) return;
  const candidates: { row: StoredRow; reminder: Reminder; asks: number; days: number; off: number }[] = [];
  const dayOf = new Map(ctx.reminders.map((r) => [r, dayFromIso(r.date) ?? NaN]));
  for (const row of rows) {
    if (pace.due()) await pace.pause();
    if (row.status !== 'new' || row.match !== undefined || row.pocketId === null) continue;
    const amount = Math.abs(row.minor);
    for (const reminder of ctx.reminders) {
      if (reminder.currency !== row.currency || reminder.isIncome !== row.minor > 0) continue;
      const days = Math.abs((dayOf.get(reminder) ?? NaN) - row.day);
      if (!(days <= IMPORT_SCHEDULE_DAYS)) continue;
      const off = reminder.amount === null ? 0 : Math.abs(amount - reminder.amount) / reminder.amount;
      if (off > IMPORT_SCHEDULE_TOLERANCE) continue;
      candidates.push({ row, reminder, asks: reminder.amount === null ? 1 : 0, days, off });
    }
  }
  // A fixed amount that fits is better evidence than a date alone: those pair first.
  candidates.sort((a, b) => a.asks - b.asks || a.days - b.days || a.off - b.off || a.row.line - b.row.line);
  const usedRows = new Set<StoredRow>();
  const usedReminders = new Set<Reminder>();
  for (const { row, reminder } of candidates) {
    if (usedRows.has(row) || usedReminders.has(reminder)) continue;
    usedRows.add(row);
    usedReminders.add(reminder);
    row.schedule = {
      scheduleId: reminder.scheduleId,
      occurrence: reminder.occurrence,
      date: reminder.date,
      amount: reminder.amount === null ? null : majorText(reminder.amount, reminder.currency),
      description: reminder.description,
    };
    if (row.categorySource !== 'rule') {
      row.categoryId = reminder.categoryId;
      delete row.categorySource;
    }
  }
}
