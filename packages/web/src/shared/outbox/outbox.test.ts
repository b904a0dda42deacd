import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeToken, stubApi } from '../../test/render';
import { installFakeIndexedDb, removeFakeIndexedDb } from '../../test/outbox-db';
import { BOOK_KEY } from '../../lib/book';
import { TOKEN_KEY } from '../../lib/token';
import { drain, type SenderHooks } from './sender';
import { addEntry, entriesOf } from './store';
import type { OutboxEntry } from './types';
import { writeOrQueue } from './write';
import { settled, stop } from './engine';
import { asOnlySender } from './lock';

const TX = { id: 7, amount: 12, currency: 'EUR', categoryId: 3, description: 'Lunch', version: 1 };

function signIn(user: string, book: number | null = null) {
  localStorage.setItem(TOKEN_KEY, fakeToken({ sub: user }));
  if (book !== null) localStorage.setItem(BOOK_KEY, JSON.stringify({ user, book, name: 'Shared' }));
}

function entry(fields: Partial<OutboxEntry> & Pick<OutboxEntry, 'key'>): Omit<OutboxEntry, 'seq'> {
  return {
    userId: '1',
    bookId: null,
    kind: 'transaction-add',
    method: 'POST',
    path: 'transaction/add',
    body: { amount: '1', currency: 'EUR', categoryId: 3, description: fields.key, time: '2026-01-01T10:00:00Z' },
    createdAt: '2026-01-01T10:00:00Z',
    state: 'waiting',
    ...fields,
  };
}

/** Hooks that record what the sender did, and a sleep that only counts. */
function hooks(user: string | undefined = '1') {
  const sent: string[] = [];
  const sleeps: number[] = [];
  const value: SenderHooks = {
    userId: () => user,
    changed: () => undefined,
    sent: (e) => sent.push(e.key),
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
  };
  return { value, sent, sleeps };
}

const offline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);

beforeEach(() => {
  installFakeIndexedDb();
});

afterEach(async () => {
  await settled();
  vi.restoreAllMocks();
  stop();
  await removeFakeIndexedDb();
});

describe('the outbox store', () => {
  it('keeps the order of entry and each user apart', async () => {
    await addEntry(entry({ key: 'a' }));
    await addEntry(entry({ key: 'b', userId: '2' }));
    await addEntry(entry({ key: 'c' }));
    expect((await entriesOf('1')).map((e) => [e.key, e.seq])).toEqual([
      ['a', 1],
      ['c', 3],
    ]);
    expect((await entriesOf('2')).map((e) => e.key)).toEqual(['b']);
  });
});

