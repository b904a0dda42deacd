import { MAX_LIST_ROWS, MORE_ROWS_HEADER } from '@kassa/contract';
import type { FastifyReply } from 'fastify';

/** One page of a list, newest first, and whether older rows match beyond it. */
export interface Page<T> {
  rows: T[];
  more: boolean;
}

/**
 * Rows to read for a page of `limit` (MAX_LIST_ROWS when the client sent none): one beyond the
 * page, so the answer can say whether there is more without a COUNT over the whole list.
 */
export const rowsToRead = (limit: number | undefined): number => (limit ?? MAX_LIST_ROWS) + 1;

/** Cuts rows read with rowsToRead(limit) to the page, mapping only the rows that are sent. */
export function pageOf<R, T>(rows: readonly R[], limit: number | undefined, map: (row: R) => T): Page<T> {
  const size = limit ?? MAX_LIST_ROWS;
  return { rows: rows.slice(0, size).map(map), more: rows.length > size };
}

/**
 * Sends a page as the plain array the spec's client expects; a cut list says so in a header, so a
 * client that sent no `limit` can tell it got only the newest MAX_LIST_ROWS rows and page on.
 */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  if (page.more) void reply.header(MORE_ROWS_HEADER, 'true');
  return page.rows;
}
