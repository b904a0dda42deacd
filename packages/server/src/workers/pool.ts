import { availableParallelism } from 'node:os';
import { MessageChannel, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import type { ErrorType } from '@kassa/contract';
import { Piscina } from 'piscina';
import { AppError } from '../http/errors.js';
import type { WorkerTask } from './tasks.js';
import { breather, type Breather } from '../util/breathe.js';
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

/**
 * Takes a finished task's messages off the port one by one, pausing whenever a slice of time is
 * used. A port's 'message' listener would not: Node receives every message already queued (up to
 * 1,000) in one turn, so the slices of 150,000 preview rows were taken in at once and held the
 * event loop for 150–200 ms, with nothing else served.
 */
export async function receiveAnswer(port: MessagePort, pace: Breather = breather()): Promise<unknown> {
  const assembly = new AnswerAssembly();
  for (;;) {
    const received = receiveMessageOnPort(port);
    if (received === undefined) throw new Error('a worker task ended without an answer');
    const message = received.message as SliceMessage;
    if (message.kind === 'done') return assembly.assemble(message.skeleton);
    if (message.kind === 'error') {
      if (message.status === 500) throw new Error(message.message);
      throw new AppError(message.status, message.type as ErrorType, message.message, message.headers);
    }
    assembly.add(message.id, message.rows);
    await pace.maybe();
  }
}

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
   * slices, received a few at a time between turns of the event loop (receiveAnswer).
   */
  async run<T>(input: WorkerTask): Promise<T> {
    const { port1, port2 } = new MessageChannel();
    const bytes = copy(input.task === 'parse-import' ? input.bytes : input.body);
    const task = input.task === 'parse-import' ? { ...input, bytes } : { ...input, body: bytes };
    try {
      // The task sends its whole answer, then returns: every slice waits on the port by then.
      await this.started().run({ ...task, port: port2 }, { transferList: [port2, bytes.buffer as ArrayBuffer] });
      return (await receiveAnswer(port1)) as T;
    } finally {
      port1.close();
    }
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = undefined;
  }
}
