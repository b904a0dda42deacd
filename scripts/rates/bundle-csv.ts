import { isIsoDate } from './dates.js';
import { isBundleRate } from './significant.js';

/** One day of the bundle: where it came from and its rates per 1 EUR, by upper-case code. */
export interface BundleRow {
  date: string;
  source: string;
  rates: ReadonlyMap<string, string>;
}

export interface Bundle {
  /** Comment lines without their leading "# ". */
  comments: string[];
  /** Currency columns: upper case, sorted, EUR excluded. */
  codes: string[];
  rows: BundleRow[];
}

const CODE = /^[A-Z]{3}$/;

/** Throws unless the bundle follows the format docs/RATES-DATA.md describes (the server's loader relies on it). */
export function checkBundle(bundle: Bundle): void {
  const { comments, codes, rows } = bundle;
  for (const comment of comments) if (/[\r\n]/.test(comment)) throw new Error('bundle: a comment spans lines');
  codes.forEach((code, i) => {
    if (!CODE.test(code) || code === 'EUR') throw new Error(`bundle: bad currency column ${code}`);
    const previous = codes[i - 1];
    if (previous !== undefined && previous >= code) throw new Error(`bundle: columns not sorted at ${code}`);
  });
  const columns = new Set(codes);
  rows.forEach((row, i) => {
    if (!isIsoDate(row.date)) throw new Error(`bundle: bad date ${row.date}`);
    const previous = rows[i - 1];
    if (previous !== undefined && previous.date >= row.date)
      throw new Error(`bundle: dates not ascending at ${row.date}`);
    if (row.source === '' || /[,\r\n]/.test(row.source)) throw new Error(`bundle: bad source on ${row.date}`);
    if (row.rates.size === 0) throw new Error(`bundle: ${row.date} has no rates`);
    for (const [code, rate] of row.rates) {
      if (!columns.has(code)) throw new Error(`bundle: ${row.date} has a rate for ${code}, which has no column`);
      if (!isBundleRate(rate)) throw new Error(`bundle: ${row.date} ${code} rate ${rate} is not a plain decimal`);
    }
  });
}

/** The bundle as UTF-8 CSV text with "\n" line ends (checked first, so a bad bundle is never written). */
export function writeBundleCsv(bundle: Bundle): string {
  checkBundle(bundle);
  const lines = bundle.comments.map((comment) => `# ${comment}`);
  lines.push(['date', 'source', ...bundle.codes].join(','));
  for (const row of bundle.rows) {
    lines.push([row.date, row.source, ...bundle.codes.map((code) => row.rates.get(code) ?? '')].join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** Reads bundle CSV text back; the build uses it to check what it wrote. Throws on anything off-format. */
export function parseBundleCsv(text: string): Bundle {
  const lines = text.split('\n');
  if (lines.pop() !== '') throw new Error('bundle: text must end with a line end');
  const comments: string[] = [];
  let n = 0;
  for (; n < lines.length && (lines[n] ?? '').startsWith('#'); n++) comments.push((lines[n] ?? '').replace(/^# ?/, ''));
  const header = (lines[n] ?? '').split(',');
  if (header[0] !== 'date' || header[1] !== 'source') throw new Error('bundle: header must start with date,source');
  const codes = header.slice(2);
  const rows: BundleRow[] = [];
  for (const line of lines.slice(n + 1)) {
    const cells = line.split(',');
    if (cells.length !== header.length)
      throw new Error(`bundle: line "${line.slice(0, 20)}…" has the wrong cell count`);
    const rates = new Map<string, string>();
    codes.forEach((code, i) => {
      const cell = cells[i + 2] ?? '';
      if (cell !== '') rates.set(code, cell);
    });
    rows.push({ date: cells[0] ?? '', source: cells[1] ?? '', rates });
  }
  const bundle = { comments, codes, rows };
  checkBundle(bundle);
  return bundle;
}
