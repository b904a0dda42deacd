import { emailSchema, lineSchema, MIN_PASSWORD_LENGTH, roleSchema, type Role } from '@kassa/contract';
import { isSupportedCurrency } from '@kassa/money';
import { z } from 'zod';
import { AppError, badRequest, conflict } from '../../http/errors.js';
import { describeIssue } from '../../http/validate.js';
import { hashPassword } from '../auth/passwords.js';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { CategoriesRepository } from '../categories/repository.js';
import { createSystemCategories } from '../categories/system-categories.js';
import { UserCurrenciesRepository } from '../currencies/repository.js';
import { defaultPocketName } from '../currencies/service.js';
import { PocketsRepository } from '../pockets/repository.js';
import { UsersRepository, type User } from '../users/repository.js';

// First and last name, cleaned as every stored text (the CLI's user:create takes them from a shell).
const nameSchema = lineSchema(100);

const createUserSchema = z.object({
  email: emailSchema,
  password: z.string().min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`).max(1024),
  firstName: nameSchema.default(''),
  lastName: nameSchema.default(''),
  mainCurrency: z
    .string()
    .trim()
    .transform((c) => c.toUpperCase())
    .refine(isSupportedCurrency, 'is not a supported currency')
    .default('EUR'),
  role: roleSchema.default('NORMAL'),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

/** Complete users made in one step, for the admin CLI, the demo, tests and benchmarks (no sign-up steps). */
export class CompleteUserFactory {
  private readonly users: UsersRepository;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => number = Date.now,
  ) {
    this.users = new UsersRepository(db);
  }

  /**
   * Creates a verified, registration-complete user (admin CLI, demo visitors, tests, benchmarks);
   * a demo visitor's expiry is stored with the row, so no visitor is ever left without one.
   * Throws a 400-type AppError for bad input and a 409 one for a taken e-mail.
   */
  async createComplete(input: CreateUserInput, options: { demoExpiresAt?: number } = {}): Promise<User> {
    const parsed = createUserSchema.safeParse(input);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw badRequest(first === undefined ? 'invalid user' : describeIssue(first, 'user', input));
    }
    const data = parsed.data;
    const email = data.email.toLowerCase();
    if ((await this.users.findByEmail(email)) !== undefined) throw emailTaken(email);
    const passwordHash = await hashPassword(data.password);
    try {
      // The user, their main currency with its default pocket, and the system categories land together or not at all.
      return await this.db.transaction().execute(async (trx) => {
        const user = await new UsersRepository(trx).insert({
          email,
          passwordHash,
          firstName: data.firstName,
          lastName: data.lastName,
          mainCurrency: data.mainCurrency,
          role: data.role satisfies Role,
          emailVerified: true,
          referralOk: true,
          regComplete: true,
          createdAt: this.now(),
          ...(options.demoExpiresAt === undefined ? {} : { demoExpiresAt: options.demoExpiresAt }),
        });
        const at = this.now();
        await new UserCurrenciesRepository(trx).ensure(user.id, data.mainCurrency, at);
        await new PocketsRepository(trx).insert(
          user.id,
          { name: defaultPocketName(data.mainCurrency), currency: data.mainCurrency, isCash: false },
          at,
        );
        await createSystemCategories(new CategoriesRepository(trx), user.id, at);
        return user;
      });
    } catch (err) {
      // A concurrent insert of the same e-mail loses at the unique index.
      if ((await this.users.findByEmail(email)) !== undefined) throw emailTaken(email);
      throw err;
    }
  }
}

function emailTaken(email: string): AppError {
  return conflict(`email: a user with e-mail ${email} already exists`);
}
