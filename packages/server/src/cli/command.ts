import type { Config } from '../config.js';
import type { Database } from '../db/database.js';

/** What every admin command gets: the migrated database and the configuration. */
export interface CommandContext {
  database: Database;
  config: Config;
}

/** An admin command: returns the lines to print; throws UsageError or AppError to refuse. */
export interface Command {
  usage: string;
  run(ctx: CommandContext, argv: readonly string[]): Promise<string>;
}
