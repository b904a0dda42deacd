import { IMPORT_PROGRESS_MEDIA_TYPE, type ImportCommitResult } from '@kassa/contract';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../lib/token';
import { fakeToken, REGISTERED_USER, renderApp, stubApi } from '../../test/render';
import { BATCHES, CATEGORIES, POCKETS, PREVIEW } from './test-fixtures';

// Issue 32: the import's progress bar measured only the upload. The server now answers its own
// count while it checks and keeps the rows and while it writes them (progress-answer.ts).

const RESULT: ImportCommitResult = {
  batchId: 41,
  imported: 2,
  skipped: 0,
  duplicates: 0,
  transfers: 0,
  conversions: 0,
  fixpointId: null,
  importedSincePreview: 0,
};

const line = (value: unknown) => `${JSON.stringify(value)}\n`;
const progress = (stage: string, done: number, total: number) => line({ progress: { stage, done, total } });

/** An upload whose answer arrives in the steps the test releases, as the server streams it. */
class SteppedXhr {
  static steps: string[] = [];
  static next: () => void = () => undefined;
  static asked: Record<string, string> = {};
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = {
    onprogress: null,
  };
  onprogress: (() => void) | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  setRequestHeader(name: string, value: string) {
    SteppedXhr.asked[name] = value;
  }
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'content-type' ? `${IMPORT_PROGRESS_MEDIA_TYPE}; charset=utf-8` : null;
  }
  abort() {
    this.onabort?.();
  }
  send() {
    this.upload.onprogress?.({ loaded: 100, total: 100, lengthComputable: true });
    const steps = [...SteppedXhr.steps];
    SteppedXhr.next = () => {
      const step = steps.shift();
      if (step === undefined) return;
      this.status = 200;
      this.responseText += step;
      this.onprogress?.();
      if (steps.length === 0) this.onload?.();
    };
  }
}

/** A commit answer streamed in pieces; each `release` sends the next. */
function steppedResponse(pieces: string[]): { response: Response; release: () => void } {
  let push: (() => void) | undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      push = () => {
        const piece = pieces.shift();
        if (piece !== undefined) controller.enqueue(encoder.encode(piece));
        if (pieces.length === 0) controller.close();
      };
    },
  });
  return {
    response: new Response(stream, {
      status: 200,
      headers: { 'content-type': `${IMPORT_PROGRESS_MEDIA_TYPE}; charset=utf-8` },
    }),
    release: () => push?.(),
  };
}

function pickFile() {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (input === null) throw new Error('no file input');
  const file = new File(['Date,Amount\n2026-03-02,-23.45\n'], 'statement.csv', { type: 'text/csv' });
  fireEvent.change(input, { target: { files: [file] } });
}

async function openWithSteps(commit: () => Promise<Response>) {
  stubApi({
    'GET account/userinfo': { status: 200, body: REGISTERED_USER },
    'GET category/getall': { status: 200, body: CATEGORIES },
    'GET pocket/getall': { status: 200, body: POCKETS },
    'GET import/getall': { status: 200, body: BATCHES },
  });
  const answer = globalThis.fetch;
  globalThis.fetch = (input, init) =>
    typeof input === 'string' && input.endsWith('/import/commit/41') ? commit() : answer(input, init);
  SteppedXhr.steps = [
    progress('check', 0, 25) + progress('check', 10, 25),
    progress('check', 25, 25) + progress('store', 0, 5) + progress('store', 2, 5),
    `${progress('store', 5, 5)}{"preview":${JSON.stringify(PREVIEW)}}\n`,
  ];
  globalThis.XMLHttpRequest = SteppedXhr as unknown as typeof XMLHttpRequest;
  renderApp('/private/import');
  await screen.findByRole('button', { name: 'Choose a file' });
  pickFile();
}

describe('private/import: the server’s own progress', () => {
  beforeEach(() => setToken(fakeToken()));

  it('measures the check and the keeping of the rows, then the commit’s writes', async () => {
    const commit = steppedResponse([progress('write', 0, 5) + progress('write', 1, 5), line({ result: RESULT })]);
    await openWithSteps(() => Promise.resolve(commit.response));
    // Upload done, nothing from the server yet: reading the file, unmeasured.
    expect(await screen.findByRole('progressbar', { name: 'Reading the file' })).toBeTruthy();
    expect(SteppedXhr.asked['accept']).toBe(IMPORT_PROGRESS_MEDIA_TYPE);

    SteppedXhr.next();
    const checking = await screen.findByRole('progressbar', { name: 'Checking the rows' });
    expect(checking.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText(/^Checking the rows against your books .*… 40 %$/)).toBeTruthy();

    SteppedXhr.next();
    const keeping = await screen.findByRole('progressbar', { name: 'Keeping the rows' });
    expect(keeping.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('Keeping the rows for the import: 2 of 5')).toBeTruthy();

    SteppedXhr.next();
    await screen.findByRole('table', { name: 'Rows of the file' });
    expect(screen.queryByRole('progressbar')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    commit.release();
    const writing = await screen.findByRole('progressbar', { name: 'Importing' });
    await screen.findByText('Writing 2 rows into your books… 20 %');
    expect(writing.getAttribute('aria-valuenow')).toBe('20');
    commit.release();
    await screen.findByRole('heading', { name: 'Import finished' });
  });

  it('shows a failure the server reports after the commit began, beside the Import button', async () => {
    const commit = steppedResponse([
      progress('write', 0, 5) +
        line({ error: { type: 'unavailable', message: 'The database cannot store changes right now' }, status: 503 }),
    ]);
    await openWithSteps(() => Promise.resolve(commit.response));
    SteppedXhr.next();
    SteppedXhr.next();
    SteppedXhr.next();
    await screen.findByRole('table', { name: 'Rows of the file' });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    commit.release();
    expect(await screen.findByText(/The database cannot store changes right now/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Import finished' })).toBeNull();
  });
});
