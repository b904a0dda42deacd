import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getToken } from '../../lib/token';
import { fakeToken, REGISTERED_USER, renderApp, stubApi } from '../../test/render';

const BACKGROUND = { 'GET account/userinfo': { status: 200, body: REGISTERED_USER } };

describe('the code step of login', () => {
  beforeEach(() => localStorage.clear());
  const CHALLENGE = { twoFactorRequired: true, ticket: 'ticket-1', expiresAt: '2030-01-01T00:00:00.000Z' };

  const password = async () => {
    fireEvent.change(await screen.findByLabelText(/E-mail/), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Secret-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
  };

  it('asks for a code after the right password and logs in with it, or with a recovery code', async () => {
    const token = fakeToken();
    const calls = stubApi({
      ...BACKGROUND,
      'POST auth/login': { status: 200, body: CHALLENGE },
      'POST auth/login-code': (body) =>
        (body as { code: string }).code === 'ABCDE-FGH23'
          ? { status: 200, body: { token } }
          : { status: 400, body: { type: 'validation', message: 'code: is wrong or already used' } },
    });
    const router = renderApp('/public/login');
    await password();
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
    expect(getToken()).toBeNull();
    const field = screen.getByLabelText<HTMLInputElement>(/^Authentication code/);
    expect(field.inputMode).toBe('numeric');
    fireEvent.change(field, { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('code: is wrong or already used')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/public/login');

    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    fireEvent.change(screen.getByLabelText(/^Recovery code/), { target: { value: 'ABCDE-FGH23' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/private/));
    expect(getToken()).toBe(token);
    expect(await screen.findByText('Logged in')).toBeTruthy();
    expect(calls.filter((c) => c.key === 'POST auth/login-code').map((c) => c.body)).toEqual([
      { ticket: 'ticket-1', code: '111111' },
      { ticket: 'ticket-1', code: 'ABCDE-FGH23' },
    ]);
    // The code step is anonymous, as login is: the ticket is no session.
    expect(calls.find((c) => c.key === 'POST auth/login-code')?.headers['authorization']).toBeUndefined();
  });

  it('goes back to the password when the ticket has expired', async () => {
    stubApi({
      'POST auth/login': { status: 200, body: CHALLENGE },
      'POST auth/login-code': {
        status: 401,
        body: { type: 'unauthorized', message: 'The sign-in has expired; log in again with your password' },
      },
    });
    renderApp('/public/login');
    await password();
    fireEvent.change(await screen.findByLabelText(/^Authentication code/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The sign-in has expired; log in again with your password')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/^Password/).value).toBe('');
  });
});
