/** Which integrity constraint a database error broke, in either dialect; undefined for other errors. */
export function brokenConstraint(err: unknown): 'unique' | 'foreign_key' | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  // PostgreSQL SQLSTATE codes, and better-sqlite3's extended result codes.
  if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
    return 'unique';
  if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return 'foreign_key';
  return undefined;
}
