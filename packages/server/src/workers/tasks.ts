import type { MessagePort } from 'node:worker_threads';
import type { ParseRequest } from '../modules/import/formats/types.js';
import { parseFile } from '../modules/import/formats/index.js';
import { readBackup } from '../modules/backup/resolve.js';
import { AppError } from '../http/errors.js';
import { cutAnswer, type SliceMessage } from './slices.js';

// The worker threads' entry (piscina loads it): the pure, heavy steps of requests, run off the
// event loop. Each task's answer goes back over the port in slices (slices.ts); an AppError goes
// back as its status and message, anything else as a 500 whose cause is logged by the caller.

export type WorkerTask =
  | { task: 'parse-import'; bytes: Uint8Array; request: ParseRequest; maxRows?: number }
  | { task: 'read-backup'; body: Uint8Array };

function run(input: WorkerTask): unknown {
  switch (input.task) {
    case 'parse-import':
      return parseFile(input.bytes, input.request, input.maxRows);
    case 'read-backup':
      return readBackup(parseJsonBody(input.body));
  }
}

/** The restore's body: JSON, as fastify's own parser would have read it. */
function parseJsonBody(body: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: false }).decode(body)) as unknown;
  } catch (err) {
    throw new AppError(
      400,
      'validation',
      `body: is not valid JSON (${err instanceof Error ? err.message : 'unreadable'})`,
    );
  }
}

export default function task({ port, ...input }: WorkerTask & { port: MessagePort }): void {
  const send = (message: SliceMessage) => port.postMessage(message);
  try {
    send({ kind: 'done', skeleton: cutAnswer(run(input), send) });
  } catch (err) {
    if (err instanceof AppError)
      send({ kind: 'error', status: err.status, type: err.type, message: err.message, headers: err.headers });
    else
      send({
        kind: 'error',
        status: 500,
        type: 'internal',
        message: err instanceof Error ? `${err.name}: ${err.message}\n${err.stack ?? ''}` : String(err),
        headers: {},
      });
  } finally {
    port.close();
  }
}
