import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { badRequest, notFound } from '../http/errors.js';
import { BackupService } from '../modules/backup/service.js';
import { UsersRepository, type User } from '../modules/users/repository.js';
import { parseFlags, UsageError } from './args.js';
import type { Command, CommandContext } from './command.js';

async function userByEmail({ database }: CommandContext, email: string | undefined): Promise<User> {
  if (email === undefined) throw new UsageError('--user is required (the e-mail of the account)');
  const user = await new UsersRepository(database.db).findByEmail(email.trim().toLowerCase());
  if (user === undefined) throw notFound(`No user with e-mail ${email}`);
  return user;
}

/** Writes a user's books as the backup document of GET backup/get (same service). */
export const userBackup: Command = {
  usage: 'user:backup --user E [--out file.json]   (the JSON backup of one user; to stdout without --out)',
  async run(ctx, argv) {
    const flags = parseFlags(argv, ['user', 'out']);
    const user = await userByEmail(ctx, flags.get('user'));
    const out = flags.get('out');
    const target = out === undefined ? undefined : path.resolve(out);
    if (target !== undefined && existsSync(target)) throw new UsageError(`${target} already exists; choose a new file`);
    const doc = await new BackupService(ctx.database.db).backup(user.id);
    const text = `${JSON.stringify(doc, null, 2)}\n`;
    if (target === undefined) return text.trimEnd();
    writeFileSync(target, text, { flag: 'wx' });
    return `Backed up ${user.email} to ${target}: ${doc.transactions.length} transactions, ${doc.conversions.length} conversions, ${doc.fixpoints.length} fixpoints`;
  },
};

/** Loads a backup document into a user's account, as POST backup/restore does (same service). */
export const userRestore: Command = {
  usage: 'user:restore --user E --in file.json [--replace]   (into an account without books, or replacing them)',
  async run(ctx, argv) {
    const replace = argv.includes('--replace');
    const flags = parseFlags(
      argv.filter((a) => a !== '--replace'),
      ['user', 'in'],
    );
    const user = await userByEmail(ctx, flags.get('user'));
    const file = flags.get('in');
    if (file === undefined) throw new UsageError('--in is required (the backup file)');
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      throw new UsageError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
    }
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch {
      throw badRequest(`${file}: is not valid JSON`);
    }
    const result = await new BackupService(ctx.database.db).restore(user.id, doc, { replace });
    return `Restored into ${user.email}: ${result.transactions} transactions, ${result.conversions} conversions, ${result.fixpoints} fixpoints, ${result.pockets} pockets, ${result.categories} categories, ${result.currencies} currencies`;
  },
};
