import { sql } from 'kysely';

/** The last row a client received of a list ordered newest first by time, then id. */
export interface Keyset {
  time: number;
  id: number;
}

/**
 * Rows strictly older than `before` in (time desc, id desc) order, for keyset paging. The plain
 * `time <=` bound lets a (…, time) index start at the page instead of filtering every newer row.
 */
export const olderThan = (before: Keyset) =>
  sql<boolean>`time <= ${before.time} and (time < ${before.time} or (time = ${before.time} and id < ${before.id}))`;

/** Rows strictly newer than `after` in (time asc, id asc) order: the oldest-first paging of exports. */
export const newerThan = (after: Keyset) =>
  sql<boolean>`time >= ${after.time} and (time > ${after.time} or (time = ${after.time} and id > ${after.id}))`;
