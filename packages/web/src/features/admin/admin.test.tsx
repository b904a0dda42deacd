import type { AdminUser, AdminWaitlistEntry } from '@kassa/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../lib/token';
import { fakeToken, REGISTERED_USER, renderApp, stubApi } from '../../test/render';

const ADMIN_TOKEN = fakeToken({ role: ['NORMAL', 'ADMIN'] });
const CONFIG = (registration: string, demo: unknown = null) => ({
  version: '1.10.8',
  demo,
  captchaSiteKey: null,
  supportEmail: 'help@kassa.test',
  registration,
});

const user = (over: Partial<AdminUser>): AdminUser => ({
  id: 1,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'L',
  role: 'ADMIN',
  emailVerified: true,
  referralOk: true,
  regComplete: true,
  waiting: false,
  createdAt: '2026-01-02T10:00:00Z',
  lastLoginAt: '2026-03-01T09:00:00Z',
  disabledAt: null,
  ...over,
});

const USERS: AdminUser[] = [
  user({}),
  user({ id: 2, email: 'bob@example.com', firstName: 'Bob', lastName: '', role: 'NORMAL' }),
  user({ id: 3, email: 'demo@example.com', firstName: 'Demo', role: 'DEMO' }),
];
const WAITLIST: AdminWaitlistEntry[] = [
  { userId: 7, email: 'wait@example.com', createdAt: '2026-02-01T08:00:00Z', approvedAt: null, admitted: false },
];

describe('the admin page', () => {
  it('lists users and the waitlist, invites, approves and disables (after asking)', async () => {
    setToken(ADMIN_TOKEN);
    const calls = stubApi({
      'GET account/userinfo': { status: 200, body: REGISTERED_USER },
      'GET admin/users': { status: 200, body: USERS },
      'GET admin/waitlist': { status: 200, body: WAITLIST },
      'POST admin/invite': { status: 201, body: { email: 'new@example.com', code: 'ABCDEFGHJK' } },
      'POST admin/approve/7': { status: 200, body: { ...WAITLIST[0], approvedAt: '2026-03-02T10:00:00Z' } },
      'POST admin/disable/2': { status: 200, body: { ...USERS[1], disabledAt: '2026-03-02T10:00:00Z' } },
    });
    renderApp('/private/admin');
    const users = await screen.findByRole('list', { name: 'Users' });
    expect(await within(users).findByRole('listitem', { name: 'bob@example.com' })).toBeTruthy();
    // No one disables themself or the demo from here.
    expect(within(users).getByRole('listitem', { name: 'ada@example.com' }).querySelector('button')).toBeNull();
    expect(within(users).getByRole('listitem', { name: 'demo@example.com' }).querySelector('button')).toBeNull();

    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to new@example.com')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST admin/invite')?.body).toEqual({ email: 'new@example.com' });

    fireEvent.click(await screen.findByRole('button', { name: 'Approve wait@example.com' }));
    expect(await screen.findByText('Referral code sent to wait@example.com')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Disable bob@example.com' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('bob@example.com disabled')).toBeTruthy();
    expect(calls.some((c) => c.key === 'POST admin/disable/2')).toBe(true);
  });

  it('shows a refused invitation under the address', async () => {
    setToken(ADMIN_TOKEN);
    stubApi({
      'GET admin/users': { status: 200, body: USERS },
      'GET admin/waitlist': { status: 200, body: [] },
      'POST admin/invite': {
        status: 409,
        body: { type: 'conflict', message: 'email: bob@example.com already has an account' },
      },
    });
    renderApp('/private/admin');
    expect(await screen.findByText('Nobody is waiting.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'bob@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Bob@example.com already has an account')).toBeTruthy();
  });

  describe('in open registration (issue 32)', () => {
    const answers = {
      'GET config': { status: 200, body: CONFIG('open') },
      'GET account/userinfo': { status: 200, body: REGISTERED_USER },
      'GET admin/users': { status: 200, body: USERS },
    };

    it('has no waitlist', async () => {
      setToken(ADMIN_TOKEN);
      stubApi({ ...answers, 'GET admin/waitlist': { status: 200, body: [] } });
      renderApp('/private/admin');
      const users = await screen.findByRole('list', { name: 'Users' });
      expect(await within(users).findByRole('listitem', { name: 'bob@example.com' })).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('heading', { name: 'Waitlist' })).toBeNull());
      expect(screen.queryByText('Nobody is waiting.')).toBeNull();
    });

    it('keeps the waitlist while someone who asked before it opened still waits', async () => {
      setToken(ADMIN_TOKEN);
      stubApi({ ...answers, 'GET admin/waitlist': { status: 200, body: WAITLIST } });
      renderApp('/private/admin');
      expect(await screen.findByRole('button', { name: 'Approve wait@example.com' })).toBeTruthy();
    });
  });

  it('is not there for a member: a not-found message, no admin request, no Admin in the menu', async () => {
    setToken(fakeToken({ role: 'NORMAL' }));
    const calls = stubApi({ 'GET account/userinfo': { status: 200, body: REGISTERED_USER } });
    renderApp('/private/admin');
    expect(await screen.findByText('This page is for administrators only.')).toBeTruthy();
    expect(calls.some((c) => c.key.includes('admin/'))).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Ada' }));
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Admin' })).toBeNull();
  });

  it('offers an administrator the page in the account menu, with no role badge', async () => {
    setToken(ADMIN_TOKEN);
    stubApi({ 'GET account/userinfo': { status: 200, body: { ...REGISTERED_USER, role: 'ADMIN' } } });
    const router = renderApp('/private/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Ada' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Admin' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/admin'));
  });
});

