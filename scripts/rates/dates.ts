const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** The UTC day number of a real "YYYY-MM-DD" date, or undefined (2025-02-30 and "undefined" are not dates). */
export function dayNumber(text: string): number | undefined {
  const m = ISO_DATE.exec(text);
  if (m === null) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(year, month - 1, day);
  const d = new Date(ms);
  // Date.UTC rolls impossible dates over into the next month; a real date survives the round trip.
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return undefined;
  return ms / MS_PER_DAY;
}

/** Whether `text` is a real "YYYY-MM-DD" date. */
export function isIsoDate(text: string): boolean {
  return dayNumber(text) !== undefined;
}

/** Calendar days from `from` to `to` (both "YYYY-MM-DD"); throws on a malformed date. */
export function daysBetween(from: string, to: string): number {
  const a = dayNumber(from);
  const b = dayNumber(to);
  if (a === undefined || b === undefined) throw new RangeError(`not a date: ${a === undefined ? from : to}`);
  return b - a;
}
