import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * Who belongs to a book (issue 34): its owner and its members, by user id. Below the features
 * that name members in their rows (a split expense's payer and shares, a settlement), which
 * check against it; the books module manages membership itself.
 */
export class MembersRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The owner's and every member's user id; empty for a book that does not exist. */
  async memberIds(bookId: number): Promise<Set<number>> {
    const owner = await this.db.selectFrom('books').select('owner_id').where('id', '=', bookId).executeTakeFirst();
    if (owner === undefined) return new Set();
    const members = await this.db.selectFrom('book_members').select('user_id').where('book_id', '=', bookId).execute();
    return new Set([owner.owner_id, ...members.map((m) => m.user_id)]);
  }

  /** The owner and the members by (lower-cased) e-mail: a restore finds the people a backup names. */
  async byEmail(bookId: number): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where((eb) =>
        eb.or([
          eb('id', 'in', eb.selectFrom('books').select('owner_id').where('id', '=', bookId)),
          eb('id', 'in', eb.selectFrom('book_members').select('user_id').where('book_id', '=', bookId)),
        ]),
      )
      .execute();
    return new Map(rows.map((r) => [r.email.toLowerCase(), r.id]));
  }
}

/** The 400 message for a user id that is not a member, or undefined when every id is one. */
export function notAMember(members: ReadonlySet<number>, ids: readonly { field: string; userId: number }[]) {
  const stranger = ids.find((i) => !members.has(i.userId));
  return stranger === undefined ? undefined : `${stranger.field}: user ${stranger.userId} is not a member of this book`;
}
