import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../lib/token';
import { fakeToken, REGISTERED_USER, renderApp, stubApi } from '../test/render';

const CONFIG = {
  version: '1.10.8',
  demo: { hours: 24 },
  captchaSiteKey: null,
  supportEmail: 'help@kassa.test',
};
const USER = REGISTERED_USER;

describe('routes and the registration guard (spec §2, §4)', () => {
  beforeEach(() => {
    stubApi({
      'GET config': { status: 200, body: CONFIG },
      'GET account/userinfo': { status: 200, body: USER },
      'GET currency/supported': { status: 200, body: [] },
      'GET currency/usersall': { status: 200, body: [] },
      'GET category/getall': { status: 200, body: [] },
    });
  });
  it('redirects the root to the public front page with its six highlights, demo button and Contact draft', async () => {
    const router = renderApp('/');
    expect(await screen.findByRole('button', { name: 'Try the demo!' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/public');
    for (const h of ['Analytics', 'Pockets', 'Transactions', 'Lendings', 'Multi currency', 'Easy data entry']) {
      expect(screen.getByRole('heading', { name: h })).toBeTruthy();
    }
    expect(screen.getByText(/Kassa v1\.10\.8 · © \d{4}/)).toBeTruthy();
    const contact = screen.getAllByRole('link', { name: 'Contact' })[0];
    await waitFor(() =>
      expect(contact?.getAttribute('href')).toBe('mailto:help@kassa.test?subject=Contacting%20the%20developer'),
    );
    expect(screen.getAllByRole('link', { name: 'Log In' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Back to app' })).toBeNull();
  });

  it('shows Back to app instead of Log In to a logged-in visitor', async () => {
    localStorage.setItem(TOKEN_KEY, fakeToken());
    renderApp('/public/help');
    expect(await screen.findByRole('navigation', { name: 'Help topics' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to app' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Log In' })).toBeNull();
  });

  it('logs out visitors with an invalid token and sends them to the login page', async () => {
    localStorage.setItem(TOKEN_KEY, 'expired.or.garbage');
    const router = renderApp('/private/dashboard');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/public/login');
    await waitFor(() => expect(localStorage.getItem(TOKEN_KEY)).toBeNull());
  });

  it('treats an expired token as invalid', async () => {
    localStorage.setItem(TOKEN_KEY, fakeToken({ exp: Math.floor(Date.now() / 1000) - 5 }));
    const router = renderApp('/private/transactions');
    await screen.findByRole('button', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/public/login');
  });

  it.each([
    [{ ev: false, ro: false, rc: false }, '/public/register/verify-email', 'Verify email'],
    [{ ev: true, ro: false, rc: false }, '/public/register/verify-referral', 'Referral code'],
    [{ ev: true, ro: true, rc: false }, '/public/register/initial-data', 'Initial setup'],
  ])('sends a user with flags %o to %s', async (flags, path, title) => {
    localStorage.setItem(TOKEN_KEY, fakeToken(flags));
    const router = renderApp('/private/dashboard');
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
    const current = screen
      .getByRole('navigation', { name: 'Registration steps' })
      .querySelector('[aria-current="step"]');
    expect(current?.textContent).toBe(title);
  });

  it('opens the private shell once every check passes, the index going to add-transaction', async () => {
    localStorage.setItem(TOKEN_KEY, fakeToken({ ev: true, ro: true, rc: true }));
    const router = renderApp('/private');
    expect(await screen.findByRole('heading', { name: 'Add transaction', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/private/add-transaction');
    for (const entry of ['Dashboard', 'Transactions', 'Analytics', 'Operations', 'Manage', 'User', 'Help']) {
      expect(screen.getByRole('link', { name: entry })).toBeTruthy();
    }
    expect(await screen.findByRole('button', { name: 'Ada' })).toBeTruthy();
  });

  it('says an unknown private page is not found instead of opening the entry form (issue 22)', async () => {
    localStorage.setItem(TOKEN_KEY, fakeToken({ ev: true, ro: true, rc: true }));
    const router = renderApp('/private/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/private/no-such-page');
    expect(screen.queryByRole('textbox', { name: /^Amount/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/private/dashboard');
    // The skip link and the quick add of every private page.
    expect(screen.getByRole('link', { name: 'Skip to content' })).toBeTruthy();
    expect(screen.getByRole('banner').querySelector('a[href="/private/add-transaction"]')).toBeTruthy();
  });

  it('sends a registration step without a login to the login page, and back after logging in', async () => {
    const router = renderApp('/public/register/verify-email?code=ABC123');
    await screen.findByRole('button', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/public/login');
    expect(router.state.location.state).toEqual({ from: '/public/register/verify-email?code=ABC123' });
  });

  it('redirects public/register to its first step', async () => {
    localStorage.setItem(TOKEN_KEY, fakeToken({ ev: false, ro: false, rc: false }));
    const router = renderApp('/public/register');
    expect(await screen.findByRole('heading', { name: 'Verify email', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/public/register/verify-email');
  });

  it('moves a finished step on to the next one', async () => {
    localStorage.setItem(TOKEN_KEY, fakeToken({ ev: true, ro: false, rc: false }));
    const router = renderApp('/public/register/verify-email');
    await screen.findByRole('heading', { name: 'Referral code', level: 1 });
    expect(router.state.location.pathname).toBe('/public/register/verify-referral');
  });

  it('logs in, showing Logged in, and enters the private area', async () => {
    const calls = stubApi({
      'GET config': { status: 200, body: CONFIG },
      'POST auth/login': { status: 200, body: { token: fakeToken() } },
      'GET account/userinfo': { status: 200, body: USER },
      'GET currency/supported': { status: 200, body: [] },
      'GET currency/usersall': { status: 200, body: [] },
      'GET category/getall': { status: 200, body: [] },
    });
    const router = renderApp('/public/login');
    fireEvent.change(await screen.findByLabelText(/E-mail/), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Secret-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Logged in')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/add-transaction'));
    const login = calls.find((c) => c.key === 'POST auth/login');
    expect(login?.body).toEqual({ email: 'ada@example.com', password: 'Secret-pass-1' });
    expect(login?.headers['authorization']).toBeUndefined();
  });
});
