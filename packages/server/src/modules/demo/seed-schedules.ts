import { majorToMinor } from '@kassa/money';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { dateOfMs } from '../schedules/recurrence.js';
import { SchedulesRepository, type ScheduleRow } from '../schedules/repository.js';
import { breather } from '../../util/breathe.js';

/** Minor units of a whole or decimal amount of the demo's currencies. */
export const minorOf = (code: string, major: number) => Number(majorToMinor(major, code));

/**
 * The demo's regular entries as scheduled entries starting `from` (tomorrow): the history above
 * ends today, so no occurrence repeats a drawn row, and the demo job posts them as days pass
 * until the next reset. Salary and rent post themselves; the electricity bill, whose amount
 * varies, asks each time (remind); the dollar subscription posts too, and Bence's instalments until
 * his loan is settled wait to be confirmed.
 */
export async function addDemoSchedules(
  db: Kysely<DB>,
  userId: number,
  c: Record<'salary' | 'rent' | 'utilities' | 'transport' | 'subscriptions' | 'bence', number>,
  benceInstalments: number,
  from: number,
  now: number,
): Promise<void> {
  const start = dateOfMs(from);
  const transaction = (
    categoryId: number,
    currency: string,
    major: number | null,
    isIncome: boolean,
    description: string,
  ): ScheduleRow['posting'] => ({
    kind: 'transaction',
    categoryId,
    currency,
    amount: major === null ? null : minorOf(currency, major),
    isIncome,
    businessType: null,
    description,
  });
  const schedules: Omit<ScheduleRow, 'id' | 'userId' | 'start' | 'end'>[] = [
    {
      rule: 'FREQ=MONTHLY;BYMONTHDAY=1',
      weekend: 'as-is',
      mode: 'post',
      posting: transaction(c.salary, 'EUR', 3620, true, 'Monthly salary'),
    },
    {
      rule: 'FREQ=MONTHLY;BYMONTHDAY=2',
      weekend: 'as-is',
      mode: 'post',
      posting: transaction(c.rent, 'EUR', 1150, false, 'Rent for the flat'),
    },
    {
      rule: 'FREQ=MONTHLY;BYMONTHDAY=3',
      weekend: 'as-is',
      mode: 'post',
      posting: transaction(c.transport, 'EUR', 49, false, 'Monthly transit pass'),
    },
    {
      rule: 'FREQ=MONTHLY;BYMONTHDAY=5',
      weekend: 'after',
      mode: 'remind',
      posting: transaction(c.utilities, 'EUR', null, false, 'Electricity and heating'),
    },
    {
      rule: 'FREQ=MONTHLY;BYMONTHDAY=12',
      weekend: 'as-is',
      mode: 'post',
      posting: transaction(c.subscriptions, 'USD', 15.99, false, 'Music streaming'),
    },
  ];
  // Bence's instalments until his loan is settled.
  if (benceInstalments > 0)
    schedules.push({
      rule: `FREQ=MONTHLY;BYMONTHDAY=25;COUNT=${benceInstalments}`,
      weekend: 'as-is',
      mode: 'remind',
      posting: transaction(c.bence, 'EUR', 200, true, 'Bence paid back'),
    });
  const repository = new SchedulesRepository(db);
  const pace = breather();
  for (const s of schedules) {
    await repository.insert(userId, { ...s, start, end: null }, now);
    await pace.maybe();
  }
}
