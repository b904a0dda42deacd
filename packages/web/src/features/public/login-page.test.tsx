import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, stubApi } from '../../test/render';

describe('the login page', () => {
  beforeEach(() => localStorage.clear());

  it('offers e-mail and password only: no social-login icons that do nothing (issue 32)', async () => {
    stubApi({});
    renderApp('/public/login');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toBeTruthy();
    expect(screen.getByText(/No account yet/)).toBeTruthy();
    for (const provider of ['Google', 'Facebook', 'GitHub'])
      expect(screen.queryByRole('button', { name: `Log in with ${provider}` })).toBeNull();
    expect(screen.queryByText('or continue with')).toBeNull();
  });
});
