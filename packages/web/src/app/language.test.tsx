import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n/use-language';
import { TOKEN_KEY } from '../lib/token';
import { fakeToken, REGISTERED_USER, renderApp, stubApi } from '../test/render';

// Issue 36: the screens in the visitor's language, switched without a reload.

describe('the language of the screens', () => {
  it('switches the login page with the picker, remembers it and sets the page language', async () => {
    stubApi({});
    renderApp('/public/login');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'de' } });
    expect(await screen.findByRole('heading', { name: 'Anmelden' })).toBeTruthy();
    expect(screen.getByLabelText(/^Passwort/)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Registrieren' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem('kassa.language')).toBe('de');
  });

  it("takes the account's language in the private area", async () => {
    localStorage.setItem(TOKEN_KEY, fakeToken());
    stubApi({ 'GET account/userinfo': { status: 200, body: { ...REGISTERED_USER, language: 'hu' } } });
    renderApp('/private/nowhere');
    expect(await screen.findByRole('heading', { name: 'Az oldal nem található' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Menüpontok' });
    expect(within(nav).getByRole('link', { name: 'Áttekintés' })).toBeTruthy();
  });

  it('saves the shown language once to an account that has none yet', async () => {
    localStorage.setItem(TOKEN_KEY, fakeToken());
    await changeLanguage('fr');
    const calls = stubApi({
      'GET account/userinfo': { status: 200, body: { ...REGISTERED_USER, language: null } },
      'POST account/preferences': {
        status: 200,
        body: { language: 'fr', numberFormat: 'space_dot', dateFormat: 'yyyy.mm.dd.' },
      },
    });
    renderApp('/private/nowhere');
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.key === 'POST account/preferences')).toHaveLength(1));
    expect(calls.find((c) => c.key === 'POST account/preferences')?.body).toEqual({ language: 'fr' });
    // The answer is in the cached userinfo: nothing is saved again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((c) => c.key === 'POST account/preferences')).toHaveLength(1);
  });

  it('saves nothing for English, which the server assumes without a language', async () => {
    localStorage.setItem(TOKEN_KEY, fakeToken());
    const calls = stubApi({ 'GET account/userinfo': { status: 200, body: { ...REGISTERED_USER, language: null } } });
    renderApp('/private/nowhere');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((c) => c.key === 'POST account/preferences')).toHaveLength(0);
  });
});
