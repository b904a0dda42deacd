import type { ErrorBody, ImportProgress } from '@kassa/contract';
import { ApiError } from '../../lib/api';

// Reads an answer given with its progress (IMPORT_PROGRESS_MEDIA_TYPE, server http/progress-answer.ts):
// `{"progress": …}` lines while the server works, then one final line: `{"preview": …}`,
// `{"result": …}`, or `{"error": {type, message}, "status": n}` when the work failed after the
// answer began. The final line may be long (a million-row preview) and is read as it grows.

const PROGRESS_PREFIX = '{"progress":';

export class ProgressAnswerReader {
  private text = '';
  private scanned = 0;
  /** Where the final line begins, once it has. */
  finalAt: number | undefined;

  constructor(private readonly onProgress: (progress: ImportProgress) => void) {}

  /** The whole answer so far (XMLHttpRequest's growing responseText). */
  update(text: string): void {
    this.text = text;
    this.scan();
  }

  /** The next piece of the answer (a fetch stream's chunk). */
  append(chunk: string): void {
    this.text += chunk;
    this.scan();
  }

  /** The final line as it has arrived so far ('' before it begins). */
  get finalText(): string {
    return this.finalAt === undefined ? '' : this.text.slice(this.finalAt);
  }

  private scan(): void {
    while (this.finalAt === undefined) {
      const start = this.text.slice(this.scanned, this.scanned + PROGRESS_PREFIX.length);
      if (start.length < PROGRESS_PREFIX.length) return; // too little to tell the line's kind
      if (start !== PROGRESS_PREFIX) {
        this.finalAt = this.scanned;
        return;
      }
      const end = this.text.indexOf('\n', this.scanned);
      if (end < 0) return;
      const line = JSON.parse(this.text.slice(this.scanned, end)) as { progress: ImportProgress };
      this.scanned = end + 1;
      this.onProgress(line.progress);
    }
  }

  /**
   * The value of the complete answer's final line under `key`; a failure line becomes the
   * ApiError a plain answer with its status would have made.
   */
  value(key: string, sessionBound: boolean): unknown {
    const line = JSON.parse(this.finalText) as Record<string, unknown>;
    if (key in line) return line[key];
    const error = line['error'] as ErrorBody | undefined;
    const status = typeof line['status'] === 'number' ? line['status'] : 500;
    throw new ApiError(status, error, sessionBound);
  }
}
