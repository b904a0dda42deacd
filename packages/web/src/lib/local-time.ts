// Conversions between instants and the browser's local date/time fields. Users enter times in
// their own time zone; the API takes and returns ISO instants.

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of a date in local time (the value of an <input type="date">). */
export function toLocalDateValue(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** 'YYYY-MM-DDTHH:mm' of a date in local time (the value of an <input type="datetime-local">). */
export function toLocalDateTimeValue(d: Date): string {
  return `${toLocalDateValue(d)}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Parses a local 'YYYY-MM-DD' (with optional 'THH:mm'); undefined when it is not a real date. */
export function parseLocal(value: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(value);
  if (m === null) return undefined;
  const [y, mo, d, h, mi] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0'].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(y, mo - 1, d, h, mi);
  // Rejects 2026-02-30 and the like, which Date would roll over into March.
  return date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d ? date : undefined;
}

/** Spec §5: the time picker falls back to now when its date is invalid. */
export function instantOrNow(value: string, now = new Date()): Date {
  return parseLocal(value) ?? now;
}

/** Start of the local day (00:00:00.000). */
export function startOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate());
}

/** End of the local day as the spec has it: 23:59:59. */
export function endOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate(), 23, 59, 59);
}
