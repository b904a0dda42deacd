import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../../lib/token';
import { fakeToken, REGISTERED_USER, renderApp, stubApi } from '../../../test/render';

const BACKGROUND = { 'GET account/userinfo': { status: 200, body: REGISTERED_USER } };
const CODES = Array.from({ length: 10 }, (_, i) => `ABCDE-FGH${String(i + 2).slice(-1)}${i < 8 ? 'K' : 'M'}`);
const OFF = { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
const ON = { enabled: true, enabledAt: '2026-03-01T09:00:00.000Z', recoveryCodesLeft: 10 };
const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/Kassa:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Kassa',
  qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
};

describe('two-factor sign-in on the user page', () => {
  beforeEach(() => setToken(fakeToken()));

  it('sets it up: QR code and secret key, a code turns it on, the recovery codes show once', async () => {
    let state: typeof OFF | typeof ON = OFF;
    const calls = stubApi({
      ...BACKGROUND,
      'GET account/two-factor': () => ({ status: 200, body: state }),
      'POST account/two-factor/setup': { status: 200, body: SETUP },
      'POST account/two-factor/confirm': () => {
        state = ON;
        return { status: 200, body: { recoveryCodes: CODES } };
      },
    });
    renderApp('/private/user/two-factor');
    fireEvent.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(screen.getByRole('tab', { name: 'Two-factor' }).getAttribute('aria-selected')).toBe('true');

    const qr = await screen.findByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('src')).toBe(SETUP.qrCode);
    expect(screen.getByLabelText<HTMLInputElement>('Secret key').value).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    fireEvent.change(screen.getByLabelText(/^Code from the app/), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(await screen.findByText('Two-factor sign-in turned on')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST account/two-factor/confirm')?.body).toEqual({ code: '123 456' });

    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('On')).toBeTruthy();
    expect(screen.getByText(/Recovery codes left:/).textContent).toBe('Recovery codes left: 10');
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  it('turns it off with the password and a code, and keeps it on when the server refuses', async () => {
    let state: typeof OFF | typeof ON = { ...ON, recoveryCodesLeft: 2 };
    let tries = 0;
    const calls = stubApi({
      ...BACKGROUND,
      'GET account/two-factor': () => ({ status: 200, body: state }),
      'POST account/two-factor/disable': () => {
        tries++;
        if (tries === 1)
          return { status: 400, body: { type: 'validation', message: 'code: is wrong or already used' } };
        state = OFF;
        return { status: 204, body: '' };
      },
    });
    renderApp('/private/user/two-factor');
    // Few codes left: a nudge to make new ones.
    expect((await screen.findByText(/Recovery codes left:/)).textContent).toContain('make new ones');
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    const form = screen.getByRole('form', { name: 'Turn off two-factor sign-in' });
    fireEvent.change(within(form).getByLabelText(/^Password/), { target: { value: 'Secret-pass-1' } });
    fireEvent.change(within(form).getByLabelText(/^Code from the app/), { target: { value: '000000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByText('code: is wrong or already used')).toBeTruthy();
    expect(screen.getByText('On')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText(/^Code from the app/), { target: { value: 'ABCDE-FGH23' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByText('Two-factor sign-in turned off')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Set up two-factor sign-in' })).toBeTruthy();
    expect(calls.filter((c) => c.key === 'POST account/two-factor/disable').at(-1)?.body).toEqual({
      password: 'Secret-pass-1',
      code: 'ABCDE-FGH23',
    });
  });

  it('makes new recovery codes with the password and a code', async () => {
    const calls = stubApi({
      ...BACKGROUND,
      'GET account/two-factor': { status: 200, body: ON },
      'POST account/two-factor/recovery-codes': { status: 200, body: { recoveryCodes: CODES } },
    });
    renderApp('/private/user/two-factor');
    fireEvent.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    const form = screen.getByRole('form', { name: 'New recovery codes' });
    fireEvent.change(within(form).getByLabelText(/^Password/), { target: { value: 'Secret-pass-1' } });
    fireEvent.change(within(form).getByLabelText(/^Code from the app/), { target: { value: '654321' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Make new codes' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(calls.find((c) => c.key === 'POST account/two-factor/recovery-codes')?.body).toEqual({
      password: 'Secret-pass-1',
      code: '654321',
    });
  });
});
