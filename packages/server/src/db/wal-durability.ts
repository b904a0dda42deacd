import { open, type FileHandle } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

// Commits of a SQLite file made durable off the event loop.
//
// better-sqlite3 answers synchronously on the one thread that serves every request. Under
// synchronous = FULL each commit's fsync of the WAL ran there, and so did the automatic checkpoint
// a commit starts once the WAL passes 1,000 pages (every page copied into the database file, then
// its fsync): 160 ms after a large restore on this machine, 460 ms on a CI machine whose disk was
// busy, with no other request served meanwhile. So the writer runs with synchronous = NORMAL and
// no automatic checkpoint, and this class does both elsewhere: the WAL's fdatasync on libuv's
// thread pool, awaited before the commit's caller goes on (an acknowledged commit is on disk, as
// under FULL), and checkpoints on a worker thread with a connection of its own.

/** A checkpoint runs at most this often, and only after commits. */
const CHECKPOINT_DELAY_MS = 1_000;
/** The worker starts once the WAL is this large (SQLite's own automatic checkpoint: 1,000 pages of 4 kB). */
const START_BYTES = 4 * 1024 * 1024;
/** After a checkpoint lets the WAL start over, SQLite cuts its file down to this size. */
export const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

// CommonJS, evaluated: the same code from source (tsx) and from the build, with no file to find.
const CHECKPOINT_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('journal_size_limit = ' + workerData.sizeLimit);
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    // PASSIVE: copies what no reader still needs and never waits for, or blocks, the writer.
    db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ ok: true });
  } catch (error) {
    parentPort.postMessage({ ok: false, message: String(error && error.message) });
  }
});
`;

/** How `pragma synchronous` reads to callers: FULL (2) waits for the disk, NORMAL (1) does not. */
export type SyncLevel = 1 | 2;

const PRAGMA_SYNCHRONOUS = /^\s*pragma\s+synchronous\s*(?:=\s*(\w+))?\s*;?\s*$/i;

export class WalDurability {
  /** FULL by default; derived-transaction.ts sets NORMAL for commits of data a report can redo. */
  private level: SyncLevel = 2;
  private wal: Promise<FileHandle> | undefined;
  private worker: Worker | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

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

  /** After a statement that committed: waits for the WAL to reach the disk (under FULL), then plans a checkpoint. */
  async committed(): Promise<void> {
    if (this.level === 2) await (await this.walFile()).datasync();
    this.planCheckpoint();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    const worker = this.worker;
    this.worker = undefined;
    if (worker !== undefined) {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage('close');
      await exited;
    }
    await (await this.wal)?.close();
  }

  /** The WAL, open for syncing and its size: it exists from the first commit until the last connection closes. */
  private walFile(): Promise<FileHandle> {
    this.wal ??= open(`${this.file}-wal`, 'r');
    return this.wal;
  }

  private planCheckpoint(): void {
    if (this.timer !== undefined || this.closed) return;
    this.timer = setTimeout(() => void this.checkpoint(), CHECKPOINT_DELAY_MS);
    this.timer.unref();
  }

  private async checkpoint(): Promise<void> {
    try {
      // Small databases (most tests, a light day) never start the worker; their WAL stays below the size where SQLite would have checkpointed.
      if (this.worker === undefined && (await (await this.walFile()).stat()).size < START_BYTES) return;
      await this.ask(this.startedWorker());
    } catch {
      // A checkpoint that failed is tried again after the next commit; the WAL stays whole meanwhile.
    } finally {
      this.timer = undefined;
    }
  }

  private startedWorker(): Worker {
    if (this.worker !== undefined) return this.worker;
    const worker = new Worker(CHECKPOINT_WORKER, {
      eval: true,
      workerData: {
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        file: this.file,
        sizeLimit: WAL_SIZE_LIMIT_BYTES,
      },
    });
    // It must never keep a process alive that has nothing else to do.
    worker.unref();
    worker.on('error', () => {
      if (this.worker === worker) this.worker = undefined;
    });
    this.worker = worker;
    return worker;
  }

  private ask(worker: Worker): Promise<void> {
    return new Promise((resolve, reject) => {
      const settle = (answer: { ok: boolean; message?: string }) => {
        worker.off('exit', gone);
        if (answer.ok) resolve();
        else reject(new Error(answer.message));
      };
      const gone = () => {
        worker.off('message', settle);
        reject(new Error('the checkpoint worker ended'));
      };
      worker.once('message', settle);
      worker.once('exit', gone);
      worker.postMessage('checkpoint');
    });
  }
}
