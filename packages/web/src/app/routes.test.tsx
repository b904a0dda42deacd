import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../lib/token';
import { routes } from './routes';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

const validToken = () => `e30.${btoa(JSON.stringify({ exp: Date.now() / 1000 + 600 }))}.sig`;

describe('routes', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('redirects the root to the public front page with its six highlights', async () => {
    const router = renderAt('/');
    expect(await screen.findByText('Multi currency')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/public');
    for (const h of ['Analytics', 'Pockets', 'Transactions', 'Lendings', 'Easy data entry']) {
      expect(screen.getByText(h)).toBeTruthy();
    }
    expect(screen.getByText(/Kassa v1\.10\.8/)).toBeTruthy();
  });

  it('sends visitors without a valid token from the private area to the login page', async () => {
    localStorage.setItem(TOKEN_KEY, 'expired.or.garbage');
    const router = renderAt('/private/dashboard');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/public/login');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('opens the private shell with a valid token, defaulting to add-transaction', async () => {
    localStorage.setItem(TOKEN_KEY, validToken());
    const router = renderAt('/private');
    expect(await screen.findByRole('heading', { name: 'Add transaction', level: 2 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/private/add-transaction');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeTruthy();
  });

  it('redirects public/register to its first step', async () => {
    const router = renderAt('/public/register');
    expect(await screen.findByRole('heading', { name: 'Verify email' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/public/register/verify-email');
  });
});
