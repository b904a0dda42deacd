import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { dayFromIso } from '@kassa/money';
import { parseRate, RateTable, type Series } from './rate-table.js';

/** The bundled daily history of EUR reference rates (docs/RATES-DATA.md tells how it is built). */
export const BUNDLE_FILE = path.resolve(import.meta.dirname, '../../../data/rates-eur.csv.gz');

/**
 * Parses the bundle format: optional "#" comment lines, a header "date,source,<codes…>", then
 * one line per day "YYYY-MM-DD,<source>,<rate or empty>…" with ascending dates. Goes straight to
 * columnar series: a million cells would cost far more memory as row objects.
 */
export function parseBundle(text: string): RateTable {
  const lines = text.split('\n').filter((l) => l !== '' && !l.startsWith('#'));
  const header = lines[0]?.split(',') ?? [];
  if (header[0] !== 'date' || header[1] !== 'source')
    throw new Error('rates bundle: header must start with date,source');
  const codes = header.slice(2);
  const columns = codes.map(() => ({
    days: [] as number[],
    units: [] as bigint[],
    scales: [] as number[],
    sources: [] as number[],
  }));
  const sourceNames: string[] = [];
  const sourceIds = new Map<string, number>();
  let previousDay = -Infinity;
  for (let n = 1; n < lines.length; n++) {
    const cells = (lines[n] ?? '').split(',');
    const day = dayFromIso(cells[0] ?? '');
    if (day === undefined || day <= previousDay) throw new Error(`rates bundle line ${n + 1}: bad or unordered date`);
    previousDay = day;
    const sourceName = cells[1] ?? '';
    let source = sourceIds.get(sourceName);
    if (source === undefined) {
      source = sourceNames.length;
      sourceNames.push(sourceName);
      sourceIds.set(sourceName, source);
    }
    for (let c = 0; c < codes.length; c++) {
      const cell = cells[c + 2];
      if (cell === undefined || cell === '') continue;
      const { units, scale } = parseRate(cell);
      const col = columns[c];
      if (col === undefined) continue;
      col.days.push(day);
      col.units.push(units);
      col.scales.push(scale);
      col.sources.push(source);
    }
  }
  const series = new Map<string, Series>();
  codes.forEach((code, c) => {
    const col = columns[c];
    if (col === undefined || col.days.length === 0) return;
    series.set(code, {
      days: Int32Array.from(col.days),
      units: BigInt64Array.from(col.units),
      scales: Int8Array.from(col.scales),
      sources: Uint16Array.from(col.sources),
    });
  });
  return RateTable.fromSeries(series, sourceNames);
}

const loaded = new Map<string, RateTable>();

/** The bundled history as a rate table, parsed once per process (it never changes at run time). */
export function bundledRates(file = BUNDLE_FILE): RateTable {
  let table = loaded.get(file);
  if (table === undefined) {
    table = parseBundle(gunzipSync(readFileSync(file)).toString('utf8'));
    loaded.set(file, table);
  }
  return table;
}
