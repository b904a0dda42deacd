import type { Minor } from '@kassa/money';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { parseRecurrence, postingsBetween } from './recurrence.js';
import { SchedulesRepository } from './repository.js';

/** A pending occurrence of a `remind` transaction schedule, as import matching needs it. */
export interface Reminder {
  scheduleId: number;
  /** The rule's date, the occurrence's key. */
  occurrence: string;
  /** The posting date, after the weekend rule. */
  date: string;
  categoryId: number;
  currency: string;
  isIncome: boolean;
  /** Null = ask each time. */
  amount: Minor | null;
  description: string;
}

/**
 * The pending occurrences of the user's `remind` transaction schedules whose posting date falls
 * from `from` to `to` (inclusive), by posting date then schedule id. A schedule whose stored rule
 * no longer reads is left out (schedule/getall reports it).
 */
export async function remindersBetween(db: Kysely<DB>, userId: number, from: string, to: string): Promise<Reminder[]> {
  const repo = new SchedulesRepository(db);
  const schedules = (await repo.list(userId)).filter((s) => s.mode === 'remind' && s.posting.kind === 'transaction');
  const handled = new Set(
    (
      await repo.occurrences(
        userId,
        schedules.map((s) => s.id),
      )
    ).map((o) => `${o.scheduleId}|${o.occurrence}`),
  );
  const reminders: Reminder[] = [];
  for (const s of schedules) {
    const p = s.posting;
    const parsed = parseRecurrence(s.rule, s.start, s.end);
    if (!parsed.ok || p.kind !== 'transaction') continue;
    for (const { occurrence, date } of postingsBetween(parsed.recurrence, s.weekend, from, to)) {
      if (handled.has(`${s.id}|${occurrence}`)) continue;
      reminders.push({
        scheduleId: s.id,
        occurrence,
        date,
        categoryId: p.categoryId,
        currency: p.currency,
        isIncome: p.isIncome,
        amount: p.amount,
        description: p.description,
      });
    }
  }
  return reminders.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.scheduleId - b.scheduleId));
}
