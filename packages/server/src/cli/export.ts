import { createWriteStream, existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { csvFormulaModes, type CsvFormulaMode } from '@kassa/contract';
import { notFound } from '../http/errors.js';
import { ExportService, type ExportFile } from '../modules/export/service.js';
import { bundledRates } from '../modules/rates/bundle.js';
import { RatesRepository } from '../modules/rates/repository.js';
import { RatesService } from '../modules/rates/service.js';
import { UsersRepository } from '../modules/users/repository.js';
import { parseFlags, UsageError } from './args.js';
import type { Command } from './command.js';

const FORMATS = ['csv', 'hledger'] as const;
const isFormulaMode = (value: string): value is CsvFormulaMode =>
  (csvFormulaModes as readonly string[]).includes(value);

export const exportBooks: Command = {
  usage:
    "export --user EMAIL --format csv|hledger [--formulas escape|keep] [--out FILE]   (every transaction as CSV, or the whole books as an hledger journal; printed without --out; CSV text that would run as a spreadsheet formula gets a leading ' unless --formulas keep)",
  async run({ database }, argv) {
    const flags = parseFlags(argv, ['user', 'format', 'formulas', 'out']);
    const email = flags.get('user');
    if (email === undefined) throw new UsageError('--user needs the e-mail address of the user to export');
    const format = flags.get('format');
    if (format !== 'csv' && format !== 'hledger') throw new UsageError(`--format must be one of ${FORMATS.join(', ')}`);
    // The same switch as GET export/csv's `formulas`, with the same default.
    const formulas = flags.get('formulas') ?? 'escape';
    if (!isFormulaMode(formulas)) throw new UsageError(`--formulas must be one of ${csvFormulaModes.join(', ')}`);
    if (format !== 'csv' && flags.has('formulas')) throw new UsageError('--formulas applies to --format csv only');
    const out = flags.get('out');
    const target = out === undefined ? undefined : path.resolve(out);
    if (target !== undefined && existsSync(target)) throw new UsageError(`${target} already exists; choose a new file`);

    const user = await new UsersRepository(database.db).findByEmail(email.trim().toLowerCase());
    if (user === undefined) throw notFound(`No user has the e-mail address ${email}`);
    // The rates the server would use: the bundle with every stored (live, imported) row over it.
    const rates = new RatesService(new RatesRepository(database.db), bundledRates());
    await rates.load();
    const service = new ExportService(database.db, rates);
    const owner = { id: user.id, mainCurrency: user.mainCurrency };
    const file: ExportFile =
      format === 'csv'
        ? await service.csv(owner, {
            categoryIds: [],
            currencies: [],
            directions: [],
            types: [],
            enteredBy: [],
            formulas,
          })
        : await service.hledger(owner);
    if (target === undefined) {
      // Printed: the text is gathered first (the command returns what to print); --out streams.
      let text = '';
      for await (const chunk of file.chunks) text += chunk;
      return text.replace(/\n$/, '');
    }
    await pipeline(Readable.from(file.chunks, { objectMode: false }), createWriteStream(target, { flags: 'wx' }));
    return `Exported ${user.email} as ${format} to ${target}`;
  },
};
