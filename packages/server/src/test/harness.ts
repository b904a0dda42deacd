import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import type { Database, DialectName } from '../db/database.js';
import { CompleteUserFactory, type CreateUserInput } from '../modules/account/complete-user.js';
import { TestClient } from './client.js';
import { TEST_JWT_SECRET, testConfig } from './config.js';
import { createTestDatabase, testDialects, type TestDatabase } from './databases.js';

/** What a suite gets: the app on a fresh database of one dialect, and helpers. */
export interface ApiContext {
  dialect: DialectName;
  config: Config;
  app: FastifyInstance;
  database: Database;
  client(): TestClient;
  createUser(input: CreateUserInput): ReturnType<CompleteUserFactory['createComplete']>;
}

/**
 * Declares the suite once per tested dialect (SQLite always, PostgreSQL with
 * TEST_DATABASE_URL). Each dialect gets its own database and app for the whole suite.
 */
export function describeEachDatabase(
  title: string,
  body: (ctx: ApiContext) => void,
  configOverrides: Partial<Config> | (() => Partial<Config>) = {},
): void {
  for (const dialect of testDialects) {
    describe(`${title} [${dialect}]`, () => {
      let testDb: TestDatabase;
      const ctx = { dialect } as ApiContext;
      beforeAll(async () => {
        testDb = await createTestDatabase(dialect);
        ctx.database = testDb.database;
        ctx.config = testConfig(typeof configOverrides === 'function' ? configOverrides() : configOverrides);
        ctx.app = await buildApp({
          config: ctx.config,
          database: testDb.database,
          jwtSecret: TEST_JWT_SECRET,
          logger: false,
        });
        // Ready before any test reads the tables: start-up's own writes (the rate check) are done.
        await ctx.app.ready();
        ctx.client = () => new TestClient(ctx.app);
        const users = new CompleteUserFactory(testDb.database.db);
        ctx.createUser = (input) => users.createComplete(input);
      });
      afterAll(async () => {
        await ctx.app.close();
        await testDb.drop();
      });
      body(ctx);
    });
  }
}
