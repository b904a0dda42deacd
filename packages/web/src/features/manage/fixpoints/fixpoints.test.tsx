import { formatDate, formatTime } from '@kassa/money';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../../lib/token';
import { fakeToken, renderApp, stubApi } from '../../../test/render';
import { USER } from '../test/fixtures';

describe('manage/fixpoint', () => {
  beforeEach(() => setToken(fakeToken()));
  it('lists every fixpoint newest first with date and time; a row opens its editor', async () => {
    const older = '2025-03-01T08:05:00.000Z';
    const newer = '2026-10-31T17:45:00.000Z';
    const calls = stubApi({
      'GET account/userinfo': { status: 200, body: USER },
      'POST fixpoint/getbetween': {
        status: 200,
        body: [
          { id: 4, time: older },
          { id: 9, time: newer },
        ],
      },
    });
    const router = renderApp('/private/manage/fixpoint');
    const table = await screen.findByRole('table', { name: 'Fixpoints' });
    await within(table).findByText(formatDate(new Date(newer)));
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      `${formatDate(new Date(newer))}${formatTime(new Date(newer))}`,
      `${formatDate(new Date(older))}${formatTime(new Date(older))}`,
    ]);
    const asked = calls.find((c) => c.key === 'POST fixpoint/getbetween')?.body as { start: string; end: string };
    expect(Date.parse(asked.start)).toBeLessThanOrEqual(Date.parse(older));
    expect(Date.parse(asked.end)).toBeGreaterThan(Date.now());
    fireEvent.click(rows[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/edit-fixpoint/9'));
  });

  it('says when there are no fixpoints', async () => {
    stubApi({
      'GET account/userinfo': { status: 200, body: USER },
      'POST fixpoint/getbetween': { status: 200, body: [] },
    });
    renderApp('/private/manage/fixpoint');
    expect(await screen.findByText('No fixpoints yet')).toBeTruthy();
  });
});
