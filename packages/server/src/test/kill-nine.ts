import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseTarget } from '../config.js';
import type { DialectName } from '../db/database.js';
import { dropSchema, pgAdmin, TEST_PG_URL } from './postgres.js';

// The machinery of kill-nine.api.test.ts: the production server in a process of its own that
// the test can SIGKILL, a database both the server and the test open by its address, and the
// checks that the database survived intact.

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** A port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The real server entry (src/main.ts: config from the environment, migrate, listen), started as
 * an operator starts it, in its own process, so SIGKILL ends it mid-request with no clean-up.
 */
export class KillableServer {
  private child: ChildProcessWithoutNullStreams | undefined;
  private output = '';
  private exited: Promise<void> = Promise.resolve();
  base = '';

  constructor(private readonly env: Record<string, string>) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(): Promise<string> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'packages/server/src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...this.env, PORT: String(port), HOST: '127.0.0.1' },
    });
    this.child = child;
    const state = { gone: false };
    this.exited = new Promise((resolve) =>
      child.on('exit', () => {
        state.gone = true;
        resolve();
      }),
    );
    // Read the pipes, or a chatty server blocks on a full one; keep the end for failure messages.
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-4000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    this.base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (state.gone) throw new Error(`the server exited at start:\n${this.output}`);
      const ok = await fetch(`${this.base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return this.base;
      if (Date.now() > deadline) {
        await this.kill();
        throw new Error(`the server did not start within 30 s:\n${this.output}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** SIGKILL: the process ends at once, whatever it was doing. */
  async kill(): Promise<void> {
    this.child?.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM: the server closes as in a normal shutdown. */
  async stop(): Promise<void> {
    this.child?.kill('SIGTERM');
    await this.exited;
  }

  tail(): string {
    return this.output;
  }
}

/** A fresh database the server and the test open by its address: a temp SQLite file or a new PostgreSQL schema. */
export interface KillTarget {
  dialect: DialectName;
  target: DatabaseTarget;
  /** DATABASE_URL for the server. */
  url: string;
  dataDir: string;
  drop(): Promise<void>;
}

export async function createKillTarget(dialect: DialectName): Promise<KillTarget> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kassa-kill9-'));
  if (dialect === 'sqlite') {
    const file = path.join(dataDir, 'kassa.db');
    return {
      dialect,
      target: { kind: 'sqlite', file },
      url: `sqlite:${file}`,
      dataDir,
      drop: () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
    };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await pgAdmin(`create schema ${schema}`);
  const url = new URL(TEST_PG_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    dialect,
    target: { kind: 'postgres', url: url.toString() },
    url: url.toString(),
    dataDir,
    drop: async () => {
      await dropSchema(schema);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * What is wrong with the stored database, read while no server runs. SQLite: integrity_check
 * and foreign_key_check. PostgreSQL: every row of every table readable, and every constraint
 * holding when checked again from the rows (foreign keys, primary and unique keys with index
 * scans off, checks), none left unvalidated.
 */
export async function integrityProblems(t: KillTarget): Promise<string[]> {
  if (t.target.kind === 'sqlite') {
    const db = new SQLite(t.target.file);
    try {
      const problems: string[] = [];
      const integrity = db.pragma('integrity_check') as { integrity_check: string }[];
      if (integrity.length !== 1 || integrity[0]?.integrity_check !== 'ok')
        problems.push(`integrity_check: ${JSON.stringify(integrity)}`);
      const keys = db.pragma('foreign_key_check') as unknown[];
      if (keys.length > 0) problems.push(`foreign_key_check: ${JSON.stringify(keys.slice(0, 5))}`);
      return problems;
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: t.url });
  await client.connect();
  try {
    const problems: string[] = [];
    await client.query('set enable_indexscan = off; set enable_indexonlyscan = off; set enable_bitmapscan = off');
    const tables = (
      await client.query<{ name: string }>(
        `select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
      )
    ).rows.map((r) => r.name);
    for (const table of tables) {
      const rows = await client.query<{ n: string; bytes: string | null }>(
        `select count(*) as n, sum(length(t::text)) as bytes from "${table}" t`,
      );
      if (rows.rows.length !== 1) problems.push(`${table}: not readable`);
    }
    const constraints = await client.query<{
      table: string;
      name: string;
      type: string;
      def: string;
      cols: string[];
      ftable: string | null;
      fcols: string[] | null;
      validated: boolean;
    }>(
      `select c.conrelid::regclass::text as table, c.conname as name, c.contype as type,
              pg_get_constraintdef(c.oid) as def, c.convalidated as validated,
              array(select a.attname from unnest(c.conkey) k join pg_attribute a
                      on a.attrelid = c.conrelid and a.attnum = k)::text[] as cols,
              c.confrelid::regclass::text as ftable,
              array(select a.attname from unnest(c.confkey) k join pg_attribute a
                      on a.attrelid = c.confrelid and a.attnum = k)::text[] as fcols
         from pg_constraint c
        where c.connamespace = current_schema()::regnamespace and c.contype in ('f', 'p', 'u', 'c')`,
    );
    const q = (cols: string[], alias: string) => cols.map((c) => `${alias}."${c}"`).join(', ');
    for (const c of constraints.rows) {
      if (!c.validated) problems.push(`${c.table}.${c.name}: not validated`);
      let sqlText: string;
      if (c.type === 'f')
        sqlText = `select count(*) as n from ${c.table} t where ${c.cols.map((x) => `t."${x}" is not null`).join(' and ')}
          and not exists (select 1 from ${c.ftable ?? ''} f where (${q(c.fcols ?? [], 'f')}) = (${q(c.cols, 't')}))`;
      else if (c.type === 'c')
        sqlText = `select count(*) as n from ${c.table} t where not ${c.def.replace(/^CHECK /, '')}`;
      else
        sqlText = `select count(*) as n from (select 1 from ${c.table} t group by ${q(c.cols, 't')} having count(*) > 1) d`;
      const broken = Number((await client.query<{ n: string }>(sqlText)).rows[0]?.n ?? 0);
      if (broken > 0) problems.push(`${c.table}.${c.name} (${c.def}): ${broken} rows break it`);
    }
    if (tables.length < 10) problems.push(`only ${tables.length} tables in the schema`);
    return problems;
  } finally {
    await client.end();
  }
}
