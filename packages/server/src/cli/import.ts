import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { MAX_IMPORT_BYTES } from '@kassa/contract';
import { notFound, payloadTooLarge } from '../http/errors.js';
import { ImportService } from '../modules/import/service.js';
import { bundledRates } from '../modules/rates/bundle.js';
import { RatesRepository } from '../modules/rates/repository.js';
import { RatesService } from '../modules/rates/service.js';
import { UsersRepository } from '../modules/users/repository.js';
import { parseFlags, UsageError } from './args.js';
import type { Command } from './command.js';

const SWITCHES = ['--dry-run', '--fixpoint'];

/** Imports a bank file for a user through the same preview and commit as the API. */
export const importFile: Command = {
  usage:
    'import --user EMAIL --file FILE [--pocket ID] [--format auto|csv|ofx|qif|camt052|camt053|mt940] [--encoding E] [--options JSON] [--fixpoint] [--dry-run]   (preview, then commit unless --dry-run)',
  async run({ database }, argv) {
    const dryRun = argv.includes('--dry-run');
    const fixpoint = argv.includes('--fixpoint');
    const flags = parseFlags(
      argv.filter((a) => !SWITCHES.includes(a)),
      ['user', 'file', 'pocket', 'format', 'encoding', 'options'],
    );
    const email = flags.get('user');
    if (email === undefined) throw new UsageError('--user needs the e-mail address of the user to import for');
    const file = flags.get('file');
    if (file === undefined) throw new UsageError('--file is required (the bank file)');
    let options: Record<string, unknown> = {};
    const json = flags.get('options');
    if (json !== undefined) {
      try {
        options = JSON.parse(json) as Record<string, unknown>;
      } catch {
        throw new UsageError('--options must be JSON, e.g. {"csv":{"delimiter":";"}}');
      }
    }
    const pocket = flags.get('pocket');
    if (pocket !== undefined) options.pocketId = Number(pocket);
    const format = flags.get('format');
    if (format !== undefined) options.format = format;
    const encoding = flags.get('encoding');
    if (encoding !== undefined) options.encoding = encoding;

    let bytes: Buffer;
    try {
      if (statSync(file).size > MAX_IMPORT_BYTES) throw payloadTooLarge(`${file}: is larger than 50 MB`);
      bytes = readFileSync(file);
    } catch (err) {
      if (err instanceof Error && 'status' in err) throw err;
      throw new UsageError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
    }
    const user = await new UsersRepository(database.db).findByEmail(email.trim().toLowerCase());
    if (user === undefined) throw notFound(`No user has the e-mail address ${email}`);
    const rates = new RatesService(new RatesRepository(database.db), bundledRates());
    await rates.load();
    const service = new ImportService(database.db, rates);
    const owner = { id: user.id, mainCurrency: user.mainCurrency };
    const preview = await service.preview(owner, { name: path.basename(file), bytes }, options);
    const { counts } = preview;
    const summary = `${preview.format.toUpperCase()} (${preview.options.encoding}), ${preview.rows.length} rows: ${counts.new} new, ${counts.duplicate} duplicates, ${counts.error} errors`;
    const errors = preview.rows.filter((r) => r.status === 'error').map((r) => `  ${r.reason ?? `line ${r.line}`}`);
    if (dryRun) return [`Previewed ${summary} (batch ${preview.batchId}, not committed)`, ...errors].join('\n');
    const result = await service.commit(owner, preview.batchId, { fixpoint });
    return [
      `Imported into ${user.email} from ${summary}`,
      `  batch ${result.batchId}: ${result.imported} imported, ${result.duplicates} duplicates and ${result.skipped} skipped left out, ${result.transfers} transfers, ${result.conversions} conversions${result.fixpointId === null ? '' : `, fixpoint ${result.fixpointId}`}`,
      ...errors,
    ].join('\n');
  },
};
