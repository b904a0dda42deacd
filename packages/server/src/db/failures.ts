/**
 * Database errors that are about the database's state rather than the request: it cannot be
 * reached, or it cannot store changes. The error handler answers them 503 (try again later)
 * instead of 500, and logs them once with what an operator has to fix.
 */
export type DatabaseFailure = 'unreachable' | 'disk_full' | 'read_only' | 'storage_error';

/** What the client reads (503 'unavailable'), per failure. */
export const FAILURE_MESSAGES: Record<DatabaseFailure, string> = {
  unreachable: 'The database is unavailable; try again shortly',
  disk_full: 'The database cannot store changes: the disk is full',
  read_only: 'The database cannot store changes: it is read-only',
  storage_error: 'The database cannot read or store data: a storage error occurred; try again shortly',
};

/** The log line an operator greps for, per failure. */
export const FAILURE_LOG_LINES: Record<DatabaseFailure, string> = {
  unreachable: 'database unavailable: connection failed or lost',
  disk_full: 'database storage failure: disk full',
  read_only: 'database storage failure: read-only',
  storage_error: 'database storage failure: I/O error',
};

// Node's socket errors: the server is down, restarting, or the network is cut.
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

// pg and pg-pool report a lost or unobtainable connection with plain Errors and these texts.
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Client has encountered a connection error',
];

function classify(err: object): DatabaseFailure | undefined {
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    // better-sqlite3's SqliteError.code: the extended result code, e.g. SQLITE_IOERR_WRITE.
    if (code === 'SQLITE_FULL') return 'disk_full';
    if (code.startsWith('SQLITE_READONLY')) return 'read_only';
    if (code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_CANTOPEN')) return 'storage_error';
    // PostgreSQL SQLSTATE: class 08 connection exceptions; 57P01-03 the server is shutting down,
    // crashed or not yet accepting connections (admin shutdown, restart, failover).
    if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03') return 'unreachable';
    // 53300 too_many_connections: the server is there but full; it passes like an outage.
    if (code === '53300') return 'unreachable';
    if (code === '53100') return 'disk_full';
    // 25006: a write on a read-only server or session (a hot standby after failover, for one).
    if (code === '25006') return 'read_only';
    // 58030 io_error.
    if (code === '58030') return 'storage_error';
    if (SOCKET_CODES.has(code)) return 'unreachable';
  }
  const message = (err as { message?: unknown }).message;
  if (typeof message === 'string' && CONNECTION_MESSAGES.some((m) => message.includes(m))) return 'unreachable';
  return undefined;
}

/** Which failure the error (or its cause, a few levels deep) reports; undefined for other errors. */
export function databaseFailure(err: unknown): DatabaseFailure | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const failure = classify(current);
    if (failure !== undefined) return failure;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * PostgreSQL refuses text with NUL (22021 character_not_in_repertoire on text, 22P05
 * untranslatable_character on json); SQLite stores it. Input that reaches a query with one
 * is the client's mistake, not a server failure.
 */
export function isUnstorableText(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '22021' || code === '22P05';
}
