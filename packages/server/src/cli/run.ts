import type { Config } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { AppError } from '../http/errors.js';
import { UsageError } from './args.js';
import type { Command } from './command.js';
import { backup, invite, waitlistList } from './accounts.js';
import { exportBooks } from './export.js';
import { importFile } from './import.js';
import { ratesImport, ratesRefresh } from './rates.js';
import { userBackup, userRestore } from './user-backup.js';
import { userCreate } from './user-create.js';

const COMMANDS: Record<string, Command> = {
  'user:create': userCreate,
  'user:backup': userBackup,
  'user:restore': userRestore,
  'rates:refresh': ratesRefresh,
  'rates:import': ratesImport,
  invite,
  'waitlist:list': waitlistList,
  backup,
  export: exportBooks,
  import: importFile,
};

const USAGE = `Usage: npm run cli -- <command> [options]\nCommands:\n${Object.values(COMMANDS)
  .map((c) => `  ${c.usage}`)
  .join('\n')}`;

/** Runs one admin command against the configured database; returns the exit code. */
export async function runCli(
  argv: readonly string[],
  config: Config,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  const [name, ...rest] = argv;
  const command = name === undefined ? undefined : COMMANDS[name];
  if (command === undefined) {
    err(name === undefined ? USAGE : `Unknown command ${name}\n${USAGE}`);
    return 2;
  }
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    out(await command.run({ database, config }, rest));
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      err(`Error: ${e.message}\nUsage: npm run cli -- ${command.usage}`);
      return 2;
    }
    if (e instanceof AppError) {
      err(`Error: ${e.message}`);
      return 1;
    }
    throw e;
  } finally {
    await database.close();
  }
}
