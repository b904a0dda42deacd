import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isoFromDay } from '@kassa/money';
import { AppError } from '../http/errors.js';
import { followRates } from '../modules/ledger/index.js';
import { LedgerReader } from '../modules/ledger/index.js';
import { bundledRates } from '../modules/rates/bundle.js';
import { parseRatesCsv } from '../modules/rates/csv-import.js';
import { configuredProviders } from '../modules/rates/providers/index.js';
import { dayRange, refreshRates } from '../modules/rates/refresh.js';
import { RatesRepository } from '../modules/rates/repository.js';
import { RatesService } from '../modules/rates/service.js';
import { UsageError } from './args.js';
import type { Command, CommandContext } from './command.js';

/** The rates as the server holds them, with the ledger's main values following what is stored. */
async function ratesService({ database }: CommandContext): Promise<RatesService> {
  const rates = new RatesService(new RatesRepository(database.db), bundledRates());
  await rates.load();
  followRates(rates, new LedgerReader(database.db, () => rates.fingerprint()));
  return rates;
}

const quietLog = { info: () => undefined, warn: () => undefined };

export const ratesRefresh: Command = {
  usage: 'rates:refresh',
  async run(ctx, argv) {
    if (argv.length > 0) throw new UsageError('rates:refresh takes no arguments');
    const result = await refreshRates(await ratesService(ctx), configuredProviders(ctx.config.rates), quietLog);
    const failures = result.failures.map((f) => `  failed: ${f}`);
    if (!result.ok)
      throw new AppError(
        502,
        'internal',
        ['No provider answered; stored rates are unchanged.', ...failures].join('\n'),
      );
    return [
      `Stored ${result.rows} rates from ${result.provider} for ${result.firstDay} to ${result.lastDay}`,
      ...failures,
    ].join('\n');
  },
};

export const ratesImport: Command = {
  usage: 'rates:import <file.csv>   (header date,currency,rate; rate = units per 1 EUR)',
  async run(ctx, argv) {
    const [file, ...rest] = argv;
    if (file === undefined || rest.length > 0) throw new UsageError('rates:import needs exactly one CSV file');
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      throw new UsageError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
    }
    const parsed = parseRatesCsv(text, `import:${path.basename(file)}`);
    if (!parsed.ok) {
      throw new AppError(
        400,
        'validation',
        [`Nothing imported; ${parsed.errors.length} problem(s):`, ...parsed.errors].join('\n'),
      );
    }
    await (await ratesService(ctx)).store(parsed.rows, { keepImports: false });
    const { first, last } = dayRange(parsed.rows);
    return `Imported ${parsed.rows.length} rates for ${isoFromDay(first)} to ${isoFromDay(last)}`;
  },
};
