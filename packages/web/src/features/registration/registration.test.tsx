import { fireEvent, screen, waitFor } from '@testing-library/react';
import { STARTER_CATEGORIES } from './StarterCategories';
import { describe, expect, it } from 'vitest';
import { getToken, setToken, tokenClaims } from '../../lib/token';
import { fakeToken, renderApp, stubApi } from '../../test/render';

const CONFIG = { version: '1.10.8', demo: null, captchaSiteKey: null, supportEmail: 'help@kassa.test' };
const pending = (ev: boolean, ro: boolean, rc: boolean) => fakeToken({ ev, ro, rc });

describe('sign-up and registration screens', () => {
  it('signs up with live criteria, logs in and opens e-mail verification', async () => {
    const calls = stubApi({
      'GET config': { status: 200, body: CONFIG },
      'POST account/signup': { status: 200, body: { token: pending(false, false, false) } },
      'GET account/userinfo': { status: 200, body: { email: 'new@example.com' } },
    });
    const router = renderApp('/public/signup');
    const criterion = (label: string) => screen.getByText(label).closest('[data-met]')?.getAttribute('data-met');
    fireEvent.change(await screen.findByLabelText(/E-mail/), { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password \*/), { target: { value: 'Abcdefg1!' } });
    expect(criterion('At least 8 characters')).toBe('true');
    expect(criterion('The two passwords match')).toBe('false');
    fireEvent.change(screen.getByLabelText(/^Password again/), { target: { value: 'Abcdefg1!' } });
    expect(criterion('The two passwords match')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Signed up')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/public/register/verify-email'));
    expect(await screen.findByText(/We mailed a verification code to new@example.com/)).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST account/signup')?.body).toEqual({
      email: 'new@example.com',
      password: 'Abcdefg1!',
      password2: 'Abcdefg1!',
      recaptcha: '',
    });
  });

  it('says when the verification mail could not be sent and keeps the form for another try', async () => {
    const message = 'The verification e-mail could not be sent; try again in a few minutes';
    stubApi({
      'GET config': { status: 200, body: CONFIG },
      'POST account/signup': { status: 503, body: { type: 'unavailable', message } },
    });
    const router = renderApp('/public/signup');
    fireEvent.change(await screen.findByLabelText(/E-mail/), { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password \*/), { target: { value: 'Abcdefg1!' } });
    fireEvent.change(screen.getByLabelText(/^Password again/), { target: { value: 'Abcdefg1!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/public/signup');
    expect(getToken()).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>(/E-mail/).value).toBe('new@example.com');
  });

  it('verifies the code carried by the mail link at once, then moves to the referral step', async () => {
    setToken(pending(false, false, false));
    const calls = stubApi({
      'GET account/userinfo': { status: 200, body: { email: 'new@example.com' } },
      'POST account/verify-email/K7X2P9': { status: 200, body: { token: pending(true, false, false) } },
    });
    const router = renderApp('/public/register/verify-email?code=K7X2P9');
    expect(await screen.findByText('Email verified')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/public/register/verify-referral'));
    expect(calls.filter((c) => c.key.startsWith('POST account/verify-email'))).toHaveLength(1);
  });

  it('says where the code is when the server has no mail server (issue 32)', async () => {
    setToken(pending(false, false, false));
    stubApi({
      'GET config': { status: 200, body: { ...CONFIG, registration: 'open', mailDelivery: 'outbox' } },
      'GET account/userinfo': { status: 200, body: { email: 'new@example.com' } },
    });
    renderApp('/public/register/verify-email');
    const hint = await screen.findByTestId('outbox-hint');
    expect(hint.textContent).toContain(
      "No mail server is set up: the code is in the server's DATA_DIR/outbox folder and in its log.",
    );
    // Nothing was mailed: the intro does not say it was.
    expect(screen.getByText(/Kassa wrote a verification code for new@example.com/)).toBeTruthy();
    expect(screen.queryByText(/We mailed/)).toBeNull();
  });

  it('gives no outbox hint when mail goes out by SMTP', async () => {
    setToken(pending(false, false, false));
    stubApi({
      'GET config': { status: 200, body: { ...CONFIG, registration: 'open', mailDelivery: 'smtp' } },
      'GET account/userinfo': { status: 200, body: { email: 'new@example.com' } },
    });
    renderApp('/public/register/verify-email');
    expect(await screen.findByText(/We mailed a verification code to new@example.com/)).toBeTruthy();
    expect(screen.queryByText(/No mail server is set up/)).toBeNull();
  });

  it('resends the mail with Email sent', async () => {
    setToken(pending(false, false, false));
    stubApi({
      'GET account/userinfo': { status: 200, body: { email: 'new@example.com' } },
      'POST account/resend-email': { status: 204, body: '' },
    });
    renderApp('/public/register/verify-email');
    fireEvent.click(await screen.findByRole('button', { name: 'Send the code again' }));
    expect(await screen.findByText('Email sent')).toBeTruthy();
  });

  it('says when a resent mail could not be sent', async () => {
    const message = 'The verification e-mail could not be sent; try again in a few minutes';
    setToken(pending(false, false, false));
    stubApi({
      'GET account/userinfo': { status: 200, body: { email: 'new@example.com' } },
      'POST account/resend-email': { status: 503, body: { type: 'unavailable', message } },
    });
    renderApp('/public/register/verify-email');
    fireEvent.click(await screen.findByRole('button', { name: 'Send the code again' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByText('Email sent')).toBeNull();
  });

  it('shows a wrong code as an error toast and stays', async () => {
    setToken(pending(false, false, false));
    stubApi({
      'POST account/verify-email/NOPE': {
        status: 400,
        body: { type: 'validation', message: 'code: is wrong, already used or expired; ask for a new one' },
      },
    });
    const router = renderApp('/public/register/verify-email');
    fireEvent.change(await screen.findByLabelText(/Verification code/), { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('code: is wrong, already used or expired; ask for a new one')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/public/register/verify-email');
  });

  describe('in open registration (issue 32)', () => {
    const open = { 'GET config': { status: 200, body: { ...CONFIG, registration: 'open' } } };
    const indicator = () => screen.getByRole('navigation', { name: 'Registration steps' });
    // The labels, without the '>' between them.
    const steps = () => [...indicator().querySelectorAll('p:not([aria-hidden])')].map((p) => p.textContent);

    it('shows no referral step at sign-up', async () => {
      stubApi(open);
      renderApp('/public/signup');
      await screen.findByText(/no referral code is needed/);
      await waitFor(() => expect(steps()).toEqual(['Sign up', 'Verify email', 'Initial setup']));
    });

    it('marks the initial setup the third of three steps', async () => {
      setToken(pending(true, true, false));
      stubApi({ ...open, 'GET account/userinfo': { status: 200, body: { email: 'new@example.com' } } });
      renderApp('/public/register/initial-data');
      await waitFor(() => expect(steps()).toEqual(['Sign up', 'Verify email', 'Initial setup']));
      expect(indicator().querySelector('[aria-current="step"]')?.textContent).toBe('Initial setup');
      expect(screen.getAllByRole('img', { name: 'done' })).toHaveLength(2);
    });

    it('offers no waitlist to someone who signed up before it opened', async () => {
      setToken(pending(true, false, false));
      stubApi(open);
      renderApp('/public/register/verify-referral');
      expect(await screen.findByRole('button', { name: 'Verify' })).toBeTruthy();
      await waitFor(() => expect(steps()).not.toContain('Referral code'));
      expect(screen.queryByRole('button', { name: 'Join the waitlist' })).toBeNull();
    });
  });

  it('puts a user without a code on the waitlist, refreshes the token and returns to the front page', async () => {
    setToken(pending(true, false, false));
    const refreshed = pending(true, false, false).replace('.sig', '.sig2');
    const calls = stubApi({
      'GET config': { status: 200, body: CONFIG },
      'POST account/waitlistme': { status: 204, body: '' },
      'GET auth/refresh-token': { status: 200, body: { token: refreshed } },
    });
    const router = renderApp('/public/register/verify-referral');
    fireEvent.click(await screen.findByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText('You are on the waitlist')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/public'));
    expect(getToken()).toBe(refreshed);
    expect(calls.map((c) => c.key)).toContain('POST account/waitlistme');
  });

  it('completes registration with the initial data and lands on the dashboard', async () => {
    setToken(pending(true, true, false));
    const calls = stubApi({
      'GET currency/supported': {
        status: 200,
        body: [{ code: 'HUF', sign: 'Ft', name: 'Hungarian forint', decimals: 2, signBefore: false }],
      },
      'POST account/initial-data': { status: 200, body: { token: pending(true, true, true) } },
      'GET account/userinfo': { status: 200, body: { email: 'new@example.com', firstName: 'Nora' } },
      'GET currency/usersall': { status: 200, body: [] },
      'GET category/getall': { status: 200, body: [] },
    });
    const router = renderApp('/public/register/initial-data');
    fireEvent.change(await screen.findByLabelText(/First name/), { target: { value: 'Nora' } });
    const select = screen.getByPlaceholderText('Pick your main currency');
    fireEvent.focus(select);
    fireEvent.change(select, { target: { value: 'HUF' } });
    fireEvent.click(await screen.findByRole('option', { name: 'HUF · Hungarian forint', hidden: true }));
    fireEvent.change(screen.getByLabelText(/Start balance/), { target: { value: '1200+35.5' } });
    // Starter categories come ticked: untick one, add one of one's own (Enter adds, not submits).
    expect(screen.getByLabelText<HTMLInputElement>('Groceries').checked).toBe(true);
    fireEvent.click(screen.getByLabelText('Rent'));
    const another = screen.getByLabelText('Another category');
    fireEvent.change(another, { target: { value: 'groceries' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('groceries is already in the list')).toBeTruthy();
    fireEvent.change(another, { target: { value: ' Pets ' } });
    fireEvent.keyDown(another, { key: 'Enter' });
    expect((await screen.findByLabelText<HTMLInputElement>('Pets')).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Registration complete')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/dashboard'));
    expect(calls.find((c) => c.key === 'POST account/initial-data')?.body).toEqual({
      firstName: 'Nora',
      lastName: '',
      mainCurrency: 'HUF',
      startBalance: '1200+35.5',
      categories: [
        ...STARTER_CATEGORIES.filter((c) => c.name !== 'Rent').map((c) => ({ name: c.name, isIncome: c.isIncome })),
        { name: 'Pets', isIncome: false },
      ],
    });
    expect(tokenClaims(getToken() ?? '')?.regComplete).toBe(true);
  });
});
