import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { DatabaseWaitError, messageOf, waitForDatabase } from './db/wait-for-database.js';
import { resolveJwtSecret } from './secrets.js';

/** How long shutdown waits for handlers still running before it closes the database anyway. */
const SHUTDOWN_HANDLERS_MS = 30_000;

// The only module with start-up side effects: read config, open and migrate the database,
// listen, and close everything cleanly on SIGTERM/SIGINT.
async function main(): Promise<void> {
  const config = loadConfig();
  const jwtSecret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  const database = openDatabase(config.database);
  // A PostgreSQL started beside Kassa may not take connections yet: wait for it, saying so.
  await waitForDatabase(database.db, {
    timeoutMs: config.databaseWaitMs,
    onRetry: (err, attempt, pauseMs) =>
      console.error(`waiting for the database (try ${attempt}: ${messageOf(err)}); next try in ${pauseMs} ms`),
  });
  await migrateToLatest(database.db);

  const app = await buildApp({ config, database, jwtSecret });
  // Requests whose client left still run after the server stopped listening: the database
  // closes once they are done (at most SHUTDOWN_HANDLERS_MS later).
  app.addHook('onClose', async () => {
    const left = await app.inFlight.settled(SHUTDOWN_HANDLERS_MS);
    if (left > 0) app.log.warn({ left }, 'closing the database under requests still running');
    await database.close();
  });
  // The pool has dropped the connection and opens a new one for the next query; requests that
  // needed it answer 503 meanwhile (http/error-handler.ts).
  database.onConnectionLost((err) =>
    app.log.error({ err }, 'database connection lost; a new one is opened for the next query'),
  );

  // Graceful: readiness fails first (for SHUTDOWN_GRACE_SECONDS the instance still serves, so a
  // load balancer can move away), then the server stops listening, finishes the requests in
  // flight (idle keep-alive connections are closed) and closes the database.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down');
    app.drain();
    new Promise((resolve) => setTimeout(resolve, config.shutdownGraceMs))
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ database: config.database.kind }, 'Kassa is ready');
}

main().catch((err: unknown) => {
  // Configuration mistakes get a one-line message; anything else its stack, on our own console.
  console.error(err instanceof ConfigError || err instanceof DatabaseWaitError ? err.message : err);
  process.exit(1);
});
