import {
  IMPORT_PROGRESS_MEDIA_TYPE,
  type ErrorBody,
  type ImportCommitResult,
  type ImportPreview,
  type ImportProgress,
} from '@kassa/contract';
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { describeEachDatabase } from '../../test/harness.js';
import { newUser, okJson } from '../../test/ledger.js';
import { multipart } from '../../test/upload.js';

// import/preview and import/commit answer their progress as JSON lines when asked (issue 32: the
// page's bar measured only the upload; a 100k-row file then showed nothing for many seconds).

type Line =
  | { progress: ImportProgress }
  | { preview: ImportPreview }
  | { result: ImportCommitResult }
  | { error: ErrorBody; status: number };
const ASK = { accept: IMPORT_PROGRESS_MEDIA_TYPE };

const lines = (body: string): Line[] =>
  body
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Line);

/** The progress lines' stages in order, each once, and whether each stage counts up from 0 to its total. */
function stagesOf(all: Line[]): { stages: string[]; counted: boolean } {
  const progress = all.flatMap((l) => ('progress' in l ? [l.progress] : []));
  const stages = progress.map((p) => p.stage).filter((s, i, a) => a.indexOf(s) === i);
  const counted = stages.every((stage) => {
    const of = progress.filter((p) => p.stage === stage);
    const rising = of.every((p, i) => i === 0 || p.done >= (of[i - 1]?.done ?? 0));
    const [first] = of;
    const last = of.at(-1);
    return (
      first !== undefined &&
      last !== undefined &&
      first.done === 0 &&
      first.total > 0 &&
      rising &&
      last.done === last.total
    );
  });
  return { stages, counted };
}

async function previewWithProgress(client: TestClient, content: string, pocketId: number) {
  const { payload, extra } = await multipart({ name: 'statement.csv', content }, { pocketId });
  return client.post('/api/import/preview', payload, { headers: { ...(extra.headers as object), ...ASK } });
}

const statement = (rows: number) =>
  [
    'Date,Description,Amount',
    ...Array.from(
      { length: rows },
      (_, i) => `2026-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')},Shop ${i},-${(i % 97) + 1}.25`,
    ),
  ].join('\n');

describeEachDatabase('import: progress while the server works', (ctx) => {
  it('a preview answers its check and store steps, then the preview; the commit its writes, then the result', async () => {
    const { client } = await newUser(ctx, 'progress@example.com');
    const pocketId = okJson<{ pocketId: number }[]>(await client.get('/api/pocket/getall'))[0]?.pocketId ?? 0;
    const res = await previewWithProgress(client, statement(2500), pocketId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain(IMPORT_PROGRESS_MEDIA_TYPE);
    const shown = lines(res.body);
    expect(stagesOf(shown)).toEqual({ stages: ['check', 'store'], counted: true });
    // check counts every row once in each of its five passes; store counts the rows.
    const progress = shown.flatMap((l) => ('progress' in l ? [l.progress] : []));
    expect(progress.find((p) => p.stage === 'check')?.total).toBe(2500 * 5);
    expect(progress.find((p) => p.stage === 'store')?.total).toBe(2500);
    const last = shown.at(-1);
    if (last === undefined || !('preview' in last)) throw new Error(`no preview line: ${res.body.slice(-200)}`);
    expect(last.preview.counts).toEqual({ new: 2500, duplicate: 0, error: 0 });
    expect(last.preview.rows).toHaveLength(2500);

    const committed = await client.post(`/api/import/commit/${last.preview.batchId}`, {}, { headers: ASK });
    expect(committed.statusCode).toBe(200);
    const written = lines(committed.body);
    expect(stagesOf(written)).toEqual({ stages: ['write'], counted: true });
    expect(written.at(-1)).toEqual({
      result: expect.objectContaining({ imported: 2500, batchId: last.preview.batchId }) as unknown,
    });

    // Refusals before any work keep their status and error body, as without progress.
    const again = await client.post(`/api/import/commit/${last.preview.batchId}`, {}, { headers: ASK });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>()).toEqual({
      type: 'conflict',
      message: `Import ${last.preview.batchId} was already committed`,
    });
    const unreadable = await previewWithProgress(client, 'just one line of text', pocketId);
    expect(unreadable.statusCode).toBe(415);
    expect(unreadable.json<ErrorBody>().type).toBe('unsupported_media_type');
  });

  it('without the ask, both answer plain JSON as before', async () => {
    const { client } = await newUser(ctx, 'progress-plain@example.com');
    const pocketId = okJson<{ pocketId: number }[]>(await client.get('/api/pocket/getall'))[0]?.pocketId ?? 0;
    const { payload, extra } = await multipart({ name: 's.csv', content: statement(3) }, { pocketId });
    const shown = okJson<ImportPreview>(await client.post('/api/import/preview', payload, extra));
    expect(shown.counts.new).toBe(3);
    expect(okJson<ImportCommitResult>(await client.post(`/api/import/commit/${shown.batchId}`, {})).imported).toBe(3);
  });
});
