import type { ManifestOptions } from 'vite-plugin-pwa';

/**
 * The light scheme's colours (Mantine's default theme with App.tsx's primary shade 9 of blue):
 * the browser's title bar and the tile behind the maskable and Apple icons
 * (packages/web/pwa-assets.config.js); the splash screen's background is the page's white.
 * index.html's theme-color meta repeats THEME_COLOR (pwa.test.ts holds them together).
 */
export const THEME_COLOR = '#1864ab';
export const BACKGROUND_COLOR = '#ffffff';

/**
 * The web app manifest (vite.config.ts writes it as manifest.webmanifest): what Chromium's
 * installability check and a home screen read. The icons come from pwa-assets.config.js; the
 * shortcuts open the entry form on its Expense and Income tabs (after the login when signed out).
 */
export const webManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Kassa',
  short_name: 'Kassa',
  description: 'Self-hosted, multi-currency personal finance tracker',
  lang: 'en',
  // The installed app opens on the books (a signed-out person is sent to the login page).
  start_url: '/private/dashboard',
  scope: '/',
  display: 'standalone',
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  icons: [
    { src: '/pwa-64x64.png', sizes: '64x64', type: 'image/png' },
    { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
    { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
    { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  shortcuts: [
    { name: 'Add expense', short_name: 'Expense', url: '/private/add-transaction/expense' },
    { name: 'Add income', short_name: 'Income', url: '/private/add-transaction/income' },
  ],
};
