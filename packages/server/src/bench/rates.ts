import { currencyInfo, type CurrencyInfo, supportedCurrencies } from '@kassa/money';
import { bundledRates } from '../modules/rates/bundle.js';
import { Converter } from '../modules/rates/conversion.js';
import { prng } from '../util/prng.js';

/** Converting 100,000 (amount, currency, day) tuples into a main currency; target < 50 ms. */
export function benchConversions(): string[] {
  const loadStart = performance.now();
  const table = bundledRates();
  const loadMs = performance.now() - loadStart;
  const coverage = table.coverage();
  if (coverage === undefined) throw new Error('empty rate bundle');
  const huf = currencyInfo('HUF');
  const currencies = supportedCurrencies();
  const randomInt = prng(42);
  const random = () => randomInt(2 ** 32) / 2 ** 32;
  const n = 100_000;
  const amounts: bigint[] = [];
  const froms: CurrencyInfo[] = [];
  const days = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    amounts.push(BigInt(1 + Math.floor(random() * 10_000_000)));
    froms.push(currencies[Math.floor(random() * currencies.length)] as CurrencyInfo);
    days[i] = coverage.first + Math.floor(random() * (coverage.last - coverage.first + 1));
  }
  const converter = new Converter(table, huf);
  const timings: number[] = [];
  let checksum = 0n;
  for (let run = 0; run < 7; run++) {
    const start = performance.now();
    let sum = 0n;
    for (let i = 0; i < n; i++) sum += converter.toMinor(amounts[i] ?? 0n, froms[i] as CurrencyInfo, days[i] ?? 0);
    timings.push(performance.now() - start);
    checksum = sum;
  }
  timings.sort((a, b) => a - b);
  const median = timings[3] ?? 0;
  return [
    `Exchange rates (bundled history, ${table.currencies().length} currencies)`,
    `load and parse the bundle (first call)        ${loadMs.toFixed(1)} ms`,
    `convert 100,000 tuples into HUF             median ${median.toFixed(1)} ms, best ${(timings[0] ?? 0).toFixed(1)} ms over 7 runs (target < 50 ms; checksum ${checksum})`,
  ];
}
