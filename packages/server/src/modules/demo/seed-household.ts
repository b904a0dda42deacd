import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { CompleteUserFactory } from '../account/complete-user.js';
import type { TransactionRow } from '../ledger/index.js';
import { UsersRepository } from '../users/repository.js';
import type { DemoCategoryIds } from './seed-history.js';
import { minorOf } from './seed-schedules.js';

const DAY = 86_400_000;

/**
 * The demo's second person (issue 34: shared books): Sam, who keeps the household's books with
 * every visitor. One user per install, made on the first demo login, who never signs in (a
 * random password, the DEMO role, no expiry: the demo cleanup never takes them); each visitor's
 * book gets Sam as an editor, and their membership goes with the visitor's book.
 */
export const DEMO_PARTNER_EMAIL = 'household@demo.kassa.invalid';

/** Sam's user id, made when there is none yet (two first visitors at once: the second finds the first's). */
export async function demoPartner(db: Kysely<DB>, now: number): Promise<number> {
  const users = new UsersRepository(db);
  const existing = await users.findByEmail(DEMO_PARTNER_EMAIL);
  if (existing !== undefined) return existing.id;
  try {
    const partner = await new CompleteUserFactory(db, () => now).createComplete({
      email: DEMO_PARTNER_EMAIL,
      password: randomBytes(24).toString('base64url'),
      firstName: 'Sam',
      lastName: 'Okafor',
      mainCurrency: 'EUR',
      role: 'DEMO',
    });
    return partner.id;
  } catch (err) {
    const again = await users.findByEmail(DEMO_PARTNER_EMAIL);
    if (again !== undefined && err instanceof AppError) return again.id;
    throw err;
  }
}

/** The shared household costs of the last months, split half and half: every third one Sam entered and paid. */
export function splitHousehold(
  rows: readonly Omit<TransactionRow, 'id'>[],
  c: DemoCategoryIds,
  people: { visitor: number; partner: number },
  since: number,
): Omit<TransactionRow, 'id'>[] {
  const shared = new Set([c.rent, c.groceries, c.utilities, c.diningOut]);
  const halves = [
    { userId: people.visitor, weight: 1 },
    { userId: people.partner, weight: 1 },
  ];
  let n = 0;
  return rows.map((row) => {
    if (!shared.has(row.categoryId) || row.isIncome || row.time < since || row.currency !== 'EUR') return row;
    n += 1;
    const sams = n % 3 === 0;
    return {
      ...row,
      shares: halves,
      paidBy: sams ? people.partner : people.visitor,
      ...(sams && { createdBy: people.partner }),
    };
  });
}

/** Sam joins the visitor's book and once paid the visitor back part of what they owed. */
export async function addDemoHousehold(
  db: Kysely<DB>,
  people: { visitor: number; partner: number },
  since: number,
  now: number,
): Promise<void> {
  await db
    .insertInto('book_members')
    .values({ book_id: people.visitor, user_id: people.partner, role: 'editor', added_at: since })
    .execute();
  const time = Math.floor(now / DAY) * DAY - 20 * DAY + 19 * 3_600_000;
  await db
    .insertInto('settlements')
    .values({
      user_id: people.visitor,
      from_member: people.partner,
      to_member: people.visitor,
      amount: minorOf('EUR', 150),
      currency: 'EUR',
      description: 'Sam squares up groceries',
      time,
      day: Math.floor(time / DAY),
      created_at: now,
      created_by: people.partner,
    })
    .execute();
}
