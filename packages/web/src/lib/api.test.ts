import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, postForm } from './api';
import { setToken } from './token';

/** What a request through the fake XMLHttpRequest looked like, and how the test answers it. */
interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  xhr: FakeXhr;
}
const sent: Sent[] = [];

/** Just enough of XMLHttpRequest for postForm: the test drives progress and the answer. */
class FakeXhr {
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = '';
  private url = '';
  private readonly headers: Record<string, string> = {};
  private responseHeaders: Record<string, string> = {};
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  send(body: unknown) {
    sent.push({ method: this.method, url: this.url, headers: this.headers, body, xhr: this });
  }
  abort() {
    this.onabort?.();
  }
  /** Test side: the upload moved on. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }
  /** Test side: the server answered. */
  answer(status: number, body: string, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = body;
    this.responseHeaders = headers;
    this.onload?.();
  }
}

const last = (): Sent => {
  const s = sent.at(-1);
  if (s === undefined) throw new Error('nothing was sent');
  return s;
};

describe('postForm: a multipart upload with progress', () => {
  const original = globalThis.XMLHttpRequest;
  beforeEach(() => {
    globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
    document.cookie = 'XSRF-TOKEN=csrf-123';
  });
  afterEach(() => {
    globalThis.XMLHttpRequest = original;
    sent.length = 0;
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('sends the form with the token and the CSRF header, reports progress and reads the JSON answer', async () => {
    setToken('a.b.c');
    const form = new FormData();
    form.append('file', new File(['a,b\n1,2\n'], 'x.csv'));
    const progress: [number, number][] = [];
    const answer = postForm<{ batchId: number }>('import/preview', form, {
      onUploadProgress: (loaded, total) => progress.push([loaded, total]),
    });
    const request = last();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/import/preview');
    expect(request.body).toBe(form);
    expect(request.headers['authorization']).toBe('Bearer a.b.c');
    expect(request.headers['x-xsrf-token']).toBe('csrf-123');
    // The browser writes the multipart content type with its boundary.
    expect(request.headers['content-type']).toBeUndefined();
    request.xhr.progress(4, 8);
    request.xhr.progress(8, 8);
    request.xhr.answer(200, '{"batchId":7}');
    await expect(answer).resolves.toEqual({ batchId: 7 });
    expect(progress).toEqual([
      [4, 8],
      [8, 8],
    ]);
  });

  it('rejects with an ApiError carrying the server’s message', async () => {
    setToken('a.b.c');
    const answer = postForm('import/preview', new FormData());
    last().xhr.answer(415, JSON.stringify({ type: 'unsupported_media_type', message: 'Not a bank file' }));
    const err: unknown = await answer.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(415);
    expect((err as ApiError).message).toBe('Not a bank file');
    expect((err as ApiError).sessionBound).toBe(true);
  });

  it('gives a readable error for a failed network and for an answer that is no error body', async () => {
    const failed = postForm('import/preview', new FormData());
    last().xhr.onerror?.();
    await expect(failed).rejects.toThrow('The file could not be sent: the network failed');

    const proxy = postForm('import/preview', new FormData());
    last().xhr.answer(502, '<html>Bad gateway</html>');
    await expect(proxy).rejects.toThrow('HTTP 502');
  });

  it('aborts the request when its signal fires, and sends nothing for an aborted signal', async () => {
    const controller = new AbortController();
    const answer = postForm('import/preview', new FormData(), { signal: controller.signal });
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });

    const count = sent.length;
    await expect(postForm('import/preview', new FormData(), { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(sent.length).toBe(count);
  });
});
