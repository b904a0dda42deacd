// The shape of a CSV file from its first lines: which delimiter, and the first record from which
// the delimiter count stays the same (the header; banks put title lines above it).

export const CSV_DELIMITERS = [';', ',', '\t', '|'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/** Detection reads this many lines of a file, never the whole of it. */
export const HEAD_LINES = 200;
/** …and at most this many characters (a binary file may have no line breaks at all). */
const HEAD_CHARS = 1024 * 1024;

const QUOTE = 34;
const LF = 10;
const CR = 13;
const SPACE = 32;
const DELIMITER_CODES = CSV_DELIMITERS.map((d) => d.charCodeAt(0));

/** One record of the head: where it starts and how many of each delimiter it holds outside quotes. */
export interface HeadRecord {
  /** 1-based physical line the record starts on. */
  line: number;
  /** Per delimiter, in CSV_DELIMITERS order. */
  counts: number[];
  /** Nothing but whitespace and delimiters. */
  blank: boolean;
}

export interface Head {
  /** The text up to the end of the last whole record read (never cutting a quoted field). */
  text: string;
  records: HeadRecord[];
}

/**
 * The first `maxLines` lines cut into records, counting delimiters outside quotes. A quote opens
 * a quoted field only at the start of a field (a stray quote inside a title line stays text), and a
 * doubled quote inside one is an escaped quote. \r\n, \n and \r all end a line.
 */
export function scanHead(text: string, maxLines = HEAD_LINES): Head {
  const records: HeadRecord[] = [];
  const limit = Math.min(text.length, HEAD_CHARS);
  let end = 0;
  let line = 1;
  let recordLine = 1;
  let counts = [0, 0, 0, 0];
  let blank = true;
  let inQuotes = false;
  let fieldStart = true;
  let i = 0;
  while (i < limit) {
    const c = text.charCodeAt(i);
    if (inQuotes) {
      if (c === QUOTE) {
        if (text.charCodeAt(i + 1) === QUOTE) i++;
        else inQuotes = false;
      } else if (c === LF || c === CR) {
        if (c === CR && text.charCodeAt(i + 1) === LF) i++;
        line++;
      }
      i++;
      continue;
    }
    if (c === LF || c === CR) {
      if (c === CR && text.charCodeAt(i + 1) === LF) i++;
      i++;
      records.push({ line: recordLine, counts, blank });
      end = i;
      line++;
      if (line > maxLines) break;
      recordLine = line;
      counts = [0, 0, 0, 0];
      blank = true;
      fieldStart = true;
      continue;
    }
    const d = DELIMITER_CODES.indexOf(c);
    if (d >= 0) {
      counts[d] = (counts[d] ?? 0) + 1;
      fieldStart = true;
    } else if (c === QUOTE && fieldStart) {
      inQuotes = true;
      blank = false;
    } else if (c !== SPACE) {
      blank = false;
      fieldStart = false;
    }
    i++;
  }
  // The last line has no line break; it is whole only when the whole text was read.
  if (i >= text.length && !inQuotes && end < text.length) {
    records.push({ line: recordLine, counts, blank });
    end = text.length;
  }
  return { text: end === text.length ? text : text.slice(0, end), records };
}

export interface TableLayout {
  delimiter: CsvDelimiter;
  /** Index in the head's records of the first record of the table (the header, unless there is none). */
  first: number;
}

/**
 * For one delimiter: the record from which its count stays the same (90 % of the non-blank
 * records up to the last one with that count; trailing summary lines are not counted), and how
 * many records share it. Several counts may occur; the one explaining the most records wins.
 */
function bestRun(records: readonly HeadRecord[], d: number): { first: number; matches: number; count: number } | null {
  // nonBlank[i]: non-blank records before index i.
  const nonBlank = [0];
  const byCount = new Map<number, number[]>();
  records.forEach((record, i) => {
    nonBlank.push((nonBlank[i] ?? 0) + (record.blank ? 0 : 1));
    const count = record.counts[d] ?? 0;
    if (record.blank || count === 0) return;
    const list = byCount.get(count) ?? [];
    list.push(i);
    byCount.set(count, list);
  });
  let best: { first: number; matches: number; count: number } | null = null;
  for (const [count, at] of byCount) {
    const last = at[at.length - 1] ?? 0;
    for (let j = 0; j < at.length - 1; j++) {
      const first = at[j] ?? 0;
      const matches = at.length - j;
      const span = (nonBlank[last + 1] ?? 0) - (nonBlank[first] ?? 0);
      if (matches < span * 0.9) continue;
      // More columns are more evidence: a decimal comma in one column must not beat ';' in all.
      if (best === null || matches * count > best.matches * best.count) best = { first, matches, count };
      break;
    }
  }
  return best;
}

/**
 * The delimiter (given, or the one with the steadiest count) and the first record of the table.
 * Null when no delimiter separates at least two records into the same number of columns.
 */
export function detectLayout(records: readonly HeadRecord[], delimiter?: CsvDelimiter): TableLayout | null {
  let best: TableLayout | null = null;
  let bestScore = 0;
  for (const [d, candidate] of CSV_DELIMITERS.entries()) {
    if (delimiter !== undefined && candidate !== delimiter) continue;
    const run = bestRun(records, d);
    if (run === null || run.matches * run.count <= bestScore) continue;
    best = { delimiter: candidate, first: run.first };
    bestScore = run.matches * run.count;
  }
  return best;
}