describe('admission on the public pages', () => {
  it('says on the sign-up page when registration is closed, and fills in an invited address', async () => {
    stubApi({ 'GET config': { status: 200, body: CONFIG('closed') } });
    renderApp('/public/signup?email=friend%40example.com');
    expect(await screen.findByText('Registration is closed')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/E-mail/).value).toBe('friend@example.com');
  });

  it('tells an open install’s newcomers that no referral code is needed', async () => {
    stubApi({ 'GET config': { status: 200, body: CONFIG('open') } });
    renderApp('/public/signup');
    expect(await screen.findByText(/no referral code is needed/)).toBeTruthy();
    expect(screen.queryByText('Registration is closed')).toBeNull();
  });

  it('offers Log out, not Back to app, part-way through registration', async () => {
    setToken(fakeToken({ ev: true, ro: false, rc: false }));
    stubApi({});
    renderApp('/public/help');
    expect(await screen.findByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Back to app' })).toBeNull();
  });

  it('offers Back to app once registration is complete', async () => {
    setToken(fakeToken({ ev: true, ro: true, rc: true }));
    stubApi({});
    renderApp('/public/help');
    expect(await screen.findByRole('link', { name: 'Back to app' })).toBeTruthy();
  });

  it('opens the dashboard after Try the demo!', async () => {
    stubApi({
      'GET config': { status: 200, body: CONFIG('referral', { hours: 24 }) },
      'POST auth/demo-login': { status: 200, body: { token: fakeToken({ role: 'DEMO' }) } },
    });
    const router = renderApp('/public');
    fireEvent.click(await screen.findByRole('button', { name: 'Try the demo!' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/dashboard'));
  });

  it('enters the code of an approval mail’s link at once', async () => {
    setToken(fakeToken({ ev: true, ro: false, rc: false }));
    const calls = stubApi({
      'POST account/verify-referral/ABCDEFGHJK': {
        status: 200,
        body: { token: fakeToken({ ev: true, ro: true, rc: false }) },
      },
    });
    const router = renderApp('/public/register/verify-referral?code=ABCDEFGHJK');
    expect(await screen.findByText('Referral accepted')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/public/register/initial-data'));
    expect(calls.filter((c) => c.key.startsWith('POST account/verify-referral'))).toHaveLength(1);
  });
});
