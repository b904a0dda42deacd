import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { unavailable } from '../../http/errors.js';
import { breather } from '../../util/breathe.js';
import { DemoVisitorsRepository } from './repository.js';
import { createDemoUser, seedDemoBooks } from './seed.js';

/** How long a visitor's demo books are kept: a day, then the demo cleanup deletes them. */
export const DEMO_LIFETIME_MS = 86_400_000;

/** Where visitors' made-up addresses live (.invalid never resolves, so no mail can reach one). */
const VISITOR_DOMAIN = 'demo.kassa.invalid';

/**
 * "Try the demo": every visitor gets a demo user of their own with the sample books (seed.ts),
 * so no visitor sees another's changes. At most `maxVisitors` live at once: a new visitor
 * removes the oldest past it. A visitor expires a day after it was made; the demo cleanup job
 * deletes expired ones with all their rows.
 */
export class DemoService {
  private readonly visitors: DemoVisitorsRepository;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly limits: { maxVisitors: number },
    private readonly now: () => number = Date.now,
    /** Where a failed seeding is logged (its cause is never answered). */
    private readonly log: { error(obj: object, msg: string): void } = { error: () => undefined },
  ) {
    this.visitors = new DemoVisitorsRepository(db);
  }

  /**
   * A new visitor with the sample books; answers its user id. The user row is made first, with
   * its expiry, so a visitor is never left without one; then the oldest visitors past the cap
   * go, then the books are drawn. 503 when the books could not be made (the half-made visitor is
   * deleted), e.g. when a burst of newer visitors pushed this one past the cap meanwhile.
   */
  async createVisitor(): Promise<number> {
    const now = this.now();
    const user = await createDemoUser(
      this.db,
      {
        email: `visitor-${randomUUID()}@${VISITOR_DOMAIN}`,
        // Nobody logs in with it: the visitor's session comes with its demo login.
        password: randomBytes(24).toString('base64url'),
        demoExpiresAt: now + DEMO_LIFETIME_MS,
      },
      now,
    );
    await this.removeAll(await this.visitors.beyondNewest(this.limits.maxVisitors));
    try {
      await seedDemoBooks(this.db, user.id, now);
    } catch (err) {
      this.log.error({ err, userId: user.id }, 'demo visitor could not be seeded');
      await this.visitors.delete(user.id).catch(() => undefined);
      throw unavailable('The demo could not be prepared just now; try again');
    }
    return user.id;
  }

  /** Deletes the visitors whose day is over, with all their rows; answers how many went. */
  async removeExpired(): Promise<number> {
    const expired = await this.visitors.expired(this.now());
    await this.removeAll(expired);
    return expired.length;
  }

  /** One visitor per statement, with a turn for other requests between them (SQLite deletes synchronously). */
  private async removeAll(ids: number[]): Promise<void> {
    const pause = breather();
    for (const id of ids) {
      await this.visitors.delete(id);
      await pause.maybe();
    }
  }
}
