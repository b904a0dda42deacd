import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { quickRange } from '../../components/interval';
import { setToken } from '../../lib/token';
import { fakeToken, REGISTERED_USER, renderApp, stubApi } from '../../test/render';

// Issue 32: balance history and the dashboard's net-worth chart were a day off away from UTC. The
// server's points are UTC days, so the web sends the user's calendar days as UTC day bounds (as
// multi-period does): the first point is the first day the user picked, the last is their today.

const HISTORY = { dates: ['2026-01-01'], available: [1], loaned: [0], businesspending: [0], networth: [1] };

/** "YYYY-MM-DD" of a date in the local time zone. */
const localDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

function api() {
  return stubApi({
    'GET account/userinfo': { status: 200, body: REGISTERED_USER },
    'GET account/onboarding': { status: 200, body: { steps: [] } },
    'POST analytics/balance-history': { status: 200, body: HISTORY },
    'POST analytics/oneperiod': { status: 200, body: [] },
    'POST analytics/balances': { status: 200, body: [] },
    'POST analytics/cashflow': { status: 200, body: [] },
    'POST analytics/multiperiod': { status: 200, body: [{ name: 'dates', values: ['2026-01'] }] },
    'GET fixpoint/getlast': { status: 200, body: null },
  });
}

/** The bodies of every balance-history request made so far. */
const historyBodies = (calls: ReturnType<typeof stubApi>) =>
  calls.filter((c) => c.key === 'POST analytics/balance-history').map((c) => c.body);

// East of UTC (UTC+13 in the southern summer, +12 in winter) and west of it (UTC-8 / -7): the
// local midnight of a day is the previous UTC day east of UTC, and the end of a day the next one west.
describe.each(['Pacific/Auckland', 'America/Los_Angeles'])('balance history in %s', (zone) => {
  beforeEach(() => {
    vi.stubEnv('TZ', zone);
    setToken(fakeToken());
  });
  afterEach(() => vi.unstubAllEnvs());

  it('the time zone is in force', () => {
    expect(new Date(2026, 0, 1).getTimezoneOffset()).not.toBe(0);
  });

  it("the dashboard's net-worth chart asks for the user's last 12 calendar months as UTC days", async () => {
    const calls = api();
    renderApp('/private/dashboard');
    await screen.findByTestId('dashboard-networth');
    const year = quickRange('1 Y');
    await waitFor(() => expect(historyBodies(calls).length).toBeGreaterThan(0));
    expect(historyBodies(calls)).toContainEqual({
      start: `${localDay(year.start)}T00:00:00.000Z`,
      end: `${localDay(year.end)}T23:59:59.999Z`,
    });
  });

  it("analytics' balance history asks for the picked calendar days as UTC days", async () => {
    const calls = api();
    renderApp('/private/analytics/multiperiod');
    fireEvent.click(await screen.findByRole('tab', { name: 'Balance history' }));
    expect(await screen.findByTestId('balance-history-chart')).toBeTruthy();
    const bodies = historyBodies(calls);
    expect(bodies).toHaveLength(1);
    // The default trend interval (analytics' defaultTrend): the last 12 calendar months, this one so far.
    const today = new Date();
    expect(bodies[0]).toEqual({
      start: `${localDay(new Date(today.getFullYear(), today.getMonth() - 11, 1))}T00:00:00.000Z`,
      end: `${localDay(today)}T23:59:59.999Z`,
    });
  });
});
