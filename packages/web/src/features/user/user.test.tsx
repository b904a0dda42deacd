import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../../lib/token';
import { fakeToken, REGISTERED_USER, renderApp, stubApi } from '../../test/render';

const USER_INFO = {
  ...REGISTERED_USER,
  email: 'tess@example.com',
  firstName: 'Tess',
  lastName: 'Tester',
  mainCurrency: 'HUF',
};
const SUPPORTED = [
  { code: 'EUR', sign: '€', name: 'Euro', decimals: 2, signBefore: true },
  { code: 'HUF', sign: 'Ft', name: 'Hungarian forint', decimals: 2, signBefore: false },
];
const BACKGROUND = {
  'GET account/userinfo': { status: 200, body: USER_INFO },
  'GET currency/supported': { status: 200, body: SUPPORTED },
};

/** Replaces the browser clipboard; `fails` makes writeText reject as a denied permission does. */
function stubClipboard(fails = false) {
  const writeText = vi.fn((text: string) => (fails ? Promise.reject(new Error('denied')) : Promise.resolve(text)));
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

describe('user area', () => {
  beforeEach(() => setToken(fakeToken({ given_name: 'Tess' })));
  it('opens user info at private/user and shows it read only, main currency with its name', async () => {
    stubApi(BACKGROUND);
    const router = renderApp('/private/user');
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/user/userinfo'));
    const table = await screen.findByRole('table', { name: 'User info' });
    const value = (label: string) =>
      within(table).getByRole('rowheader', { name: label }).closest('tr')?.querySelector('td')?.textContent;
    await waitFor(() => expect(value('Main currency')).toBe('HUF · Hungarian forint'));
    expect(value('E-mail')).toBe('tess@example.com');
    expect(value('First name')).toBe('Tess');
    expect(value('Last name')).toBe('Tester');
    expect(screen.getByRole('tab', { name: 'User info' }).getAttribute('aria-selected')).toBe('true');
    // Read only: nothing to type into on this tab.
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
  });

  it('switches tabs through the URL and sends an unknown tab to user info', async () => {
    stubApi(BACKGROUND);
    const router = renderApp('/private/user/nonsense');
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/user/userinfo'));
    fireEvent.click(await screen.findByRole('tab', { name: 'Password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/user/changes'));
    expect(await screen.findByLabelText(/^Old password/)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Referral' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/user/referral'));
    expect(await screen.findByRole('button', { name: 'Generate referral code' })).toBeTruthy();
    expect(screen.queryByLabelText(/^Old password/)).toBeNull();
  });

  it('changes the password with live criteria, says Password changed and logs out to the login page', async () => {
    const calls = stubApi({ ...BACKGROUND, 'POST account/changepass': { status: 204, body: '' } });
    const router = renderApp('/private/user/changes');
    const criterion = (label: string) => screen.getByText(label).closest('[data-met]')?.getAttribute('data-met');
    fireEvent.change(await screen.findByLabelText(/^Old password/), { target: { value: 'Old-pass-1' } });
    fireEvent.change(screen.getByLabelText(/^New password \*/), { target: { value: 'abc' } });
    expect(criterion('At least 8 characters')).toBe('false');
    expect(criterion('An uppercase letter')).toBe('false');
    fireEvent.change(screen.getByLabelText(/^New password \*/), { target: { value: 'New-pass-22' } });
    expect(criterion('At least 8 characters')).toBe('true');
    expect(criterion('A special character (!@#$%^&*()+=._-)')).toBe('true');
    expect(criterion('The two passwords match')).toBe('false');
    fireEvent.change(screen.getByLabelText(/^New password again/), { target: { value: 'New-pass-22' } });
    expect(criterion('The two passwords match')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/public/login'));
    expect(getToken()).toBeNull();
    const sent = calls.find((c) => c.key === 'POST account/changepass');
    expect(sent?.body).toEqual({ oldPassword: 'Old-pass-1', newPassword: 'New-pass-22', newPassword2: 'New-pass-22' });
    expect(sent?.headers['authorization']).toMatch(/^Bearer /);
  });

  it('keeps the session and shows the server message when the old password is wrong', async () => {
    stubApi({
      ...BACKGROUND,
      'POST account/changepass': { status: 400, body: { type: 'validation', message: 'oldPassword: is wrong' } },
    });
    const router = renderApp('/private/user/changes');
    fireEvent.change(await screen.findByLabelText(/^Old password/), { target: { value: 'Nope-nope-1' } });
    fireEvent.change(screen.getByLabelText(/^New password \*/), { target: { value: 'New-pass-22' } });
    fireEvent.change(screen.getByLabelText(/^New password again/), { target: { value: 'New-pass-22' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('oldPassword: is wrong')).toBeTruthy();
    expect(screen.queryByText('Password changed')).toBeNull();
    expect(router.state.location.pathname).toBe('/private/user/changes');
    expect(getToken()).not.toBeNull();
  });

  it('has no Referral tab in open registration, and sends its address to user info (issue 32)', async () => {
    stubApi({
      ...BACKGROUND,
      'GET config': {
        status: 200,
        body: {
          version: '1.10.8',
          demo: null,
          captchaSiteKey: null,
          supportEmail: 'x@kassa.test',
          registration: 'open',
        },
      },
    });
    const router = renderApp('/private/user/referral');
    await waitFor(() => expect(router.state.location.pathname).toBe('/private/user/userinfo'));
    expect(await screen.findByRole('tab', { name: 'Password' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Referral' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Generate referral code' })).toBeNull();
  });

  it('generates a referral code, shows it, copies it and copies it again with the copy button', async () => {
    const writeText = stubClipboard();
    const calls = stubApi({ ...BACKGROUND, 'GET account/getreferral': { status: 200, body: 'R3F-9QX2' } });
    renderApp('/private/user/referral');
    expect(await screen.findByText(/A code works once\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Generate referral code' }));
    const field = await screen.findByLabelText<HTMLInputElement>('Your referral code');
    expect(field.value).toBe('R3F-9QX2');
    expect(field.readOnly).toBe(true);
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('R3F-9QX2');
    expect(calls.filter((c) => c.key === 'GET account/getreferral')).toHaveLength(1);

    notifications.clean();
    await waitFor(() => expect(screen.queryByText('Copied to clipboard')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Copy referral code' }));
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
    expect(writeText).toHaveBeenCalledTimes(2);
    expect(calls.filter((c) => c.key === 'GET account/getreferral')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Generate a new code' })).toBeTruthy();
  });

  it('keeps the code across tabs of the User page', async () => {
    stubClipboard();
    stubApi({ ...BACKGROUND, 'GET account/getreferral': { status: 200, body: 'KEEP-ME' } });
    renderApp('/private/user/referral');
    fireEvent.click(await screen.findByRole('button', { name: 'Generate referral code' }));
    expect((await screen.findByLabelText<HTMLInputElement>('Your referral code')).value).toBe('KEEP-ME');
    fireEvent.click(screen.getByRole('tab', { name: 'User info' }));
    await screen.findByRole('table', { name: 'User info' });
    fireEvent.click(screen.getByRole('tab', { name: 'Referral' }));
    expect((await screen.findByLabelText<HTMLInputElement>('Your referral code')).value).toBe('KEEP-ME');
  });

  it('still shows the code and says so when the clipboard refuses', async () => {
    stubClipboard(true);
    stubApi({ ...BACKGROUND, 'GET account/getreferral': { status: 200, body: 'NO-CLIP-7' } });
    renderApp('/private/user/referral');
    fireEvent.click(await screen.findByRole('button', { name: 'Generate referral code' }));
    expect((await screen.findByLabelText<HTMLInputElement>('Your referral code')).value).toBe('NO-CLIP-7');
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be copied/);
    expect(screen.queryByText('Copied to clipboard')).toBeNull();
  });

  it('warns the demo user and shows no code', async () => {
    stubClipboard();
    stubApi({ ...BACKGROUND, 'GET account/getreferral': { status: 403, body: { type: 'demo', message: 'demo' } } });
    renderApp('/private/user/referral');
    fireEvent.click(await screen.findByRole('button', { name: 'Generate referral code' }));
    expect(await screen.findByText('Not allowed for demo user')).toBeTruthy();
    expect(screen.queryByLabelText('Your referral code')).toBeNull();
  });
});
