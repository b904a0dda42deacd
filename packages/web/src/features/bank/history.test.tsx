import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../lib/token';
import { fakeToken, REGISTERED_USER, renderApp, stubApi } from '../../test/render';
import { POCKETS } from './test-fixtures';

// Issue 35: the import history lists a bank connection's syncs beside the files, named by provider.

const batch = (over: Record<string, unknown>) => ({
  fileName: 'umsatz-februar.csv',
  format: 'csv',
  status: 'committed',
  pocketIds: [1],
  rows: 12,
  imported: 11,
  createdAt: '2026-03-01T09:00:00.000Z',
  committedAt: '2026-03-01T09:01:00.000Z',
  undoneAt: null,
  createdBy: null,
  source: 'file',
  connectionId: null,
  ...over,
});

describe('the import history', () => {
  beforeEach(() => setToken(fakeToken()));

  it('names a sync batch by its provider, beside a file named by its file', async () => {
    stubApi({
      'GET account/userinfo': { status: 200, body: REGISTERED_USER },
      'GET pocket/getall': { status: 200, body: POCKETS },
      'GET import/getall': {
        status: 200,
        body: [
          batch({
            id: 52,
            fileName: 'First Bank',
            format: 'bank',
            source: 'simplefin',
            connectionId: 5,
            rows: 7,
            imported: 4,
          }),
          batch({
            id: 51,
            fileName: 'Nordea',
            format: 'bank',
            source: 'enablebanking',
            connectionId: 9,
            pocketIds: [3],
          }),
          batch({ id: 50 }),
        ],
      },
    });
    renderApp('/private/import');
    const history = await screen.findByRole('list', { name: 'Earlier imports' });
    const [simplefin, enableBanking, file] = within(history).getAllByRole('listitem');
    const title = (item: HTMLElement | undefined) => item?.querySelector('[data-batch-title]')?.textContent;
    expect(title(simplefin)).toBe('SimpleFIN sync');
    expect(simplefin?.textContent).toContain('First Bank');
    expect(simplefin?.textContent).toContain('7 rows from the bank, 4 imported · Girokonto');
    expect(
      within(simplefin as HTMLElement).getByRole('button', { name: /^Undo the SimpleFIN sync of 2026\.03\.01\./ }),
    ).toBeTruthy();
    expect(title(enableBanking)).toBe('Enable Banking sync');
    expect(enableBanking?.textContent).toContain('US Checking');
    expect(title(file)).toBe('umsatz-februar.csv');
    expect(file?.textContent).toContain('12 rows in the file, 11 imported');
    expect(within(file as HTMLElement).getByText('CSV')).toBeTruthy();
  });
});
