import { formatDate, formatTime } from '../../../lib/display-format';
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
    const asked = calls.find((c) => c.key === 'POST fixpoint/getbetween')?.body as {
      start: string;
      end: string;
      limit: number;
    };
    expect(Date.parse(asked.start)).toBeLessThanOrEqual(Date.parse(older));
    expect(Date.parse(asked.end)).toBeGreaterThan(Date.now());
    expect(asked.limit).toBe(100);
    // A short page is the whole list.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
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

  it('loads older fixpoints on Load more after the last one shown', async () => {
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1) - i * 86_400_000).toISOString();
    const all = Array.from({ length: 120 }, (_, i) => ({ id: 1000 - i, time: at(i) }));
    const calls = stubApi({
      'GET account/userinfo': { status: 200, body: USER },
      'POST fixpoint/getbetween': (body) => ({
        status: 200,
        body: (body as { after?: unknown }).after === undefined ? all.slice(0, 100) : all.slice(100),
      }),
    });
    renderApp('/private/manage/fixpoint');
    const table = await screen.findByRole('table', { name: 'Fixpoints' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(101));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(121));
    const asked = calls.filter((c) => c.key === 'POST fixpoint/getbetween').map((c) => c.body);
    expect(asked[1]).toMatchObject({ limit: 100, after: { time: at(99), id: 901 } });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows the drift of the last 12 months: per currency the running total and the monthly average', async () => {
    const item = (fixpointId: number, time: string, errorMain: number, cumulative: number) => ({
      fixpointId,
      time,
      error: errorMain,
      errorMain,
      cumulative,
      stated: 0,
      calculated: 0,
      pockets: [],
    });
    const calls = stubApi({
      'GET account/userinfo': { status: 200, body: USER },
      'POST fixpoint/getbetween': { status: 200, body: [{ id: 4, time: '2026-03-01T08:05:00.000Z' }] },
      'POST analytics/fixpoint-drift': {
        status: 200,
        body: {
          currency: 'EUR',
          currencies: [
            {
              currency: 'EUR',
              monthlyAverage: -0.42,
              total: -5,
              items: [item(4, '2026-03-01T08:05:00.000Z', -5, -5)],
            },
            {
              currency: 'USD',
              monthlyAverage: 0.17,
              total: 2,
              items: [item(4, '2026-03-01T08:05:00.000Z', 1.84, 1.84)],
            },
          ],
        },
      },
    });
    renderApp('/private/manage/fixpoint');
    const card = await screen.findByTestId('fixpoint-drift');
    await within(card).findByText('EUR');
    const figure = (name: string) => card.querySelector(`[data-figure="${name}"]`)?.textContent;
    expect(figure('Drift EUR')).toBe('- 5.00 €');
    expect(figure('Monthly drift EUR')).toBe('- 0.42 €');
    expect(figure('Drift USD')).toBe('1.84 €');
    expect(figure('Monthly drift USD')).toBe('0.17 €');
    expect(card.querySelector('[data-row="drift USD"]')?.textContent).toBe(
      'USD1.84 € in the period, 0.17 € a month on average',
    );
    const asked = calls.find((c) => c.key === 'POST analytics/fixpoint-drift')?.body as { start: string; end: string };
    // The last 12 calendar months, this one included.
    const start = new Date(asked.start);
    expect(start.getDate()).toBe(1);
    expect(Date.parse(asked.end)).toBeGreaterThan(Date.now());
  });

  it('says when the fixpoints found nothing, and shows a missing rate as an error', async () => {
    stubApi({
      'GET account/userinfo': { status: 200, body: USER },
      'POST fixpoint/getbetween': { status: 200, body: [] },
      'POST analytics/fixpoint-drift': { status: 200, body: { currency: 'EUR', currencies: [] } },
    });
    renderApp('/private/manage/fixpoint');
    expect(await screen.findByText('No fixpoint errors in this period')).toBeTruthy();
  });
});
