import { open, type FileHandle } from 'node:fs/promises';

// Commits of a SQLite file made durable off the event loop.
//
// better-sqlite3 answers synchronously on the one thread that serves every request. Under
// synchronous = FULL each commit's fsync of the WAL ran there, blocking every other request for
// as long as the disk took. So the writer runs with synchronous = NORMAL, and this class syncs the
// WAL on libuv's thread pool, awaited before the commit's caller goes on: an acknowledged commit
// is on disk, as under FULL. SQLite's automatic checkpoint stays where SQLite runs it (a worker's
// connection checkpointing beside the writer made a write fail with "database is locked" in CI).

/** After a checkpoint lets the WAL start over, SQLite cuts its file down to this size. */
export const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

/** How `pragma synchronous` reads to callers: FULL (2) waits for the disk, NORMAL (1) does not. */
export type SyncLevel = 1 | 2;

const PRAGMA_SYNCHRONOUS = /^\s*pragma\s+synchronous\s*(?:=\s*(\w+))?\s*;?\s*$/i;

export class WalDurability {
  /** FULL by default; derived-transaction.ts sets NORMAL for commits of data a report can redo. */
  private level: SyncLevel = 2;
  private wal: Promise<FileHandle> | undefined;

  constructor(private readonly file: string) {}

  /**
   * Answers `pragma synchronous` (read or set) for the writer, whose own setting stays NORMAL;
   * undefined for any other statement.
   */
  pragma(statement: string): { rows: { synchronous: SyncLevel }[] } | undefined {
    const match = PRAGMA_SYNCHRONOUS.exec(statement);
    if (match === null) return undefined;
    const value = match[1]?.toLowerCase();
    if (value !== undefined) this.level = value === 'full' || value === 'extra' || Number(value) >= 2 ? 2 : 1;
    return { rows: value === undefined ? [{ synchronous: this.level }] : [] };
  }

  /** After a statement that committed: waits for the WAL to reach the disk (under FULL). */
  async committed(): Promise<void> {
    if (this.level === 2) await (await this.walFile()).datasync();
  }

  async close(): Promise<void> {
    await (await this.wal)?.close();
  }

  /** The WAL, open for syncing and its size: it exists from the first commit until the last connection closes. */
  private walFile(): Promise<FileHandle> {
    this.wal ??= open(`${this.file}-wal`, 'r');
    return this.wal;
  }
}
