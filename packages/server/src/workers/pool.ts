import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import type { ErrorType } from '@kassa/contract';
import { Piscina } from 'piscina';
import { AppError } from '../http/errors.js';
import type { WorkerTask } from './tasks.js';
import { AnswerAssembly, type SliceMessage } from './slices.js';

// Worker threads for the heavy, pure steps of requests (tasks.ts): reading an uploaded bank file,
// parsing and checking a backup document. A pool of at most one thread per core, started on
// first use and ended with the app.

/** The worker's file beside this one: tasks.ts under tsx (tests, the CLI in development), tasks.js once built. */
function workerFile(): { filename: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  return {
    filename: new URL(fromSource ? './from-source.js' : './tasks.js', import.meta.url).href,
    // From source the worker needs the same TypeScript loader and the workspace's source condition.
    execArgv: fromSource ? ['--conditions=source'] : [],
  };
}

/**
 * A copy of the bytes to move to the worker: moving detaches them, and the caller may need them
 * again (a saved import profile that no longer fits is followed by detection), or they may be a
 * view of Node's shared buffer pool. 50 MB copy in about 10 ms.
 */
const copy = (bytes: Uint8Array): Uint8Array => new Uint8Array(bytes);

export class WorkerPool {
  private pool: Piscina | undefined;

  constructor(private readonly threads = Math.max(1, Math.min(2, availableParallelism()))) {}

  private started(): Piscina {
    this.pool ??= new Piscina({
      ...workerFile(),
      minThreads: 0,
      maxThreads: this.threads,
      idleTimeout: 60_000,
      // The tasks' own memory, apart from the main thread's heap ceiling.
      resourceLimits: { maxOldGenerationSizeMb: 1536 },
    });
    return this.pool;
  }

  /**
   * Runs a task on a worker thread; its bytes move there without a copy. The answer comes back in
   * slices, each received in a turn of its own, so the event loop keeps serving meanwhile.
   */
  async run<T>(input: WorkerTask): Promise<T> {
    const { port1, port2 } = new MessageChannel();
    const bytes = copy(input.task === 'parse-import' ? input.bytes : input.body);
    const task = input.task === 'parse-import' ? { ...input, bytes } : { ...input, body: bytes };
    const assembly = new AnswerAssembly();
    const answer = new Promise<T>((resolve, reject) => {
      port1.on('message', (message: SliceMessage) => {
        if (message.kind === 'slice') assembly.add(message.id, message.rows);
        else if (message.kind === 'done') resolve(assembly.assemble(message.skeleton) as T);
        else if (message.status === 500) reject(new Error(message.message));
        else reject(new AppError(message.status, message.type as ErrorType, message.message, message.headers));
      });
    });
    try {
      // Both at once: the answer may fail while the task is still being settled.
      const [, result] = await Promise.all([
        this.started().run({ ...task, port: port2 }, { transferList: [port2, bytes.buffer as ArrayBuffer] }),
        answer,
      ]);
      return result;
    } finally {
      port1.close();
    }
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = undefined;
  }
}
