import type { EnteredBy, Language, Preferences, Role } from '@kassa/contract';
import type { Kysely, Selectable } from 'kysely';
import type { DB, UsersTable } from '../../db/schema.js';

/** A user as the services see it. */
export interface User {
  id: number;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  mainCurrency: string | null;
  role: Role;
  emailVerified: boolean;
  referralOk: boolean;
  regComplete: boolean;
  tokenVersion: number;
  createdAt: number;
  lastLoginAt: number | null;
  /** When an admin disabled the user; null while they may sign in. */
  disabledAt: number | null;
  /** Language and display formats (issue 36). */
  preferences: Preferences;
}

export interface NewUser {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  mainCurrency: string | null;
  role: Role;
  emailVerified: boolean;
  referralOk: boolean;
  regComplete: boolean;
  createdAt: number;
  /** A demo visitor's: when the demo cleanup deletes them (absent: never). */
  demoExpiresAt?: number;
  /** The language the person signed up in (absent: not chosen yet). */
  language?: Language;
}

/** A users row as the services see it (also for queries of other modules that read the row). */
export function toUser(row: Selectable<UsersTable>): User {
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    firstName: row.first_name,
    lastName: row.last_name,
    mainCurrency: row.main_currency,
    role: row.role,
    emailVerified: row.email_verified === 1,
    referralOk: row.referral_ok === 1,
    regComplete: row.reg_complete === 1,
    tokenVersion: row.token_version,
    createdAt: row.created_at,
    lastLoginAt: row.last_login_at,
    disabledAt: row.disabled_at,
    preferences: { language: row.language, numberFormat: row.number_format, dateFormat: row.date_format },
  };
}

const flag = (value: boolean) => (value ? 1 : 0);

/** How a person is named to others: their name, or their address when they gave none. */
export function displayName(first: string, last: string, email: string): string {
  const name = `${first} ${last}`.trim();
  return name === '' ? email : name;
}

/** A row's `createdBy` answer: its maker by name (`makersOf`); null when not known or no longer a user. */
export function enteredBy(makers: ReadonlyMap<number, string>, maker: number | null | undefined): EnteredBy | null {
  if (maker === null || maker === undefined) return null;
  const name = makers.get(maker);
  return name === undefined ? null : { userId: maker, name };
}

/** SQL for the users table. E-mails must arrive lower-cased (the service does it). */
export class UsersRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async findById(id: number): Promise<User | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : toUser(row);
  }

  async findByEmail(email: string): Promise<User | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    return row === undefined ? undefined : toUser(row);
  }

  async insert(user: NewUser): Promise<User> {
    const row = await this.db
      .insertInto('users')
      .values({
        email: user.email,
        password_hash: user.passwordHash,
        first_name: user.firstName,
        last_name: user.lastName,
        main_currency: user.mainCurrency,
        role: user.role,
        email_verified: flag(user.emailVerified),
        referral_ok: flag(user.referralOk),
        reg_complete: flag(user.regComplete),
        token_version: 0,
        created_at: user.createdAt,
        demo_expires_at: user.demoExpiresAt ?? null,
        language: user.language ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    // Every user founds a book, numbered as they are (issue 34, migration 0033).
    await this.db.insertInto('books').values({ id: row.id, owner_id: row.id, created_at: user.createdAt }).execute();
    return toUser(row);
  }

  /** The display names of the members who entered the rows (issue 34: `createdBy`), by id. */
  makersOf(rows: readonly { createdBy?: number | null }[]): Promise<Map<number, string>> {
    const ids = new Set<number>();
    for (const r of rows) if (r.createdBy !== undefined && r.createdBy !== null) ids.add(r.createdBy);
    return this.namesOf([...ids]);
  }

  /** The display names of the users with these ids (those that still exist). */
  async namesOf(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'email'])
      .where('id', 'in', [...ids])
      .execute();
    return new Map(rows.map((r) => [r.id, displayName(r.first_name, r.last_name, r.email)]));
  }

  /** Stores what changed of the preferences; answers them all. */
  async setPreferences(id: number, change: Partial<Preferences>): Promise<Preferences> {
    const set = {
      ...(change.language == null ? {} : { language: change.language }),
      ...(change.numberFormat === undefined ? {} : { number_format: change.numberFormat }),
      ...(change.dateFormat === undefined ? {} : { date_format: change.dateFormat }),
    };
    if (Object.keys(set).length > 0) await this.db.updateTable('users').set(set).where('id', '=', id).execute();
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return toUser(row).preferences;
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /** The id of the install's first member: the oldest user who is not the demo; undefined when there is none. */
  async firstMemberId(): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('role', '!=', 'DEMO')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return row?.id;
  }

  async setRole(id: number, role: Role): Promise<void> {
    await this.db.updateTable('users').set({ role }).where('id', '=', id).execute();
  }

  /** Disables the user from `at` (null: enables them again). */
  async setDisabled(id: number, at: number | null): Promise<void> {
    await this.db.updateTable('users').set({ disabled_at: at }).where('id', '=', id).execute();
  }

  /** Sets registration flags and profile fields that are given. */
  async update(
    id: number,
    changes: Partial<{
      emailVerified: boolean;
      referralOk: boolean;
      regComplete: boolean;
      firstName: string;
      lastName: string;
      mainCurrency: string;
    }>,
  ): Promise<void> {
    const set: Record<string, string | number> = {};
    if (changes.emailVerified !== undefined) set['email_verified'] = flag(changes.emailVerified);
    if (changes.referralOk !== undefined) set['referral_ok'] = flag(changes.referralOk);
    if (changes.regComplete !== undefined) set['reg_complete'] = flag(changes.regComplete);
    if (changes.firstName !== undefined) set['first_name'] = changes.firstName;
    if (changes.lastName !== undefined) set['last_name'] = changes.lastName;
    if (changes.mainCurrency !== undefined) set['main_currency'] = changes.mainCurrency;
    if (Object.keys(set).length > 0) await this.db.updateTable('users').set(set).where('id', '=', id).execute();
  }

  /** Stores a new password hash and voids every token issued before. */
  async changePassword(id: number, passwordHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  async recordLogin(id: number, at: number): Promise<void> {
    await this.db.updateTable('users').set({ last_login_at: at }).where('id', '=', id).execute();
  }
}
