import type { ImportPreview } from '@kassa/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/token';
import { fakeToken, REGISTERED_USER, renderApp, stubApi } from '../../test/render';
import { BATCHES, CATEGORIES, POCKETS, PREVIEW, SCHEDULED_PREVIEW } from './test-fixtures';

type Answers = Parameters<typeof stubApi>[0];

const RESULT = {
  batchId: 41,
  imported: 2,
  skipped: 1,
  duplicates: 1,
  transfers: 1,
  conversions: 0,
  fixpointId: null,
  importedSincePreview: 0,
};

const base = (more: Answers = {}): Answers => ({
  'GET account/userinfo': { status: 200, body: REGISTERED_USER },
  'GET category/getall': { status: 200, body: CATEGORIES },
  'GET pocket/getall': { status: 200, body: POCKETS },
  'GET import/getall': { status: 200, body: BATCHES },
  'POST import/preview': { status: 200, body: PREVIEW },
  'POST import/commit/41': { status: 200, body: RESULT },
  ...more,
});

const csvFile = () => new File(['Buchungstag;Betrag\n02.03.2026;-23,45\n'], 'umsatz.csv', { type: 'text/csv' });

function pickFile(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (input === null) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}

/** The options field of each import/preview request, parsed. */
function previewOptions(calls: ReturnType<typeof stubApi>): unknown[] {
  return calls
    .filter((c) => c.key === 'POST import/preview')
    .map((c) => JSON.parse((c.body as FormData).get('options') as string) as unknown);
}

/** Opens a Mantine select by its accessible name and clicks one of its options. */
async function choose(name: string | RegExp, option: string) {
  const input = screen.getByRole('combobox', { name });
  fireEvent.click(input);
  const listbox = await waitFor(() => {
    const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
    expect(list?.querySelector('[role="option"]')).toBeTruthy();
    return list as HTMLElement;
  });
  fireEvent.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}

/** Opens the screen, picks the file and waits for its rows. */
async function openWithFile(answers: Answers = base()) {
  const calls = stubApi(answers);
  renderApp('/private/import');
  await screen.findByRole('button', { name: 'Choose a file' });
  pickFile(csvFile());
  await screen.findByRole('table', { name: 'Rows of the file' });
  return calls;
}

const row = (line: number) => {
  const found = document.querySelector<HTMLElement>(`[data-line="${line}"]`);
  if (found === null) throw new Error(`no row of line ${line}`);
  return found;
};

async function commitBody(calls: ReturnType<typeof stubApi>) {
  fireEvent.click(screen.getByRole('button', { name: 'Import' }));
  await screen.findByRole('heading', { name: 'Import finished' });
  return calls.find((c) => c.key === 'POST import/commit/41')?.body;
}

