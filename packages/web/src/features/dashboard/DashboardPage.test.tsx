import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../lib/token';
import { fakeToken, REGISTERED_USER, renderApp, stubApi } from '../../test/render';

const asset = (name: string, amount: number, currency = 'EUR') => ({ name, asset: { amount, currency } });

function api(lastFixpoint: { id: number; time: string } | null, income = 3200.55, expense = -3400.1) {
  stubApi({
    'GET account/userinfo': {
      status: 200,
      body: { ...REGISTERED_USER, lastName: '' },
    },
    'POST analytics/balances': {
      status: 200,
      body: [asset('availablenominalmain', 1200.5), asset('available', 5321.25)],
    },
    'POST analytics/cashflow': { status: 200, body: [asset('income', income), asset('expense', expense)] },
    'GET fixpoint/getlast': { status: 200, body: lastFixpoint },
  });
}

describe('the dashboard (spec §2)', () => {
  beforeEach(() => setToken(fakeToken()));
  it('greets by first name and shows balances and this month, saving coloured by sign', async () => {
    api({ id: 1, time: new Date().toISOString() });
    renderApp('/private/dashboard');
    expect(await screen.findByRole('heading', { name: 'Hello Ada!' })).toBeTruthy();
    expect((await screen.findByText('1 200.50 €')).getAttribute('data-figure')).toBe('Available in EUR');
    expect(screen.getByText('5 321.25 €')).toBeTruthy();
    expect(screen.getByText('3 200.55 €')).toBeTruthy();
    expect(screen.getByText('3 400.10 €').getAttribute('data-figure')).toBe('Spending');
    // 3200.55 - 3400.10, exactly.
    const saving = screen.getByText('- 199.55 €');
    expect(saving.getAttribute('data-figure')).toBe('Saving');
    expect(saving.style.color).toContain('red');
    expect(screen.queryByText('Your last fixpoint is more than 30 days old')).toBeNull();
  });

  it('warns with a link when the last fixpoint is more than 30 days old, or missing', async () => {
    api(null);
    renderApp('/private/dashboard');
    const alert = await screen.findByText('Your last fixpoint is more than 30 days old');
    const card = alert.closest('[role="alert"]') ?? document.body;
    expect(
      within(card as HTMLElement)
        .getByRole('link', { name: 'Add a fixpoint' })
        .getAttribute('href'),
    ).toBe('/private/operations/fixpoint');
    // The date's own closing dot ends the sentence: no doubled '..'.
    const sentence = within(card as HTMLElement).getByText(/The last one was set on/).textContent;
    expect(sentence).toContain('The last one was set on 2020.01.01. Add a fixpoint');
  });

  it("lists what's new from the changelog", async () => {
    api({ id: 1, time: new Date().toISOString() });
    renderApp('/private/dashboard');
    expect(await screen.findByText("What's new?")).toBeTruthy();
    expect(screen.getByText('v1.10.5')).toBeTruthy();
  });
});
