import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** A key's record: the first request's hash and, once it finished, its answer. */
export interface KeyRecord {
  requestHash: string;
  /** Null while the first request runs. */
  status: number | null;
  contentType: string | null;
  answer: string | null;
  createdAt: number;
}

/** SQL for idempotency_keys (migration 0039), by book and key. */
export class IdempotencyRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Claims the key for a request with this hash: true when this request is the first (the row is
   * new). The primary key decides between two requests racing, on one instance or several.
   */
  async claim(bookId: number, key: string, requestHash: string, at: number): Promise<boolean> {
    const inserted = await this.db
      .insertInto('idempotency_keys')
      .values({ user_id: bookId, key, request_hash: requestHash, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async find(bookId: number, key: string): Promise<KeyRecord | undefined> {
    const row = await this.db
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'status', 'content_type', 'answer', 'created_at'])
      .where('user_id', '=', bookId)
      .where('key', '=', key)
      .executeTakeFirst();
    return row === undefined
      ? undefined
      : {
          requestHash: row.request_hash,
          status: row.status,
          contentType: row.content_type,
          answer: row.answer,
          createdAt: row.created_at,
        };
  }

  /**
   * Takes over a claim whose request never finished (its instance died): true when this request
   * won it, only while the claim is still the unfinished one seen at `seenAt`.
   */
  async takeOver(bookId: number, key: string, seenAt: number, at: number): Promise<boolean> {
    const updated = await this.db
      .updateTable('idempotency_keys')
      .set({ created_at: at })
      .where('user_id', '=', bookId)
      .where('key', '=', key)
      .where('status', 'is', null)
      .where('created_at', '=', seenAt)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  async store(bookId: number, key: string, answer: { status: number; contentType: string | null; body: string }) {
    await this.db
      .updateTable('idempotency_keys')
      .set({ status: answer.status, content_type: answer.contentType, answer: answer.body })
      .where('user_id', '=', bookId)
      .where('key', '=', key)
      .execute();
  }

  /** Lets the key go again (the request failed on the server's side: a retry may run it). */
  async release(bookId: number, key: string): Promise<void> {
    await this.db.deleteFrom('idempotency_keys').where('user_id', '=', bookId).where('key', '=', key).execute();
  }

  /** Deletes the keys claimed before `before`; answers how many. */
  async prune(before: number): Promise<number> {
    const result = await this.db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