// Whole screens with their lazy chunks, and a hundred rows a page: more than the default 5 s on a busy machine.
describe('private/import: the bank-file import', { timeout: 20_000 }, () => {
  beforeEach(() => setToken(fakeToken()));

  it('is in the sidebar and opens with the pocket picker, the drop area and the earlier imports', async () => {
    stubApi(base());
    renderApp('/private/import');
    expect(await screen.findByRole('heading', { name: 'Import', level: 1 })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(nav).getByRole('link', { name: 'Import' }).getAttribute('href')).toBe('/private/import');
    expect(screen.getByRole('combobox', { name: 'Pocket' })).toBeTruthy();
    expect(screen.getByText('Drop your bank’s file here')).toBeTruthy();
    const history = await screen.findByRole('list', { name: 'Earlier imports' });
    // Committed and undone batches; a preview never imported is left out.
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((i) => i.getAttribute('data-batch')),
    ).toEqual(['40', '39']);
    expect(within(history).getByText('12 rows in the file, 11 imported · Girokonto')).toBeTruthy();
    expect(within(history).getByText('Undone')).toBeTruthy();
    expect(within(history).getAllByRole('button', { name: /^Undo/ })).toHaveLength(1);
  });

  it('uploads the file with its options and shows every row with its status, reason, amount and suggestion', async () => {
    const calls = await openWithFile();
    const upload = calls.find((c) => c.key === 'POST import/preview');
    const form = upload?.body as FormData;
    expect((form.get('file') as File).name).toBe('umsatz.csv');
    expect(previewOptions(calls)).toEqual([{}]); // two pockets: none chosen, the server decides
    expect(upload?.headers['authorization']).toMatch(/^Bearer /);

    expect(within(row(2)).getByText('New')).toBeTruthy();
    expect(within(row(2)).getByText('- 23.45 €')).toBeTruthy();
    expect(within(row(2)).getByText('REWE Markt')).toBeTruthy();
    expect(within(row(2)).getByText('Suggested by a rule')).toBeTruthy();
    expect(within(row(2)).getByRole<HTMLSelectElement>('combobox', { name: 'Category of line 2' }).value).toBe('11');
    expect(within(row(5)).getByText('Duplicate')).toBeTruthy();
    expect(within(row(5)).getByText('line 5: the same row was imported before')).toBeTruthy();
    expect(within(row(6)).getByText('Error')).toBeTruthy();
    expect(within(row(6)).getByText('line 6, amount: "2.500,00,1" is not a number')).toBeTruthy();
    expect(within(row(6)).queryByRole('combobox')).toBeNull();
    expect(row(4).querySelector('[data-pair]')?.textContent).toBe(
      '↔ Transfer with Savings, 2026.03.04., 500.00 €Not a pair',
    );
    expect(screen.getByText('3 new · 1 duplicate · 1 error')).toBeTruthy();
    expect(screen.getByText('This import changes the error of 2 fixpoints, from 2026.03.15.')).toBeTruthy();
    expect(
      screen.getByRole('checkbox', {
        name: 'Save the statement’s closing balance (1 234.56 € on 2026.03.31.) as a fixpoint',
      }),
    ).toBeTruthy();
    expect(screen.getByText(/2 rows will be imported, 1 row is a transfer between your pockets/)).toBeTruthy();

    // The detected settings, and the file's first rows with every column.
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Delimiter' }).value).toBe('Semicolon (;)');
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Encoding' }).value).toBe('Windows-1252 (Western)');
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: /^Payee/ }).value).toBe('Empfänger');
    const raw = screen.getByRole('table', { name: 'The file’s first rows' });
    expect(within(raw).getAllByRole('columnheader')).toHaveLength(5);
    expect(within(raw).getByText('1.000,00')).toBeTruthy();
  });

  it('sends a changed category and a skipped row in the commit, then shows the summary and refreshes the books', async () => {
    const calls = await openWithFile();
    const picker = screen.getByRole('combobox', { name: 'Category of line 3' });
    // Only the row's own direction, active categories.
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Uncategorized', 'Groceries', 'Rent']);
    fireEvent.change(picker, { target: { value: '13' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Skip line 2' }));
    const before = calls.length;
    expect(await commitBody(calls)).toEqual({
      rows: [
        { line: 2, skip: true },
        { line: 3, categoryId: 13 },
      ],
    });
    const summary = screen.getByRole('list', { name: 'Import result' });
    expect(within(summary).getByText('Imported').nextSibling?.textContent).toBe('2');
    expect(within(summary).getByText('Transfers between pockets').nextSibling?.textContent).toBe('1');
    expect(screen.getByRole('link', { name: 'Show transactions' }).getAttribute('href')).toBe('/private/transactions');
    // The ledger views load again (the pocket list is one of them), and so does the history.
    await waitFor(() => expect(calls.slice(before).some((c) => c.key === 'GET pocket/getall')).toBe(true));
    await waitFor(() => expect(calls.slice(before).some((c) => c.key === 'GET import/getall')).toBe(true));
    // A committed batch is no preview to discard, also when the user goes on to another file.
    fireEvent.click(screen.getByRole('button', { name: /another file/i }));
    expect(calls.some((c) => c.key.startsWith('DELETE import/discard/'))).toBe(false);
  });

  it('imports a duplicate anyway with skip:false', async () => {
    const calls = await openWithFile();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Import anyway (line 5)' }));
    expect(within(row(5)).getByText('Imported anyway')).toBeTruthy();
    expect(await commitBody(calls)).toEqual({ rows: [{ line: 5, skip: false }] });
  });

  it('rejects a proposed pair with match:false, the row then taking a category', async () => {
    const calls = await openWithFile();
    expect(within(row(4)).queryByRole('combobox')).toBeNull();
    expect(within(row(4)).getByText('No category: a transfer between your pockets')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Not a pair (line 4)' }));
    await within(row(4)).findByRole('combobox', { name: 'Category of line 4' });
    expect(screen.getByText(/3 rows will be imported;/)).toBeTruthy();
    expect(await commitBody(calls)).toEqual({ rows: [{ line: 4, match: false }] });
  });

  it('shows a row that confirms a due scheduled entry, and confirms it by default', async () => {
    const calls = await openWithFile(base({ 'POST import/preview': { status: 200, body: SCHEDULED_PREVIEW } }));
    const line = row(7);
    expect(within(line).getByText('Confirms a schedule')).toBeTruthy();
    expect(line.querySelector('[data-schedule]')?.getAttribute('data-schedule')).toBe('confirm');
    expect(line.querySelector('[data-schedule]')?.textContent).toBe(
      'Confirms scheduled: Rent · due 2026.03.02. · 50.00 €Confirm the schedule',
    );
    expect(
      within(line).getByRole<HTMLInputElement>('checkbox', { name: 'Confirm the schedule (line 7)' }).checked,
    ).toBe(true);
    // The schedule's category, said where it came from.
    expect(within(line).getByRole<HTMLSelectElement>('combobox', { name: 'Category of line 7' }).value).toBe('13');
    expect(within(line).getByText('As the scheduled entry')).toBeTruthy();
    expect(screen.getByText('4 new · 1 duplicate · 1 error · 1 confirms a scheduled entry')).toBeTruthy();
    expect(
      screen.getByText(/^3 rows will be imported \(1 confirms a scheduled entry\), 1 row is a transfer/),
    ).toBeTruthy();
    // Other rows say nothing of schedules; the filter shows only this one.
    expect(within(row(3)).queryByText(/schedule/i)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Scheduled 1' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Rows of the file' })).getAllByRole('row')).toHaveLength(2),
    );
    // Confirming is what the preview proposed: nothing to send for it.
    expect(await commitBody(calls)).toEqual({});
  });

  it('declines the proposed schedule with schedule:false, and a skipped row confirms nothing', async () => {
    const calls = await openWithFile(base({ 'POST import/preview': { status: 200, body: SCHEDULED_PREVIEW } }));
    const box = () => within(row(7)).getByRole<HTMLInputElement>('checkbox', { name: 'Confirm the schedule (line 7)' });

    fireEvent.click(within(row(7)).getByRole('checkbox', { name: 'Skip line 7' }));
    expect(box().disabled).toBe(true);
    expect(within(row(7)).queryByText('Confirms a schedule')).toBeNull();
    expect(screen.getByText(/^2 rows will be imported, 1 row is a transfer/)).toBeTruthy();
    fireEvent.click(within(row(7)).getByRole('checkbox', { name: 'Skip line 7' }));

    fireEvent.click(box());
    expect(box().checked).toBe(false);
    expect(row(7).querySelector('[data-schedule]')?.getAttribute('data-schedule')).toBe('own');
    expect(within(row(7)).queryByText('Confirms a schedule')).toBeNull();
    expect(screen.getByText(/^3 rows will be imported, 1 row is a transfer/)).toBeTruthy();
    // The proposal itself still counts in the preview's figures.
    expect(screen.getByText('4 new · 1 duplicate · 1 error · 1 confirms a scheduled entry')).toBeTruthy();
    expect(await commitBody(calls)).toEqual({ rows: [{ line: 7, schedule: false }] });
  });

  it('shows the schedule match as a card on a phone', async () => {
    // Every max-width query matches: a phone.
    const real = window.matchMedia.bind(window);
    const phone = vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
      const list = real(query);
      Object.defineProperty(list, 'matches', { value: query.includes('max-width') });
      return list;
    });
    try {
      stubApi(base({ 'POST import/preview': { status: 200, body: SCHEDULED_PREVIEW } }));
      renderApp('/private/import');
      await screen.findByRole('button', { name: 'Choose a file' });
      pickFile(csvFile());
      const list = await screen.findByRole('list', { name: 'Rows of the file' });
      const card = within(list)
        .getAllByRole('listitem')
        .find((i) => i.getAttribute('data-line') === '7');
      expect(card?.textContent).toContain('Confirms scheduled: Rent · due 2026.03.02. · 50.00 €');
      expect(within(card as HTMLElement).getByRole('checkbox', { name: 'Confirm the schedule (line 7)' })).toBeTruthy();
    } finally {
      phone.mockRestore();
    }
  });

  it('creates a rule from a row, then reads the file again keeping the choices made', async () => {
    let batch = 41;
    const calls = await openWithFile(
      base({
        'POST import/preview': () => ({ status: 200, body: { ...PREVIEW, batchId: batch++ } }),
        'GET currency/usersall': { status: 200, body: [{ code: 'EUR', lastUsed: '2026-03-01' }] },
        'POST rule/add': (body) => ({ status: 200, body: { id: 9, position: 0, ...(body as object) } }),
        'GET rule/getall': { status: 200, body: [] },
      }),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Skip line 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create a rule from line 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'New rule' });
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: /^Pattern/ }).value).toBe('REWE Markt');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST rule/add')).toBe(true));
    expect(calls.find((c) => c.key === 'POST rule/add')?.body).toMatchObject({ pattern: 'REWE Markt', categoryId: 11 });
    await waitFor(() => expect(previewOptions(calls)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New rule' })).toBeNull());
    // The new preview (batch 42) keeps the row skipped, and the commit goes to it.
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Skip line 3' }).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST import/commit/42')).toBe(true));
    expect(calls.find((c) => c.key === 'POST import/commit/42')?.body).toEqual({ rows: [{ line: 3, skip: true }] });
  });

  it('saves the closing balance as a fixpoint when asked', async () => {
    const calls = await openWithFile();
    fireEvent.click(screen.getByRole('checkbox', { name: /^Save the statement’s closing balance/ }));
    expect(await commitBody(calls)).toEqual({ fixpoint: true });
  });

  it('shows the server’s message when it can not read the file', async () => {
    stubApi(
      base({
        'POST import/preview': {
          status: 415,
          body: { type: 'unsupported_media_type', message: 'umsatz.csv is no bank file Kassa reads' },
        },
      }),
    );
    renderApp('/private/import');
    await screen.findByRole('button', { name: 'Choose a file' });
    pickFile(csvFile());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('umsatz.csv is no bank file Kassa reads');
    expect(screen.queryByRole('table', { name: 'Rows of the file' })).toBeNull();
  });

  it('shows how the upload goes, then that the server is reading the file', async () => {
    stubApi(base());
    // The server takes its time over the file.
    const answer = globalThis.fetch;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    globalThis.fetch = async (input, init) => {
      if (typeof input === 'string' && input.endsWith('/import/preview')) await held;
      return answer(input, init);
    };
    renderApp('/private/import');
    await screen.findByRole('button', { name: 'Choose a file' });
    pickFile(csvFile());
    expect(await screen.findByRole('progressbar', { name: 'Reading the file' })).toBeTruthy();
    expect(screen.getByText(/^Reading umsatz.csv \(\d+ B\)…$/)).toBeTruthy();
    release();
    await screen.findByRole('table', { name: 'Rows of the file' });
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('refuses a file above 50 MB without sending it', async () => {
    const calls = stubApi(base());
    renderApp('/private/import');
    await screen.findByRole('button', { name: 'Choose a file' });
    const big = csvFile();
    Object.defineProperty(big, 'size', { value: 60 * 1024 * 1024 });
    pickFile(big);
    expect((await screen.findByRole('alert')).textContent).toContain('a file may have at most 50 MB');
    expect(calls.some((c) => c.key === 'POST import/preview')).toBe(false);
  });

  it('reads the file again when a setting or the mapping changes, sending what the change keeps', async () => {
    let batch = 41;
    const calls = await openWithFile(
      base({ 'POST import/preview': () => ({ status: 200, body: { ...PREVIEW, batchId: batch++ } }) }),
    );
    await choose('Date format', 'DD/MM/YYYY (31/03/2024)');
    await waitFor(() => expect(previewOptions(calls)).toHaveLength(2));
    expect(previewOptions(calls)[1]).toEqual({
      format: 'csv',
      encoding: 'windows-1252',
      csv: {
        delimiter: ';',
        decimalSeparator: ',',
        thousandsSeparator: '.',
        dateFormat: 'DD/MM/YYYY',
        skipLines: 0,
        columns: { date: 0, amount: 3, payee: 1, description: 2 },
      },
    });
    await screen.findByText('3 new · 1 duplicate · 1 error');

    await choose(/^Description/, 'Saldo');
    await waitFor(() => expect(previewOptions(calls)).toHaveLength(3));
    expect(previewOptions(calls)[2]).toMatchObject({
      csv: { columns: { date: 0, amount: 3, payee: 1, description: 4 } },
    });

    // Another delimiter: the layout and the columns are detected again.
    await choose('Delimiter', 'Comma (,)');
    await waitFor(() => expect(previewOptions(calls)).toHaveLength(4));
    expect(previewOptions(calls)[3]).toEqual({ format: 'csv', encoding: 'windows-1252', csv: { delimiter: ',' } });

    // Each preview replaced by a newer one is discarded on the server; Cancel discards the last.
    await waitFor(() =>
      expect(calls.filter((c) => c.key.startsWith('DELETE import/discard/')).map((c) => c.key)).toEqual([
        'DELETE import/discard/41',
        'DELETE import/discard/42',
        'DELETE import/discard/43',
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'DELETE import/discard/44')).toBe(true));
  });

  it('waits for both debit and credit before reading the file again', async () => {
    const calls = await openWithFile();
    fireEvent.click(screen.getByRole('radio', { name: 'Debit and credit columns' }));
    expect(await screen.findByText('Choose the amount’s columns to read the rows again.')).toBeTruthy();
    await choose(/^Debit/, 'Betrag');
    await choose(/^Credit/, 'Saldo');
    await waitFor(() => expect(previewOptions(calls)).toHaveLength(2));
    expect(previewOptions(calls)[1]).toMatchObject({ csv: { columns: { date: 0, debit: 3, credit: 4 } } });
  });

  it('is reached from the transaction list, beside Export CSV', async () => {
    stubApi(base({ 'POST transaction/getfiltered': { status: 200, body: [] } }));
    const router = renderApp('/private/transactions');
    const exportCsv = await screen.findByRole('button', { name: 'Export CSV' });
    const link = within(exportCsv.parentElement as HTMLElement).getByRole('link', { name: 'Import' });
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/import'));
  });

  it('preselects the only pocket', async () => {
    const [only] = POCKETS;
    const calls = stubApi(base({ 'GET pocket/getall': { status: 200, body: [only] } }));
    renderApp('/private/import');
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Pocket' }).value).toBe('Girokonto (EUR)'),
    );
    pickFile(csvFile());
    await screen.findByRole('table', { name: 'Rows of the file' });
    expect(previewOptions(calls)).toEqual([{ pocketId: 1 }]);
  });

  it('asks before undoing an import, and undoes only after Yes', async () => {
    const calls = stubApi(
      base({ 'POST import/undo/40': { status: 200, body: { batchId: 40, removed: 11, restored: 0 } } }),
    );
    renderApp('/private/import');
    const undo = await screen.findByRole('button', { name: 'Undo the import of umsatz-februar.csv' });
    fireEvent.click(undo);
    const dialog = await screen.findByRole('dialog', { name: 'Undo this import?' });
    expect(dialog.textContent).toContain('The 11 rows imported from umsatz-februar.csv on');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.key === 'POST import/undo/40')).toBe(false);

    fireEvent.click(undo);
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Undo this import?' })).getByRole('button', { name: 'Yes' }),
    );
    expect(await screen.findByText('Import undone: 11 rows removed')).toBeTruthy();
    expect(calls.filter((c) => c.key === 'POST import/undo/40')).toHaveLength(1);
  });

  it('pages a long file a hundred rows at a time and filters by status', async () => {
    const rows = Array.from({ length: 150 }, (_x, i) => ({
      ...PREVIEW.rows[1],
      line: i + 2,
      payee: `Shop ${i + 2}`,
      status: i % 50 === 0 ? ('duplicate' as const) : ('new' as const),
    })) as ImportPreview['rows'];
    await openWithFile(
      base({
        'POST import/preview': {
          status: 200,
          body: { ...PREVIEW, rows, counts: { new: 147, duplicate: 3, error: 0 } },
        },
      }),
    );
    const table = screen.getByRole('table', { name: 'Rows of the file' });
    expect(within(table).getAllByRole('row')).toHaveLength(101);
    expect(screen.getByText('Rows 1–100 of 150')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Rows 101–150 of 150')).toBeTruthy();
    expect(within(table).getByText('Shop 151')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Duplicates 3' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
  });
});
