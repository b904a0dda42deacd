import { roleSchema } from '@kassa/contract';
import { CompleteUserFactory } from '../modules/account/complete-user.js';
import { parseFlags, UsageError } from './args.js';
import type { Command } from './command.js';

/** Creates a verified, registration-complete user; returns the line to print. */
export const userCreate: Command = {
  usage:
    'user:create --email E --password P [--first-name F] [--last-name L] [--main-currency EUR] [--role NORMAL|DEMO|ADMIN]',
  run: async ({ database }, argv) => {
    const flags = parseFlags(argv, ['email', 'password', 'first-name', 'last-name', 'main-currency', 'role']);
    const email = flags.get('email');
    const password = flags.get('password');
    if (email === undefined) throw new UsageError('--email is required');
    if (password === undefined) throw new UsageError('--password is required');
    const role = flags.get('role');
    if (role !== undefined && !roleSchema.safeParse(role).success) {
      throw new UsageError(`--role must be one of ${roleSchema.options.join(', ')}`);
    }
    const service = new CompleteUserFactory(database.db);
    const user = await service.createComplete({
      email,
      password,
      firstName: flags.get('first-name'),
      lastName: flags.get('last-name'),
      mainCurrency: flags.get('main-currency'),
      role: role === undefined ? undefined : roleSchema.parse(role),
    });
    return `Created user #${user.id} ${user.email} (${user.role}, main currency ${user.mainCurrency ?? '-'})`;
  },
};
