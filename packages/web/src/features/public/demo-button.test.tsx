import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../lib/token';
import { fakeToken, REGISTERED_USER, renderApp, stubApi } from '../../test/render';

const CONFIG = { version: '1.10.8', demo: { hours: 24 }, captchaSiteKey: null, supportEmail: 'help@kassa.test' };

describe('Try the demo!', () => {
  it('asks the server for demo books of its own, with no credentials, and opens the dashboard', async () => {
    const token = fakeToken({ role: 'DEMO' });
    const calls = stubApi({
      'GET config': { status: 200, body: CONFIG },
      'POST auth/demo-login': { status: 200, body: { token } },
      'GET account/userinfo': { status: 200, body: { ...REGISTERED_USER, role: 'DEMO' } },
    });
    const router = renderApp('/public');
    fireEvent.click(await screen.findByRole('button', { name: 'Try the demo!' }));
    expect(await screen.findByText('Logged in as demo user')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/dashboard'));
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);
    const login = calls.find((c) => c.key === 'POST auth/demo-login');
    expect(login?.body).toBeUndefined();
    expect(login?.headers['authorization']).toBeUndefined();
    expect(calls.some((c) => c.key === 'POST auth/login')).toBe(false);
  });

  it('says why when the server cannot make the demo now', async () => {
    stubApi({
      'GET config': { status: 200, body: CONFIG },
      'POST auth/demo-login': {
        status: 429,
        body: { type: 'rate_limited', message: 'Too many demo logins from this address; try again in 40 minutes' },
        headers: { 'retry-after': '2400' },
      },
    });
    const router = renderApp('/public');
    fireEvent.click(await screen.findByRole('button', { name: 'Try the demo!' }));
    expect(await screen.findByText(/Too many demo logins from this address/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/public');
  });

  it('is not offered when the server has no demo', async () => {
    stubApi({ 'GET config': { status: 200, body: { ...CONFIG, demo: null } } });
    renderApp('/public');
    expect(await screen.findByRole('heading', { name: 'Analytics' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try the demo!' })).toBeNull();
  });
});
