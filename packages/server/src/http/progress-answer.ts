import { IMPORT_PROGRESS_MEDIA_TYPE, type ImportProgress } from '@kassa/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { errorAnswer } from './error-handler.js';

// Long work answered with its progress (import/preview and import/commit when the request asks
// for IMPORT_PROGRESS_MEDIA_TYPE): one JSON line per step while it runs, then the answer. The
// lines travel in the same response, so any instance behind a balancer reports its own work and
// nothing needs a shared store. The answer only begins with the first progress line: whatever
// fails before it (a file that does not read, a batch committed already) keeps its HTTP status.

/** Tells the client where the work is. */
export type ReportProgress = (progress: ImportProgress) => void;

/** At most this often a progress line (and always the first and the last of a stage). */
const PROGRESS_EVERY_MS = 100;

/** Whether the request asks for the answer with its progress. */
export function wantsProgress(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes(IMPORT_PROGRESS_MEDIA_TYPE);
}

/**
 * Runs `work`, answering its progress as lines once it reports any: `{"progress": …}` lines,
 * then `{"<key>": <final>}`, or `{"error": {type, message}, "status": n}` when it fails after the
 * answer began. Work that ends before reporting anything answers its final line alone; work that
 * fails before rejects (the app's error handler answers that with its status).
 */
export async function progressAnswer<T>(
  work: (report: ReportProgress) => Promise<T>,
  key: string,
  final: (value: T) => AsyncIterable<string>,
  log: FastifyBaseLogger,
): Promise<AsyncIterable<string>> {
  const queue: string[] = [];
  let wake: (() => void) | undefined;
  let began: (() => void) | undefined;
  const first = new Promise<'began'>((resolve) => (began = () => resolve('began')));
  let last = { stage: '', at: 0 };
  const report: ReportProgress = (progress) => {
    const now = Date.now();
    const edge = progress.stage !== last.stage || progress.done >= progress.total;
    if (!edge && now - last.at < PROGRESS_EVERY_MS) return;
    last = { stage: progress.stage, at: now };
    queue.push(`${JSON.stringify({ progress })}\n`);
    began?.();
    wake?.();
  };
  type Outcome = { ok: true; value: T } | { ok: false; error: unknown };
  let outcome: Outcome | undefined;
  const running = work(report).then(
    (value): Outcome => ({ ok: true, value }),
    (error: unknown): Outcome => ({ ok: false, error }),
  );
  void running.then((o) => {
    outcome = o;
    wake?.();
  });
  const early = await Promise.race([first, running]);
  if (early !== 'began' && !early.ok) throw early.error;
  async function* lines(): AsyncGenerator<string> {
    for (;;) {
      while (queue.length > 0) yield queue.shift() ?? '';
      if (outcome !== undefined) break;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
    if (outcome.ok) {
      yield `{${JSON.stringify(key)}:`;
      yield* final(outcome.value);
      yield '}\n';
    } else {
      const { status, body } = errorAnswer(outcome.error, log);
      yield `${JSON.stringify({ error: body, status })}\n`;
    }
  }
  return lines();
}
