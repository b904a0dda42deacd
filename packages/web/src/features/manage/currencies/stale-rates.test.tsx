import type { RatesStatus } from '@kassa/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../../lib/token';
import { fakeToken, renderApp, stubApi } from '../../../test/render';
import { SUPPORTED, USER } from '../test/fixtures';

// Issue 32: a newcomer saw rates 59 days old beside "converted at today's rate" with no warning;
// the failed refresh was only in the server log. Every rates caption now says so, with the cause.

const NEWEST = '2026-09-30';
const FAILED: RatesStatus = {
  newestDay: NEWEST,
  stale: true,
  lastRefresh: { at: '2026-11-28T06:00:05.000Z', ok: false, error: 'ECB feed: unreachable, ECONNREFUSED' },
};
/** How old the newest rates are today (UTC days), as the warning counts. */
const age = () => Math.round((Date.parse(new Date().toISOString().slice(0, 10)) - Date.parse(NEWEST)) / 86_400_000);
const expected = () =>
  `Rates are from 2026.09.30, ${age()} days old: the last refresh failed (ECB feed: unreachable, ECONNREFUSED). Converted figures may be off.`;

function api(status: RatesStatus | undefined) {
  return stubApi({
    'GET account/userinfo': { status: 200, body: USER },
    'GET currency/supported': { status: 200, body: SUPPORTED },
    'GET currency/usersall': {
      status: 200,
      body: ['EUR', 'HUF'].map((code) => ({ code, lastUsed: '2026-11-01T10:00:00.000Z' })),
    },
    'GET exrate/get-daily': {
      status: 200,
      body: [
        { toCurrency: 'EUR', rate: 1, legs: [] },
        { toCurrency: 'HUF', rate: 401.25, legs: [{ currency: 'HUF', day: NEWEST, rate: '401.25', source: 'ecb' }] },
      ],
    },
    'POST exrate/used': {
      status: 200,
      body: {
        currencies: [{ currency: 'HUF', rates: [{ day: NEWEST, rate: '401.25', source: 'ecb' }] }],
        ...(status === undefined ? {} : { status }),
      },
    },
    'GET account/onboarding': { status: 200, body: { steps: [] } },
    'POST analytics/balances': { status: 200, body: [] },
    'POST analytics/cashflow': { status: 200, body: [] },
    'POST analytics/oneperiod': { status: 200, body: [] },
    'POST analytics/balance-history': {
      status: 200,
      body: { dates: [], available: [], loaned: [], businesspending: [], networth: [] },
    },
    'GET fixpoint/getlast': { status: 200, body: null },
  });
}

describe('stale rates are flagged where rates are captioned (issue 32)', () => {
  beforeEach(() => setToken(fakeToken()));

  it("the currencies page warns beside today's rates, with the refresh's failure", async () => {
    api(FAILED);
    renderApp('/private/manage/currency');
    const caption = await screen.findByText(/the latest stored for each currency/);
    expect(caption.textContent).toBe('Rates of 2026.09.30. (live feed: ECB), the latest stored for each currency.');
    const warning = await screen.findByRole('status');
    expect(warning.textContent).toBe(expected());
    expect(age()).toBeGreaterThan(50);
  });

  it("the dashboard's balances and month cash flow warn above their rates captions", async () => {
    api(FAILED);
    renderApp('/private/dashboard');
    for (const name of ['dashboard-balances', 'dashboard-cashflow']) {
      await waitFor(() => expect(document.querySelector(`[data-rate-provenance="${name}"]`)).not.toBeNull());
      const block = document.querySelector(`[data-rate-provenance="${name}"]`) as HTMLElement;
      expect(within(block).getByRole('status').textContent).toBe(expected());
    }
  });

  it('says so when no refresh ran', async () => {
    api({ newestDay: NEWEST, stale: true });
    renderApp('/private/manage/currency');
    expect((await screen.findByRole('status')).textContent).toBe(
      `Rates are from 2026.09.30, ${age()} days old: no rates refresh has run on this server. Converted figures may be off.`,
    );
  });

  it('shows no warning for fresh rates', async () => {
    const calls = api({ ...FAILED, stale: false });
    renderApp('/private/manage/currency');
    await screen.findByText(/the latest stored for each currency/);
    // exrate/used has answered (and its answer is rendered) before the warning is looked for.
    await waitFor(() => expect(calls.some((c) => c.key === 'POST exrate/used')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('[data-stale-rates]')).toBeNull();
  });
});
