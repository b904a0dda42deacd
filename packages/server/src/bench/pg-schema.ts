/**
 * Runs `run` with a fresh schema of the PostgreSQL database at `pgUrl` (named `prefix` and the
 * time), and drops the schema with everything in it afterwards, also when `run` fails.
 */
export async function inFreshSchema<T>(pgUrl: string, prefix: string, run: (schema: string) => Promise<T>): Promise<T> {
  const pg = await import('pg');
  const schema = `${prefix}_${Date.now()}`;
  const admin = new pg.default.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  try {
    return await run(schema);
  } finally {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}
