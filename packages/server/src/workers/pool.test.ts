import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.js';
import { breather } from '../util/breathe.js';
import { receiveAnswer } from './pool.js';
import { cutAnswer, SLICE_ROWS, type SliceMessage } from './slices.js';

// A finished task's answer waits on the port in slices. Node hands every queued message to a
// 'message' listener in one turn, so 150,000 preview rows were taken in at once and held the
// event loop (the stall test's probes waited 150-460 ms); receiveAnswer takes them one by one.

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ line: i + 1, text: `row ${i}` }));

/** A port holding what a worker task sends for `answer`, as tasks.ts sends it. */
function portWith(messages: (send: (m: SliceMessage) => void) => void) {
  const { port1, port2 } = new MessageChannel();
  messages((m) => port2.postMessage(m));
  port2.close();
  return port1;
}

describe('receiveAnswer', () => {
  it('puts a sliced answer back together', async () => {
    const answer = { rows: rows(SLICE_ROWS * 3 + 7), summary: { total: 3 } };
    const port = portWith((send) => send({ kind: 'done', skeleton: cutAnswer(answer, send) }));
    expect(await receiveAnswer(port)).toEqual(answer);
  });

  it('lets other work in between slices: a timer due meanwhile runs before the answer is whole', async () => {
    const port = portWith((send) => send({ kind: 'done', skeleton: cutAnswer({ rows: rows(SLICE_ROWS * 4) }, send) }));
    const order: string[] = [];
    setImmediate(() => order.push('other request'));
    const answer = receiveAnswer(port, breather(0)).then(() => order.push('answer'));
    await answer;
    expect(order).toEqual(['other request', 'answer']);
  });

  it("raises the task's error: its status and message for a client error, a plain error otherwise", async () => {
    const clientError = portWith((send) =>
      send({ kind: 'error', status: 400, type: 'validation', message: 'line 3: no date', headers: {} }),
    );
    const refused = await receiveAnswer(clientError).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 400, message: 'line 3: no date' });

    const crash = portWith((send) =>
      send({ kind: 'error', status: 500, type: 'internal', message: 'boom', headers: {} }),
    );
    const failed = await receiveAnswer(crash).catch((e: unknown) => e);
    expect(failed).not.toBeInstanceOf(AppError);
    expect(failed).toMatchObject({ message: 'boom' });
  });

  it('fails when the task ended without an answer', async () => {
    await expect(receiveAnswer(portWith(() => undefined))).rejects.toThrow('without an answer');
  });
});
