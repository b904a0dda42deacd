import type { CsvOptions, ImportEncoding, ImportOptions, ResolvedImportOptions } from '@kassa/contract';
import { AppError } from '../../http/errors.js';
import type { ParsedFile, ParseFile, ParseRequest } from './formats/types.js';
import type { ImportRepository } from './repository.js';

// Import profiles: the reading options a commit remembers for each pocket, and the preview that
// reads the pocket's next file with them.

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
  statementAccountsJson: string,
  now: number,
): Promise<void> {
  const options = JSON.parse(optionsJson) as SavedProfile & { csv?: SavedProfile['csv'] };
  const profile: SavedProfile = {
    encoding: options.encoding,
    ...(options.csv === undefined ? {} : { csv: options.csv }),
  };
  const statementAccounts = JSON.parse(statementAccountsJson) as { account: string; pocketId: number | null }[];
  for (const a of statementAccounts)
    if (a.pocketId !== null) await repo.saveProfile(userId, a.pocketId, a.account, JSON.stringify(profile), now);
}

/**
 * Parses the file. Without options of the request's own, a pocket's saved profile is tried
 * first; when it no longer fits the file (the bank changed its columns), detection takes over.
 */
export async function readWithProfile(
  parse: ParseFile,
  bytes: Uint8Array,
  options: ImportOptions,
  pocketId: number | undefined,
  repo: ImportRepository,
  userId: number,
): Promise<{ parsed: ParsedFile; source: ResolvedImportOptions['source'] }> {
  const request: ParseRequest = {
    format: options.format ?? 'auto',
    encoding: options.encoding ?? options.csv?.encoding,
    ...(options.csv === undefined ? {} : { csv: options.csv }),
  };
  const given = options.csv !== undefined || request.encoding !== undefined;
  if (!given && pocketId !== undefined) {
    const profile = await repo.profile(userId, pocketId);
    if (profile !== undefined) {
      const saved = JSON.parse(profile.options) as SavedProfile;
      try {
        return {
          parsed: await parse(bytes, {
            ...request,
            encoding: saved.encoding,
            ...(saved.csv ? { csv: saved.csv } : {}),
          }),
          source: 'profile',
        };
      } catch (err) {
        // A profile that does not fit the file (a mapped column gone: 400; its title lines eat
        // a short file: 422) gives way to detection, which names its own problem if any.
        if (!(err instanceof AppError) || (err.status !== 400 && err.status !== 422)) throw err;
      }
    }
  }
  return { parsed: await parse(bytes, request), source: given ? 'given' : 'detected' };
}
