import type { ImportPreview, ImportRow, Pocket } from '@kassa/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/token';
import { fakeToken, REGISTERED_USER, renderApp, stubApi } from '../../test/render';
import { BATCHES, CATEGORIES, POCKETS, PREVIEW } from './test-fixtures';

// Issue 32, "the import flow dead-ends or detours": each way out the Import page now offers.

type Answers = Parameters<typeof stubApi>[0];
type Calls = ReturnType<typeof stubApi>;

const [GIRO] = POCKETS as [Pocket, Pocket];
const USD_POCKET: Pocket = { pocketId: 3, name: 'USD account', currency: 'USD', isCash: false, balance: 0 };

const base = (more: Answers = {}): Answers => ({
  'GET account/userinfo': { status: 200, body: REGISTERED_USER },
  'GET category/getall': { status: 200, body: CATEGORIES },
  'GET pocket/getall': { status: 200, body: POCKETS },
  'GET import/getall': { status: 200, body: BATCHES },
  'POST import/preview': { status: 200, body: PREVIEW },
  ...more,
});

const csvFile = () => new File(['Date,Amount\n2026-03-02,-23.45\n'], 'statement.csv', { type: 'text/csv' });

function pickFile(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (input === null) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}

const optionsOf = (body: unknown) => JSON.parse((body as FormData).get('options') as string) as Record<string, unknown>;

function previewOptions(calls: Calls): Record<string, unknown>[] {
  return calls.filter((c) => c.key === 'POST import/preview').map((c) => optionsOf(c.body));
}

async function open(answers: Answers, { onlyPocket = false } = {}) {
  const calls = stubApi(answers);
  renderApp('/private/import');
  await screen.findByRole('button', { name: 'Choose a file' });
  if (onlyPocket)
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Pocket' }).value).not.toBe(''));
  pickFile(csvFile());
  return calls;
}

const row = (line: number) => {
  const found = document.querySelector<HTMLElement>(`[data-line="${line}"]`);
  if (found === null) throw new Error(`no row of line ${line}`);
  return found;
};

/** A row without the reason the preview gave it. */
function withoutReason(r: ImportRow): ImportRow {
  const copy = { ...r };
  delete copy.reason;
  return copy;
}

const usdRow = (line: number, over: Partial<ImportRow> = {}): ImportRow => ({
  line,
  date: '2026-03-02',
  amount: '-12.00',
  currency: 'USD',
  description: 'Card payment',
  payee: `Shop ${line}`,
  externalId: null,
  account: '',
  pocketId: 1,
  status: 'error',
  reason: `line ${line}, currency: the row is in USD, the pocket Girokonto holds EUR`,
  categoryId: null,
  ...over,
});

/** A USD file read into the EUR pocket: every row an error. */
const USD_INTO_EUR: ImportPreview = {
  ...PREVIEW,
  batchId: 41,
  accounts: [{ account: '', currency: 'USD', pocketId: 1 }],
  counts: { new: 0, duplicate: 0, error: 2 },
  rows: [usdRow(2), usdRow(3)],
  fixpoints: { affected: 0, earliest: null },
};

/** The same file read into the new USD pocket. */
const USD_INTO_USD: ImportPreview = {
  ...USD_INTO_EUR,
  batchId: 42,
  accounts: [{ account: '', currency: 'USD', pocketId: 3 }],
  counts: { new: 2, duplicate: 0, error: 0 },
  rows: [usdRow(2, { status: 'new', pocketId: 3 }), usdRow(3, { status: 'new', pocketId: 3 })].map(withoutReason),
};

/** The answers of a user with only the EUR pocket, who gets a USD pocket during the test. */
function usdAnswers(more: Answers = {}): { answers: Answers; made: () => boolean } {
  let made = false;
  const answers = base({
    'GET pocket/getall': () => ({ status: 200, body: made ? [GIRO, USD_POCKET] : [GIRO] }),
    'POST import/preview': (body) => ({
      status: 200,
      body: optionsOf(body)['pocketId'] === 3 ? USD_INTO_USD : USD_INTO_EUR,
    }),
    'POST currency/add': () => {
      made = true;
      return { status: 200, body: { code: 'USD', lastUsed: '2026-03-02T10:00:00.000Z' } };
    },
    'POST pocket/add': () => {
      made = true;
      return { status: 200, body: USD_POCKET };
    },
    'POST import/commit/42': {
      status: 200,
      body: {
        batchId: 42,
        imported: 2,
        skipped: 0,
        duplicates: 0,
        transfers: 0,
        conversions: 0,
        fixpointId: null,
        importedSincePreview: 0,
      },
    },
    ...more,
  });
  return { answers, made: () => made };
}

