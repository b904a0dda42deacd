import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/token';
import { fakeToken, REGISTERED_USER, renderApp, stubApi } from '../../test/render';

const BACKGROUND = { 'GET account/userinfo': { status: 200, body: REGISTERED_USER } };
const DOCUMENT = {
  format: 'kassa-backup',
  version: 1,
  currencies: [{}, {}],
  pockets: [{}],
  categories: [{}, {}, {}],
  transactions: [{}, {}, {}, {}],
  conversions: [{}],
  fixpoints: [{}, {}],
};
const COUNTS = {
  currencies: 2,
  pockets: 1,
  categories: 3,
  transactions: 4,
  conversions: 1,
  fixpoints: 2,
  rules: 0,
  imports: 0,
  schedules: 0,
  settlements: 0,
};

/** Catches what the download helper hands the browser: the object URL's blob and the link's file name. */
function stubDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  let blob: Blob | undefined;
  URL.createObjectURL = vi.fn((b: Blob) => {
    blob = b;
    return 'blob:kassa/1';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (blob !== undefined) saved.push({ name: this.download, blob });
  });
  return saved;
}

function pickFile(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (input === null) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}

const jsonFile = (content: string, name = 'kassa-backup-2026-11-23.json') =>
  new File([content], name, { type: 'application/json' });

describe('the Data tab of the user page', () => {
  beforeEach(() => setToken(fakeToken()));
  afterEach(() => vi.restoreAllMocks());

  it('offers download, hledger export and restore, each explained, and saves the backup under the server’s name', async () => {
    const saved = stubDownloads();
    const calls = stubApi({
      ...BACKGROUND,
      'GET backup/get': {
        status: 200,
        body: DOCUMENT,
        headers: { 'content-disposition': 'attachment; filename="kassa-backup-2026-11-23.json"' },
      },
      'GET export/hledger': {
        status: 200,
        body: '; kassa\n',
        headers: {
          'content-type': 'text/plain',
          'content-disposition': 'attachment; filename="kassa-2026-11-23.journal"',
        },
      },
    });
    renderApp('/private/user/data');
    expect((await screen.findByRole('tab', { name: 'Data' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText(/Everything you own in one JSON file/)).toBeTruthy();
    expect(screen.getByText(/plain-text journal for hledger/)).toBeTruthy();
    expect(screen.getByText(/Load a backup file/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Restore from backup' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Download backup' }));
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['kassa-backup-2026-11-23.json']));
    expect(JSON.parse(await (saved[0] as { blob: Blob }).blob.text())).toEqual(DOCUMENT);
    const backupCall = calls.find((c) => c.key === 'GET backup/get');
    expect(backupCall?.headers['authorization']).toMatch(/^Bearer /);

    fireEvent.click(screen.getByRole('button', { name: 'Export for hledger' }));
    await waitFor(() => expect(saved.map((s) => s.name)).toContain('kassa-2026-11-23.journal'));
  });

  it('says so when the picked file is not JSON, and sends nothing', async () => {
    const calls = stubApi(BACKGROUND);
    renderApp('/private/user/data');
    await screen.findByRole('button', { name: 'Restore from backup' });
    pickFile(jsonFile('this is not json', 'notes.json'));
    expect(await screen.findByText('notes.json is not a backup: it is not a JSON file')).toBeTruthy();
    expect(calls.some((c) => c.key.startsWith('POST backup/restore'))).toBe(false);
  });

  it('restores into an empty account at once and tells the counts', async () => {
    const calls = stubApi({ ...BACKGROUND, 'POST backup/restore': { status: 200, body: COUNTS } });
    renderApp('/private/user/data');
    await screen.findByRole('button', { name: 'Restore from backup' });
    pickFile(jsonFile(JSON.stringify(DOCUMENT)));
    expect(
      await screen.findByText(
        'Backup restored: 4 transactions, 1 conversion, 2 fixpoints, 1 pocket, 3 categories and 2 currencies',
      ),
    ).toBeTruthy();
    expect(calls.filter((c) => c.key.startsWith('POST backup/restore')).map((c) => c.body)).toEqual([DOCUMENT]);
    // The main currency may have changed with the books: the user info is asked again.
    const restoredAt = calls.findIndex((c) => c.key === 'POST backup/restore');
    await waitFor(() => expect(calls.slice(restoredAt).some((c) => c.key === 'GET account/userinfo')).toBe(true));
  });

  it('names the category rules and schedules a backup brought back', async () => {
    stubApi({ ...BACKGROUND, 'POST backup/restore': { status: 200, body: { ...COUNTS, rules: 1, schedules: 2 } } });
    renderApp('/private/user/data');
    await screen.findByRole('button', { name: 'Restore from backup' });
    pickFile(jsonFile(JSON.stringify({ ...DOCUMENT, version: 4, rules: [{}], schedules: [{}, {}] })));
    expect(
      await screen.findByText(
        'Backup restored: 4 transactions, 1 conversion, 2 fixpoints, 1 pocket, 3 categories, 2 currencies, 1 category rule and 2 schedules',
      ),
    ).toBeTruthy();
  });

  it('asks before replacing books, naming both sides, and confirming restores with replace=true', async () => {
    const calls = stubApi({
      ...BACKGROUND,
      'POST backup/restore': {
        status: 409,
        body: {
          type: 'conflict',
          message:
            'The account already has books (11 transactions, 1 conversion); restore with replace=true to replace them',
        },
      },
      'POST backup/restore?replace=true': { status: 200, body: COUNTS },
    });
    renderApp('/private/user/data');
    await screen.findByRole('button', { name: 'Restore from backup' });
    pickFile(jsonFile(JSON.stringify(DOCUMENT)));
    const dialog = await screen.findByRole('dialog', { name: 'Replace your books?' });
    expect(dialog.textContent).toContain(
      "Your books (11 transactions, 1 conversion) will be replaced by the backup's 4 transactions, 1 conversion and 2 fixpoints.",
    );
    // The 409 is a question, not an error toast.
    expect(screen.queryByText(/restore with replace=true/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(/^Backup restored: 4 transactions/)).toBeTruthy();
    expect(calls.filter((c) => c.key.startsWith('POST backup/restore')).map((c) => c.key)).toEqual([
      'POST backup/restore',
      'POST backup/restore?replace=true',
    ]);
    expect(calls.find((c) => c.key === 'POST backup/restore?replace=true')?.body).toEqual(DOCUMENT);
  });

  it('replaces nothing when the confirmation is cancelled', async () => {
    const calls = stubApi({
      ...BACKGROUND,
      'POST backup/restore': {
        status: 409,
        body: { type: 'conflict', message: 'The account already has books (1 transaction); restore with replace=true' },
      },
    });
    renderApp('/private/user/data');
    await screen.findByRole('button', { name: 'Restore from backup' });
    pickFile(jsonFile(JSON.stringify(DOCUMENT)));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.key.startsWith('POST backup/restore'))).toHaveLength(1);
  });

  it('warns the demo user', async () => {
    stubApi({
      ...BACKGROUND,
      'POST backup/restore': { status: 403, body: { type: 'demo', message: 'Not allowed for demo user' } },
    });
    renderApp('/private/user/data');
    await screen.findByRole('button', { name: 'Restore from backup' });
    pickFile(jsonFile(JSON.stringify(DOCUMENT)));
    expect(await screen.findByText('Not allowed for demo user')).toBeTruthy();
  });
});
