import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubApi } from '../../test/render';

// Issue 32: a real Help page instead of "Help is coming soon.".

describe('public/help', () => {
  it('explains how Kassa counts and lists the topics', async () => {
    stubApi({});
    renderApp('/public/help');
    expect(await screen.findByRole('heading', { name: 'Help', level: 1 })).toBeTruthy();
    expect(screen.queryByText('Help is coming soon.')).toBeNull();
    expect(screen.getByText(/from time to time you tell Kassa what is really there, in a fixpoint/)).toBeTruthy();
    const topics = screen.getByRole('navigation', { name: 'Help topics' });
    expect(
      within(topics)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['How Kassa counts', 'Pockets', 'Fixpoints', 'Conversions', 'Import']);
    expect(within(topics).getByRole('link', { name: 'How Kassa counts' }).getAttribute('aria-current')).toBe('page');
  });

  it('opens a short screen per topic: fixpoints state real balances, unstated pockets carry through', async () => {
    stubApi({});
    const router = renderApp('/public/help');
    const topics = await screen.findByRole('navigation', { name: 'Help topics' });
    fireEvent.click(within(topics).getByRole('link', { name: 'Fixpoints' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/public/help/fixpoints'));
    expect(await screen.findByRole('heading', { name: 'Fixpoints', level: 2 })).toBeTruthy();
    expect(screen.getByText(/The error is the stated balance minus the calculated one/)).toBeTruthy();
    expect(
      screen.getByText(/A pocket that a fixpoint does not state carries through it at its calculated balance/),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Next: Conversions →' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/public/help/conversions'));
    expect(await screen.findByText(/A cost above zero is money lost to the spread and fees/)).toBeTruthy();
  });

  it('tells how statement balances anchor an import, and sends an unknown topic to the start', async () => {
    stubApi({});
    const router = renderApp('/public/help/import');
    expect(await screen.findByText(/Statement balances anchor your history/)).toBeTruthy();
    expect(screen.getByText(/CSV in any bank/)).toBeTruthy();
    router.navigate('/public/help/nonsense').catch(() => undefined);
    await waitFor(() => expect(router.state.location.pathname).toBe('/public/help'));
  });
});
