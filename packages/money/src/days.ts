// A "day" is a UTC calendar date. Internally it is the number of days since 1970-01-01
// (fast to compare and binary-search); in files and the API it is "YYYY-MM-DD".

const MS_PER_DAY = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day number of a "YYYY-MM-DD" string, or undefined when it is not a real date. */
export function dayFromIso(text: string): number | undefined {
  const m = ISO_DAY.exec(text);
  if (m === null) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(year, month - 1, day);
  const d = new Date(ms);
  // Date.UTC rolls 2025-02-30 over to March; a real date survives the round trip.
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return undefined;
  return ms / MS_PER_DAY;
}

/** "YYYY-MM-DD" of a day number. */
export function isoFromDay(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The UTC day number of an instant given in epoch milliseconds. */
export function utcDayOf(instantMs: number): number {
  return Math.floor(instantMs / MS_PER_DAY);
}
