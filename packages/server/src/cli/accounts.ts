import { existsSync } from 'node:fs';
import path from 'node:path';
import { emailSchema } from '@kassa/contract';
import { sql } from 'kysely';
import { AccountsRepository } from '../modules/account/repository.js';
import { inviteByMail } from '../modules/account/invite.js';
import { configuredMailer } from '../modules/mail/mailer.js';
import { parseFlags, UsageError } from './args.js';
import type { Command } from './command.js';

export const invite: Command = {
  usage: 'invite --email E   (mails E a single-use referral code)',
  async run({ database, config }, argv) {
    const email = parseFlags(argv, ['email']).get('email');
    const parsed = emailSchema.safeParse(email ?? '');
    if (!parsed.success) throw new UsageError('--email needs a valid e-mail address');
    const to = parsed.data.toLowerCase();
    const mailer = configuredMailer(config, (obj) =>
      console.error(`No SMTP_URL: the mail is in ${String((obj as { file?: string }).file)}`),
    );
    const code = await inviteByMail(database.db, mailer, config.mail.publicUrl, to, Date.now());
    return `Invited ${to} with referral code ${code}`;
  },
};

export const waitlistList: Command = {
  usage: 'waitlist:list',
  async run({ database }, argv) {
    if (argv.length > 0) throw new UsageError('waitlist:list takes no arguments');
    const rows = await new AccountsRepository(database.db).waitlist();
    if (rows.length === 0) return 'The waitlist is empty';
    return rows.map((r) => `${new Date(r.created_at).toISOString()}  ${r.email}`).join('\n');
  },
};

export const backup: Command = {
  usage: 'backup <file>   (a consistent copy of the SQLite database, also while the server runs)',
  async run({ database }, argv) {
    const [file, ...rest] = argv;
    if (file === undefined || rest.length > 0) throw new UsageError('backup needs exactly one target file');
    if (database.dialect !== 'sqlite')
      throw new UsageError('backup copies SQLite databases; for PostgreSQL use pg_dump');
    const target = path.resolve(file);
    if (existsSync(target)) throw new UsageError(`${target} already exists; choose a new file`);
    // VACUUM INTO writes a transactionally consistent copy while other connections keep working.
    await sql`vacuum into ${target}`.execute(database.db);
    return `Backed up to ${target}`;
  },
};
