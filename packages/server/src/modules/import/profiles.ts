import type { CsvOptions, ImportEncoding } from '@kassa/contract';
import type { ImportRepository } from './repository.js';

/** The reading options remembered per pocket and statement account, so its next file reads the same way. */
export interface SavedProfile {
  encoding: ImportEncoding;
  csv?: CsvOptions;
}

/** Remembers the options used for each pocket of the file, so its next file reads the same way. */
export async function saveProfiles(
  repo: ImportRepository,
  userId: number,
  optionsJson: string,
  accountsJson: string,
  now: number,
): Promise<void> {
  const options = JSON.parse(optionsJson) as SavedProfile & { csv?: SavedProfile['csv'] };
  const profile: SavedProfile = {
    encoding: options.encoding,
    ...(options.csv === undefined ? {} : { csv: options.csv }),
  };
  const accounts = JSON.parse(accountsJson) as { account: string; pocketId: number | null }[];
  for (const a of accounts)
    if (a.pocketId !== null) await repo.saveProfile(userId, a.pocketId, a.account, JSON.stringify(profile), now);
}