// Whole screens with their lazy chunks: more than the default 5 s on a busy machine.
describe('private/import: no dead ends (issue 32)', { timeout: 20_000 }, () => {
  beforeEach(() => setToken(fakeToken()));

  it('offers a pocket for a file in a currency no pocket holds, makes it with the currency, and reads the file into it', async () => {
    const { answers } = usdAnswers();
    const calls = await open(answers);
    const offer = await screen.findByText(
      'None of your pockets holds USD. Make one here, and the file is read into it.',
    );
    const alert = offer.closest<HTMLElement>('[data-pocket-offer]');
    expect(alert?.getAttribute('data-pocket-offer')).toBe('USD');
    expect(within(alert as HTMLElement).getByText('2 rows in USD')).toBeTruthy();
    const name = within(alert as HTMLElement).getByRole<HTMLInputElement>('textbox', {
      name: 'Name of the new USD pocket',
    });
    expect(name.value).toBe('USD account');
    fireEvent.change(name, { target: { value: 'Chase USD' } });
    fireEvent.click(within(alert as HTMLElement).getByRole('button', { name: 'Create the USD pocket' }));

    // The user lacks USD: currency/add makes the currency with its pocket.
    await waitFor(() => expect(calls.some((c) => c.key === 'POST currency/add')).toBe(true));
    expect(calls.find((c) => c.key === 'POST currency/add')?.body).toEqual({
      currency: 'USD',
      items: [{ name: 'Chase USD' }],
    });
    expect(calls.some((c) => c.key === 'POST pocket/add')).toBe(false);
    // Then the file is read again into the new pocket, which the picker shows.
    await waitFor(() => expect(previewOptions(calls).at(-1)).toEqual({ pocketId: 3 }));
    await screen.findByText('2 new · 0 duplicates · 0 errors');
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Pocket' }).value).toBe('USD account (USD)'),
    );
    expect(document.querySelector('[data-pocket-offer]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST import/commit/42')).toBe(true));
  });

  it('adds only the pocket when the user has the currency already', async () => {
    const { answers } = usdAnswers({
      'GET currency/usersall': {
        status: 200,
        body: [
          { code: 'EUR', lastUsed: '2026-03-01T10:00:00.000Z' },
          { code: 'USD', lastUsed: '2026-01-01T10:00:00.000Z' },
        ],
      },
    });
    const calls = await open(answers);
    const button = await screen.findByRole('button', { name: 'Create the USD pocket' });
    // The currency list has loaded when the offer no longer says it adds the currency.
    await waitFor(() => expect(screen.queryByText(/USD is added to your currencies/)).toBeNull());
    fireEvent.click(button);
    await waitFor(() => expect(calls.some((c) => c.key === 'POST pocket/add')).toBe(true));
    expect(calls.find((c) => c.key === 'POST pocket/add')?.body).toEqual({
      name: 'USD account',
      currency: 'USD',
      isCash: false,
    });
    expect(calls.some((c) => c.key === 'POST currency/add')).toBe(false);
    await waitFor(() => expect(previewOptions(calls).at(-1)).toEqual({ pocketId: 3 }));
    await screen.findByText('2 new · 0 duplicates · 0 errors');
  });

  it('drops the rows and their errors when the file is read again, and shows a refused read', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const calls = await open(
      base({
        'POST import/preview': (body) =>
          optionsOf(body)['pocketId'] === 2
            ? {
                status: 422,
                body: { type: 'unprocessable', message: 'The CSV file has no rows below its title lines' },
              }
            : { status: 200, body: USD_INTO_EUR },
      }),
    );
    await screen.findByText('line 2, currency: the row is in USD, the pocket Girokonto holds EUR');
    // Another pocket: the rows read for the last one go at once, while the new answer is awaited.
    const answer = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      await held;
      return answer(input, init);
    };
    fireEvent.click(screen.getByRole('combobox', { name: 'Pocket' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Savings (EUR)', hidden: true }));
    await waitFor(() => expect(screen.queryByText(/the row is in USD/)).toBeNull());
    expect(screen.queryByRole('table', { name: 'Rows of the file' })).toBeNull();
    release();
    // The refusal is on the page, where the rows were; the settings stay to correct it.
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The CSV file has no rows below its title lines');
    expect(screen.queryByText(/the row is in USD/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'File settings' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
    expect(previewOptions(calls)).toEqual([{}, { pocketId: 2 }]);
  });

  it('shows a refused commit on the page, beside the Import button', async () => {
    await open(
      base({
        'POST import/commit/41': {
          status: 409,
          body: { type: 'conflict', message: 'batch 41: is already committed' },
        },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
    const alert = (await screen.findByText('batch 41: is already committed')).closest<HTMLElement>('[role="alert"]');
    expect(alert?.textContent).toContain('The import was refused');
    expect(screen.getByRole('region', { name: 'Import' }).contains(alert as HTMLElement)).toBe(true);
  });

  it('gives a picked category to the same payee’s other rows, keeping rows already chosen, with an undo', async () => {
    const expense = (line: number, payee: string, over: Partial<ImportRow> = {}): ImportRow => ({
      ...usdRow(line),
      currency: 'EUR',
      status: 'new',
      payee,
      amount: '-5.00',
      ...over,
    });
    const rows = [
      expense(2, 'REWE Markt'),
      expense(3, '  rewe   MARKT '),
      expense(4, 'REWE Markt', { amount: '5.00' }), // a refund: the other direction
      expense(5, 'REWÉ Markt', { categoryId: 12, categorySource: 'payee' }),
      expense(6, 'REWE Markt', { categoryId: 13, categorySource: 'rule', ruleId: 1 }),
      expense(7, 'Stadtwerke'),
      expense(8, 'REWE Markt'),
    ].map(withoutReason);
    const calls = await open(
      base({
        'POST import/preview': {
          status: 200,
          body: { ...PREVIEW, rows, counts: { new: 7, duplicate: 0, error: 0 } },
        },
        'POST import/commit/41': { status: 200, body: { batchId: 41, imported: 7 } },
      }),
    );
    await screen.findByRole('table', { name: 'Rows of the file' });
    const category = (line: number) =>
      within(row(line)).getByRole<HTMLSelectElement>('combobox', { name: `Category of line ${line}` });

    // Line 8 chosen by hand first: it keeps its own category.
    fireEvent.change(category(8), { target: { value: '13' } });
    expect(within(row(8)).getByText('Also set on 3 other rows of this payee.')).toBeTruthy();
    // Undo takes back what went to the others; line 8 keeps its pick.
    fireEvent.click(within(row(8)).getByRole('button', { name: /^Undo/ }));
    expect(category(2).value).toBe('');
    expect(category(3).value).toBe('');
    expect(category(8).value).toBe('13');
    expect(within(row(8)).queryByText(/Also set on/)).toBeNull();

    fireEvent.change(category(2), { target: { value: '11' } });
    expect(within(row(2)).getByText('Also set on 2 other rows of this payee.')).toBeTruthy();
    expect(category(3).value).toBe('11'); // case and spaces
    expect(category(5).value).toBe('11'); // accents; the payee's history gives way
    expect(category(6).value).toBe('13'); // a rule's suggestion stays
    expect(category(8).value).toBe('13'); // chosen by hand
    expect(category(7).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST import/commit/41')).toBe(true));
    expect(calls.find((c) => c.key === 'POST import/commit/41')?.body).toEqual({
      rows: [
        { line: 2, categoryId: 11 },
        { line: 3, categoryId: 11 },
        { line: 5, categoryId: 11 },
        { line: 8, categoryId: 13 },
      ],
    });
  });

  it('keeps Import and the rows it imports in a bar at the bottom of a phone’s screen', async () => {
    const real = window.matchMedia.bind(window);
    const phone = vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
      const list = real(query);
      Object.defineProperty(list, 'matches', { value: query.includes('max-width') });
      return list;
    });
    try {
      await open(base());
      await screen.findByRole('list', { name: 'Rows of the file' });
      const bar = document.querySelector<HTMLElement>('[data-action-bar]');
      expect(bar).not.toBeNull();
      expect(bar?.style.position).toBe('sticky');
      expect(within(bar as HTMLElement).getByText('2 rows to import')).toBeTruthy();
      expect(within(bar as HTMLElement).getByRole('button', { name: 'Import' })).toBeTruthy();
      expect(screen.getAllByRole('button', { name: 'Import' })).toHaveLength(1);
    } finally {
      phone.mockRestore();
    }
  });

  it('shows the rows arriving against the count the answer announces, and names the commit’s stage', async () => {
    stubApi(
      base({
        'POST import/commit/41': {
          status: 200,
          body: {
            batchId: 41,
            imported: 2,
            skipped: 0,
            duplicates: 0,
            transfers: 0,
            conversions: 0,
            fixpointId: null,
            importedSincePreview: 0,
          },
        },
      }),
    );
    // The answer as routes.ts previewJson streams it: the head, then the rows; held half-way.
    const { rows, ...rest } = PREVIEW;
    const head = `${JSON.stringify(rest).slice(0, -1)},"rows":[`;
    const full = `${head}${rows.map((r) => JSON.stringify(r)).join(',')}]}`;
    const half = `${head}${rows
      .slice(0, 2)
      .map((r) => JSON.stringify(r))
      .join(',')},`;
    let finish: () => void = () => undefined;
    class StreamingXhr {
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
      setRequestHeader() {}
      getResponseHeader() {
        return null;
      }
      abort() {
        this.onabort?.();
      }
      send() {
        this.upload.onprogress?.({ loaded: 50, total: 100, lengthComputable: true });
        this.upload.onprogress?.({ loaded: 100, total: 100, lengthComputable: true });
        setTimeout(() => {
          this.status = 200;
          this.responseText = half;
          this.onprogress?.();
        }, 10);
        finish = () => {
          this.responseText = full;
          this.onprogress?.();
          this.onload?.();
        };
      }
    }
    globalThis.XMLHttpRequest = StreamingXhr as unknown as typeof XMLHttpRequest;
    renderApp('/private/import');
    await screen.findByRole('button', { name: 'Choose a file' });
    pickFile(csvFile());
    const bar = await screen.findByRole('progressbar', { name: 'Receiving the rows' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('Receiving the rows: 2 of 5')).toBeTruthy();
    finish();
    await screen.findByRole('table', { name: 'Rows of the file' });
    expect(screen.queryByRole('progressbar')).toBeNull();

    // The commit: one transaction, no measure; its stage is named with the rows it writes.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const answer = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      await held;
      return answer(input, init);
    };
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Writing 2 rows into your books…')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Importing' })).toBeTruthy();
    release();
    await screen.findByRole('heading', { name: 'Import finished' });
  });

  it('keeps the file settings reachable when a pocket’s saved settings do not fit the file', async () => {
    const calls = await open(
      base({
        'GET pocket/getall': { status: 200, body: [GIRO] },
        'POST import/preview': (body) =>
          (optionsOf(body)['csv'] as { skipLines?: number } | undefined)?.skipLines === 0
            ? { status: 200, body: { ...PREVIEW, options: { ...PREVIEW.options, source: 'given' } } }
            : {
                status: 422,
                body: { type: 'unprocessable', message: 'The CSV file has no rows below its title lines' },
              },
      }),
      { onlyPocket: true },
    );
    expect((await screen.findByRole('alert')).textContent).toContain('The CSV file has no rows below its title lines');
    const settings = screen.getByRole('region', { name: 'File settings' });
    fireEvent.change(within(settings).getByRole('textbox', { name: 'Title lines to skip' }), {
      target: { value: '0' },
    });
    fireEvent.click(within(settings).getByRole('button', { name: 'Read the file again' }));
    await screen.findByRole('table', { name: 'Rows of the file' });
    expect(previewOptions(calls)).toEqual([{ pocketId: 1 }, { pocketId: 1, csv: { skipLines: 0 } }]);
    expect(screen.queryByText(/no rows below its title lines/)).toBeNull();
  });

  it('shows a pocket’s saved settings open, even on a phone, with a way back to detection', async () => {
    const real = window.matchMedia.bind(window);
    const phone = vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
      const list = real(query);
      Object.defineProperty(list, 'matches', { value: query.includes('max-width') });
      return list;
    });
    try {
      const calls = await open(
        base({
          'GET pocket/getall': { status: 200, body: [GIRO] },
          'POST import/preview': {
            status: 200,
            body: { ...PREVIEW, options: { ...PREVIEW.options, source: 'profile' } },
          },
        }),
      );
      await screen.findByRole('list', { name: 'Rows of the file' });
      expect(screen.getByRole('button', { name: 'Hide' }).getAttribute('aria-expanded')).toBe('true');
      fireEvent.click(screen.getByRole('button', { name: 'Detect from the file instead' }));
      await waitFor(() => expect(previewOptions(calls)).toHaveLength(2));
      expect(previewOptions(calls)[1]).toEqual({ pocketId: 1, csv: {} });
    } finally {
      phone.mockRestore();
    }
  });
});
