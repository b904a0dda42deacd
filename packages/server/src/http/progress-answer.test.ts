import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { conflict } from './errors.js';
import { progressAnswer } from './progress-answer.js';

/** What the errors would log: kept, to show a hidden failure still reaches the log. */
const logged: unknown[] = [];
const log = { error: (entry: unknown) => logged.push(entry) } as unknown as FastifyBaseLogger;

async function text(lines: AsyncIterable<string>): Promise<string> {
  let all = '';
  for await (const l of lines) all += l;
  return all;
}

// eslint-disable-next-line @typescript-eslint/require-await -- an async iterable of one piece
async function* json(value: unknown): AsyncGenerator<string> {
  yield JSON.stringify(value);
}

describe('progressAnswer', () => {
  it('answers progress lines, then the value under its key', async () => {
    const lines = await progressAnswer(
      async (report) => {
        report({ stage: 'write', done: 0, total: 2 });
        await new Promise((r) => setTimeout(r, 5));
        report({ stage: 'write', done: 2, total: 2 });
        return { imported: 2 };
      },
      'result',
      json,
      log,
    );
    expect(await text(lines)).toBe(
      '{"progress":{"stage":"write","done":0,"total":2}}\n{"progress":{"stage":"write","done":2,"total":2}}\n{"result":{"imported":2}}\n',
    );
  });

  it('keeps at most one line per 100 ms inside a stage, but every stage’s first and last', async () => {
    const lines = await progressAnswer(
      (report) => {
        for (let done = 0; done <= 1000; done++) report({ stage: 'check', done, total: 1000 });
        report({ stage: 'store', done: 0, total: 10 });
        report({ stage: 'store', done: 10, total: 10 });
        return Promise.resolve(1);
      },
      'value',
      json,
      log,
    );
    const got = (await text(lines)).trim().split('\n');
    expect(got).toEqual([
      '{"progress":{"stage":"check","done":0,"total":1000}}',
      '{"progress":{"stage":"check","done":1000,"total":1000}}',
      '{"progress":{"stage":"store","done":0,"total":10}}',
      '{"progress":{"stage":"store","done":10,"total":10}}',
      '{"value":1}',
    ]);
  });

  it('a failure after the answer began is its last line, with status and error body; no stack', async () => {
    const lines = await progressAnswer(
      (report) => {
        report({ stage: 'write', done: 0, total: 5 });
        return Promise.reject(conflict('Import 7 was already committed'));
      },
      'result',
      json,
      log,
    );
    expect(await text(lines)).toBe(
      '{"progress":{"stage":"write","done":0,"total":5}}\n{"error":{"type":"conflict","message":"Import 7 was already committed"},"status":409}\n',
    );
    const hidden = await progressAnswer(
      (report) => {
        report({ stage: 'write', done: 0, total: 5 });
        return Promise.reject(new Error('secret detail at /srv/kassa/commit.ts:12'));
      },
      'result',
      json,
      log,
    );
    expect(await text(hidden)).toContain('{"error":{"type":"internal","message":"Internal error"},"status":500}');
    expect(logged).toHaveLength(1);
  });

  it('a failure before any progress rejects, so the error handler answers it with its status', async () => {
    await expect(progressAnswer(() => Promise.reject(conflict('no')), 'result', json, log)).rejects.toMatchObject({
      status: 409,
    });
  });

  it('work that reports nothing answers its value line alone', async () => {
    expect(await text(await progressAnswer(() => Promise.resolve([1]), 'preview', json, log))).toBe(
      '{"preview":[1]}\n',
    );
  });
});
