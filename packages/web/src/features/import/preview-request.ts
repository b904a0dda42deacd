import { IMPORT_PROGRESS_MEDIA_TYPE, type ErrorBody, type ImportPreview } from '@kassa/contract';
import { API_BASE, CSRF_COOKIE, CSRF_HEADER } from '@kassa/contract/constants';
import { ApiError } from '../../lib/api';
import { getToken } from '../../lib/token';
import { ProgressAnswerReader } from './progress-answer';

// POST import/preview with the progress of every step: the upload's bytes; the server reading the
// file (no measure); its progress lines while it checks the rows against the books and stores
// them (progress-answer.ts); then the rows of the streamed answer (server routes.ts previewJson:
// the head with `counts` first, `rows` last, a thousand at a time).

/** What the request is doing now. */
export type PreviewProgress =
  | { step: 'sending'; percent: number }
  | { step: 'server' }
  | { step: 'check'; done: number; total: number }
  | { step: 'store'; done: number; total: number }
  | { step: 'receiving'; rows: number; total: number | undefined };

/**
 * Counts the rows of the preview answer as its text arrives, without parsing it: a scanner of JSON
 * strings and nesting that notes the top-level `rows` array and each object opening in it (the
 * `rows` of the CSV `table` lie one level deeper and are not counted). The head's `counts` say
 * how many rows to expect.
 */
export class RowCounter {
  rows = 0;
  total: number | undefined;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private inRows = false;
  /** The last string at depth 1 (a key or a short value), kept to tell the `rows` key. */
  private text = '';
  private head = '';

  feed(chunk: string): void {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === 92 /* \ */) this.escaped = true;
        else if (c === 34 /* " */) this.inString = false;
        else if (this.depth === 1 && this.text.length < 8) this.text += chunk.charAt(i);
        continue;
      }
      if (c === 34) {
        this.inString = true;
        if (this.depth === 1) this.text = '';
      } else if (c === 123 /* { */ || c === 91 /* [ */) {
        if (c === 91 && this.depth === 1 && this.text === 'rows') this.openRows(chunk.slice(0, i));
        else if (c === 123 && this.depth === 2 && this.inRows) this.rows++;
        this.depth++;
      } else if (c === 125 /* } */ || c === 93 /* ] */) {
        this.depth--;
        if (this.depth === 1) this.inRows = false;
      }
    }
    if (this.total === undefined && !this.inRows && this.head.length < 1_000_000) this.head += chunk;
  }

  /** The top-level rows begin: everything before them is the head, with the counts. */
  private openRows(before: string): void {
    this.inRows = true;
    const head = this.head + before;
    const m = /"counts":\{"new":(\d+),"duplicate":(\d+),"error":(\d+)\}/.exec(head);
    this.total = m === null ? undefined : Number(m[1]) + Number(m[2]) + Number(m[3]);
    this.head = '';
  }
}

/** How the final line of the answer begins: the preview follows. */
const FINAL_KEY = '{"preview":';

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const raw = document.cookie
    .split('; ')
    .find((c) => c.startsWith(prefix))
    ?.slice(prefix.length);
  return raw === undefined ? undefined : decodeURIComponent(raw);
}

function isErrorBody(json: unknown): json is ErrorBody {
  if (typeof json !== 'object' || json === null) return false;
  const body = json as Record<string, unknown>;
  return typeof body['type'] === 'string' && typeof body['message'] === 'string';
}

function failure(xhr: XMLHttpRequest, sessionBound: boolean): ApiError {
  let json: unknown;
  try {
    json = xhr.responseText === '' ? undefined : JSON.parse(xhr.responseText);
  } catch {
    json = undefined; // a proxy's HTML page: the status still says what happened
  }
  const retryAfter = Number(xhr.getResponseHeader('retry-after') ?? '');
  return new ApiError(
    xhr.status,
    isErrorBody(json) ? json : undefined,
    sessionBound,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  );
}

/**
 * Sends the file and its options (multipart, with the session's token and the CSRF header) and
 * reads the preview, reporting each step to `onProgress`. XMLHttpRequest, since only it reports
 * the upload's progress; its text grows while the answer streams in. Rejects with ApiError on a
 * non-2xx answer, with an AbortError when `signal` cancels it.
 */
export function postPreview(
  form: FormData,
  onProgress: (progress: PreviewProgress) => void,
  signal: AbortSignal,
): Promise<ImportPreview> {
  return new Promise<ImportPreview>((resolve, reject) => {
    const aborted = () => new DOMException('The request was cancelled', 'AbortError');
    if (signal.aborted) {
      reject(aborted());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/import/preview`);
    xhr.setRequestHeader('accept', IMPORT_PROGRESS_MEDIA_TYPE);
    const token = getToken();
    if (token !== null) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf !== undefined) xhr.setRequestHeader(CSRF_HEADER, csrf);
    xhr.upload.onprogress = (e) => {
      const total = e.lengthComputable ? e.total : 0;
      onProgress(
        total > 0 && e.loaded >= total
          ? { step: 'server' }
          : { step: 'sending', percent: total > 0 ? (e.loaded / total) * 100 : 0 },
      );
    };
    const counter = new RowCounter();
    const answer = new ProgressAnswerReader((p) =>
      onProgress({ step: p.stage === 'check' ? 'check' : 'store', done: p.done, total: p.total }),
    );
    let read = 0;
    // A server (or a proxy) that does not answer with progress answers the preview as plain JSON.
    const withProgress = () => (xhr.getResponseHeader('content-type') ?? '').includes(IMPORT_PROGRESS_MEDIA_TYPE);
    xhr.onprogress = () => {
      if (xhr.status < 200 || xhr.status > 299) return;
      let preview = xhr.responseText;
      if (withProgress()) {
        answer.update(xhr.responseText);
        // The preview's own text, after its key, as it grows: its rows are counted as they come.
        preview = answer.finalText.slice(FINAL_KEY.length);
      }
      if (preview === '') return;
      counter.feed(preview.slice(read));
      read = preview.length;
      onProgress({ step: 'receiving', rows: counter.rows, total: counter.total });
    };
    const onAbort = () => xhr.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      settle();
      if (xhr.status < 200 || xhr.status > 299) {
        reject(failure(xhr, token !== null));
        return;
      }
      try {
        if (!withProgress()) resolve(JSON.parse(xhr.responseText) as ImportPreview);
        else {
          answer.update(xhr.responseText);
          resolve(answer.value('preview', token !== null) as ImportPreview);
        }
      } catch (err) {
        reject(err instanceof Error ? err : new Error('The answer is not JSON'));
      }
    };
    xhr.onerror = () => {
      settle();
      reject(new TypeError('The file could not be sent: the network failed'));
    };
    xhr.onabort = () => {
      settle();
      reject(aborted());
    };
    xhr.send(form);
  });
}
