/** Ids per statement: well under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
export const ID_SLICE = 5000;

/** Slices of at most ID_SLICE ids, for `where id in (…)` over many rows. */
export function* idSlices(ids: readonly number[]): Generator<number[]> {
  for (let i = 0; i < ids.length; i += ID_SLICE) yield ids.slice(i, i + ID_SLICE);
}