describe('writeOrQueue', () => {
  const add = () =>
    writeOrQueue({
      kind: 'transaction-add',
      request: () => ({ method: 'POST', path: 'transaction/add', body: { amount: '5' } }),
    });

  it('offline, keeps the write in the outbox under the user and the chosen book, sending nothing', async () => {
    signIn('1', 9);
    offline(false);
    const calls = stubApi({});
    expect(await add()).toEqual({ queued: true, offline: true });
    const [kept] = await entriesOf('1');
    expect(kept).toMatchObject({ userId: '1', bookId: 9, kind: 'transaction-add', state: 'waiting', seq: 1 });
    expect(kept?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls.filter((c) => c.key.startsWith('POST'))).toEqual([]);
  });

  it('online, sends at once with an Idempotency-Key', async () => {
    signIn('1');
    const calls = stubApi({ 'POST transaction/add': { status: 200, body: TX } });
    expect(await add()).toEqual(TX);
    expect(calls[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await entriesOf('1')).toEqual([]);
  });

  it('keeps a send that got no answer under the key it was sent with', async () => {
    signIn('1');
    const keys: string[] = [];
    globalThis.fetch = (_input, init) => {
      keys.push((init?.headers as Record<string, string>)['Idempotency-Key'] ?? '');
      return Promise.reject(new TypeError('Failed to fetch'));
    };
    expect(await add()).toMatchObject({ queued: true });
    expect((await entriesOf('1')).map((e) => e.key)).toEqual([keys[0]]);
  });

  it('queues behind entries already waiting, so the order of entry holds', async () => {
    signIn('1');
    // The sender's own sends get no answer, so the first entry stays.
    globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    await addEntry(entry({ key: 'first' }));
    expect(await add()).toEqual({ queued: true, offline: false });
    expect((await entriesOf('1')).map((e) => e.key)[0]).toBe('first');
    expect(await entriesOf('1')).toHaveLength(2);
  });

  it('throws an HTTP refusal as before, keeping nothing', async () => {
    signIn('1');
    stubApi({ 'POST transaction/add': { status: 400, body: { type: 'validation', message: 'amount: bad' } } });
    await expect(add()).rejects.toMatchObject({ status: 400 });
    expect(await entriesOf('1')).toEqual([]);
  });
});

describe('the sender', () => {
  it('sends in order, each with its key and book, and removes what the server has', async () => {
    signIn('1');
    await addEntry(entry({ key: 'k1' }));
    await addEntry(entry({ key: 'k2', bookId: 9 }));
    const calls = stubApi({ 'POST transaction/add': { status: 200, body: TX } });
    const h = hooks();
    expect(await drain(h.value)).toBe('empty');
    expect(calls.map((c) => [c.headers['Idempotency-Key'], c.headers['Kassa-Book']])).toEqual([
      ['k1', undefined],
      ['k2', '9'],
    ]);
    expect(h.sent).toEqual(['k1', 'k2']);
    expect(await entriesOf('1')).toEqual([]);
  });

  it('sends a copy the server is still running again after Retry-After, with the same key', async () => {
    signIn('1');
    await addEntry(entry({ key: 'k1' }));
    let n = 0;
    const busy = { type: 'idempotency_in_progress', message: 'still running' };
    const calls = stubApi({
      'POST transaction/add': () =>
        ++n === 1 ? { status: 409, body: busy, headers: { 'retry-after': '1' } } : { status: 200, body: TX },
    });
    const h = hooks();
    expect(await drain(h.value)).toBe('empty');
    expect(h.sleeps).toEqual([1000]);
    expect(calls.map((c) => c.headers['Idempotency-Key'])).toEqual(['k1', 'k1']);
  });

  it('moves a version conflict to the decisions with the row as it is now', async () => {
    signIn('1');
    const before = { ...TX, rowType: 'transaction' } as unknown as OutboxEntry['before'];
    await addEntry(
      entry({ key: 'k1', kind: 'transaction-update', path: 'transaction/update', body: { ...TX }, before }),
    );
    await addEntry(entry({ key: 'k2' }));
    const conflict = { type: 'version_conflict', message: 'Transaction 7 was changed since version 1' };
    stubApi({
      'POST transaction/update': { status: 409, body: conflict },
      'GET transaction/getbyid/7': { status: 200, body: { ...TX, amount: 99, version: 2 } },
      'POST transaction/add': { status: 200, body: TX },
    });
    expect(await drain(hooks().value)).toBe('empty');
    const [kept, ...rest] = await entriesOf('1');
    expect(rest).toEqual([]);
    expect(kept).toMatchObject({ key: 'k1', state: 'conflict', lastError: conflict.message, current: { version: 2 } });
  });

  it('takes an edit of a row deleted meanwhile as a conflict, and a delete of it as done', async () => {
    signIn('1');
    const before = TX as unknown as OutboxEntry['before'];
    await addEntry(entry({ key: 'edit', kind: 'transaction-update', path: 'transaction/update', before }));
    await addEntry(
      entry({
        key: 'del',
        kind: 'transaction-delete',
        method: 'DELETE',
        path: 'transaction/delete/7?version=1',
        before,
      }),
    );
    stubApi({}); // everything answers 404 Not found
    expect(await drain(hooks().value)).toBe('empty');
    expect(await entriesOf('1')).toMatchObject([{ key: 'edit', state: 'conflict', current: null }]);
  });

  it('moves any other refusal to the decisions with the server message', async () => {
    signIn('1');
    await addEntry(entry({ key: 'k1' }));
    const missing = { type: 'missing_rate', message: 'No rate for XAU on 2026-01-01' };
    stubApi({ 'POST transaction/add': { status: 422, body: missing } });
    expect(await drain(hooks().value)).toBe('empty');
    expect(await entriesOf('1')).toMatchObject([{ state: 'refused', lastError: missing.message }]);
  });

  it('stops at a network failure, a server failure or a 401, keeping the entry to send later', async () => {
    signIn('1');
    await addEntry(entry({ key: 'k1' }));
    globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await drain(hooks().value)).toBe('offline');
    stubApi({ 'POST transaction/add': { status: 503, body: { type: 'unavailable', message: 'Try later' } } });
    expect(await drain(hooks().value)).toBe('later');
    stubApi({ 'POST transaction/add': { status: 401, body: { type: 'unauthorized', message: 'Expired' } } });
    expect(await drain(hooks().value)).toBe('signed-out');
    expect(await entriesOf('1')).toMatchObject([{ key: 'k1', state: 'waiting', lastError: 'Try later' }]);
  });

  it("never sends another user's entries", async () => {
    signIn('2');
    await addEntry(entry({ key: 'k1', userId: '1' }));
    const calls = stubApi({ 'POST transaction/add': { status: 200, body: TX } });
    expect(await drain(hooks('2').value)).toBe('empty');
    expect(calls).toEqual([]);
    expect(await entriesOf('1')).toHaveLength(1);
  });
});

describe('one sender per browser', () => {
  it('without Web Locks, skips a run while another tab says it is sending', async () => {
    const otherTab = new BroadcastChannel('kassa-outbox-sender');
    let ran = 0;
    const work = () => {
      ran += 1;
      return Promise.resolve();
    };
    expect(await asOnlySender(work, false)).toBe(true);
    otherTab.postMessage({ type: 'busy' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await asOnlySender(work, false)).toBe(false);
    otherTab.postMessage({ type: 'idle' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await asOnlySender(work, false)).toBe(true);
    expect(ran).toBe(2);
    otherTab.close();
  });
});
