import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects } from '../test/databases.js';
import { TEST_PG_URL as PG_URL } from '../test/postgres.js';
import { openDatabase, type Database } from './database.js';
import { DatabaseWaitError, waitForDatabase } from './wait-for-database.js';

// Start-up waits for a PostgreSQL that does not take connections yet (compose without a health
// condition, a host still booting), and gives up on errors waiting cannot mend.

/** A port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A TCP relay on `port` to the test PostgreSQL: "the database comes up" when it starts listening. */
function relayTo(url: URL, port: number): Promise<net.Server> {
  const relay = net.createServer((client) => {
    const server = net.connect(Number(url.port || 5432), url.hostname);
    client.pipe(server).pipe(client);
    client.on('error', () => server.destroy());
    server.on('error', () => client.destroy());
  });
  return new Promise((resolve) => relay.listen(port, '127.0.0.1', () => resolve(relay)));
}

describe('waiting for the database at start [sqlite]', () => {
  it('answers at the first try', async () => {
    const { database, drop } = await createTestDatabase('sqlite');
    const retries: number[] = [];
    await waitForDatabase(database.db, { timeoutMs: 5_000, onRetry: (_e, attempt) => retries.push(attempt) });
    expect(retries).toEqual([]);
    await drop();
  });
});

for (const dialect of testDialects.filter((d) => d === 'postgres')) {
  describe(`waiting for the database at start [${dialect}]`, () => {
    const opened: Database[] = [];
    const servers: net.Server[] = [];
    afterEach(async () => {
      for (const d of opened.splice(0)) await d.close();
      for (const s of servers.splice(0)) await new Promise((resolve) => s.close(resolve));
    });

    const openAt = (port: number, database?: string) => {
      const url = new URL(PG_URL);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      if (database !== undefined) url.pathname = `/${database}`;
      const d = openDatabase({ kind: 'postgres', url: url.toString() });
      opened.push(d);
      return d;
    };

    it('tries again until a PostgreSQL that was not there yet answers', async () => {
      const port = await freePort();
      const database = openAt(port);
      const retries: number[] = [];
      // The database "comes up" 700 ms after Kassa started waiting.
      setTimeout(() => void relayTo(new URL(PG_URL), port).then((s) => servers.push(s)), 700);
      const started = Date.now();
      await waitForDatabase(database.db, { timeoutMs: 20_000, onRetry: (_e, attempt) => retries.push(attempt) });
      expect(Date.now() - started).toBeGreaterThanOrEqual(600);
      expect(retries.length).toBeGreaterThanOrEqual(2);
      expect(retries).toEqual(retries.map((_, i) => i + 1));
      // Connected: queries run.
      await expect(waitForDatabase(database.db, { timeoutMs: 0 })).resolves.toBeUndefined();
    });

    it('gives up after the time given, naming the setting and the cause', async () => {
      const database = openAt(await freePort());
      const started = Date.now();
      const failure = await waitForDatabase(database.db, { timeoutMs: 600 }).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(DatabaseWaitError);
      expect((failure as Error).message).toMatch(
        /^the database did not answer within 0\.6 s \(DATABASE_WAIT_SECONDS\): /,
      );
      expect((failure as Error).message).toMatch(/ECONNREFUSED/);
      const elapsed = Date.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(500);
      expect(elapsed).toBeLessThan(3_000);
    });

    it('does not wait on an error waiting cannot mend (a database that does not exist)', async () => {
      const url = new URL(PG_URL);
      const database = openAt(Number(url.port || 5432), 'kassa_no_such_database');
      const retries: number[] = [];
      const failure = await waitForDatabase(database.db, {
        timeoutMs: 20_000,
        onRetry: (_e, attempt) => retries.push(attempt),
      }).catch((err: unknown) => err);
      expect(failure).not.toBeInstanceOf(DatabaseWaitError);
      expect((failure as { code?: string }).code).toBe('3D000');
      expect(retries).toEqual([]);
    });
  });
}
