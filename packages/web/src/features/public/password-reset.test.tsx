import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../lib/token';
import { fakeToken, renderApp, stubApi } from '../../test/render';

const CONFIG = { version: '1.10.8', demo: null, captchaSiteKey: null, supportEmail: 'help@kassa.test' };
const NEUTRAL = 'If an account exists for this address, we sent a link to reset its password.';
const TOKEN = 'A'.repeat(43);

describe('forgotten password', () => {
  it('goes from the login page’s link to the forgot page with the address typed, and shows the neutral answer', async () => {
    const calls = stubApi({
      'GET config': { status: 200, body: CONFIG },
      'POST auth/forgot-password': { status: 200, body: { message: NEUTRAL } },
    });
    const router = renderApp('/public/login');
    fireEvent.change(await screen.findByLabelText(/E-mail/), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/public/forgot-password'));
    // The forgot page is a lazy chunk: until its button is there, the E-mail field found may be
    // the login page's, still shown (a race a loaded CI machine lost).
    const send = await screen.findByRole('button', { name: 'Send link' });
    const field = await screen.findByLabelText<HTMLInputElement>(/E-mail/);
    expect(field.value).toBe('ada@example.com');
    fireEvent.click(send);
    expect(await screen.findByText(NEUTRAL)).toBeTruthy();
    const sent = calls.find((c) => c.key === 'POST auth/forgot-password');
    expect(sent?.body).toEqual({ email: 'ada@example.com' });
    expect(sent?.headers['authorization']).toBeUndefined();
  });

  it('shows the server’s refusal under the field, and a limit above the button', async () => {
    let answer = { status: 400, body: { type: 'validation', message: 'email: is not a valid e-mail address' } };
    stubApi({ 'GET config': { status: 200, body: CONFIG }, 'POST auth/forgot-password': () => answer });
    renderApp('/public/forgot-password');
    fireEvent.change(await screen.findByLabelText(/E-mail/), { target: { value: 'ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('Is not a valid e-mail address')).toBeTruthy();
    answer = {
      status: 429,
      body: { type: 'rate_limited', message: 'Too many reset mails asked for this address; try again in 58 minutes' },
    };
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect((await screen.findByRole('alert')).textContent).toContain('try again in 58 minutes');
  });

  it('sets a new password with the link’s token and goes to the login page with a notice', async () => {
    // A session kept in this browser ended with the reset.
    localStorage.setItem(TOKEN_KEY, fakeToken());
    const calls = stubApi({
      'GET config': { status: 200, body: CONFIG },
      'POST auth/reset-password': { status: 200, body: '' },
    });
    const router = renderApp(`/public/reset-password?token=${TOKEN}`);
    fireEvent.change(await screen.findByLabelText(/^New password \*/), { target: { value: 'New-password-2' } });
    fireEvent.change(screen.getByLabelText(/^New password again/), { target: { value: 'New-password-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/public/login'));
    expect(await screen.findByText(/Your password was reset and every session ended/)).toBeTruthy();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(calls.find((c) => c.key === 'POST auth/reset-password')?.body).toEqual({
      token: TOKEN,
      password: 'New-password-2',
      password2: 'New-password-2',
    });
  });

  it('shows password refusals under their fields, and a dead link with the way to a new one', async () => {
    let answer = { status: 400, body: { type: 'validation', message: 'password: must be at least 8 characters' } };
    stubApi({ 'GET config': { status: 200, body: CONFIG }, 'POST auth/reset-password': () => answer });
    const router = renderApp(`/public/reset-password?token=${TOKEN}`);
    fireEvent.change(await screen.findByLabelText(/^New password \*/), { target: { value: 'short' } });
    fireEvent.change(screen.getByLabelText(/^New password again/), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Must be at least 8 characters')).toBeTruthy();

    answer = {
      status: 400,
      body: { type: 'validation', message: 'token: this link is invalid, expired or already used; ask for a new one' },
    };
    fireEvent.change(screen.getByLabelText(/^New password \*/), { target: { value: 'Long-enough-1' } });
    fireEvent.change(screen.getByLabelText(/^New password again/), { target: { value: 'Long-enough-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(/The link is invalid, expired or already used/)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/public/forgot-password'));
  });

  it('says so when the link has no token', async () => {
    stubApi({ 'GET config': { status: 200, body: CONFIG } });
    renderApp('/public/reset-password');
    expect(await screen.findByText(/This link is incomplete/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set new password' })).toBeNull();
  });
});
