import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../lib/token';
import { fakeToken, REGISTERED_USER, renderApp, stubApi } from '../../test/render';

const CONFIG = { version: '1.10.8', demo: null, captchaSiteKey: null, supportEmail: 'help@kassa.test' };

describe('the server refusing a request', () => {
  it('shows on the login page when to try again after too many failed logins, and holds the button', async () => {
    stubApi({
      'GET config': { status: 200, body: CONFIG },
      'POST auth/login': {
        status: 429,
        body: { type: 'rate_limited', message: 'Too many failed logins; try again in 40 seconds' },
        headers: { 'retry-after': '40' },
      },
    });
    renderApp('/public/login');
    fireEvent.change(await screen.findByLabelText(/E-mail/), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Secret-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Too many failed logins; try again in 40 seconds')).toBeTruthy();
    expect(await screen.findByText(/You can try again in 0:(40|39)\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login' }).hasAttribute('disabled')).toBe(true);
  });

  it('renews a stale token and goes to the registration step the server names', async () => {
    // The token says complete; the server knows better (403 naming the missing step).
    localStorage.setItem(TOKEN_KEY, fakeToken());
    const calls = stubApi({
      'GET config': { status: 200, body: CONFIG },
      'GET account/userinfo': { status: 200, body: REGISTERED_USER },
      'GET currency/usersall': {
        status: 403,
        body: { type: 'email_not_verified', message: 'Verify your e-mail address first' },
      },
      'GET auth/refresh-token': { status: 200, body: { token: fakeToken({ ev: false, ro: true, rc: false }) } },
    });
    const router = renderApp('/private/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/public/register/verify-email'));
    expect(calls.some((c) => c.key === 'GET auth/refresh-token')).toBe(true);
  });
});
