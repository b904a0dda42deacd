import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webManifest } from './src/app/pwa/manifest.ts';
import { apiCacheKey, isCachedApiRead } from './src/app/pwa/sw-api-cache.ts';
import { API_CACHE } from './src/lib/api-cache.ts';

// Workspace packages (money, contract) are consumed as TypeScript sources via the "source"
// export condition; the dev server proxies /api to a locally running Kassa server.
export default defineConfig({
  plugins: [
    react(),
    // The installable app (docs/DECISIONS.md, Installable app): manifest.webmanifest and a
    // Workbox service worker, sw.js, that app/pwa registers after the first page and asks the
    // user before it replaces (registerType 'prompt'). Off in the dev server.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: webManifest,
      includeAssets: ['favicon.svg', 'favicon.ico', 'apple-touch-icon-180x180.png'],
      workbox: {
        // The app shell and every screen's chunk, so the app opens offline after one visit; with
        // the manifest, its icons and includeAssets. Source maps and .vite/ stay out.
        globPatterns: ['**/*.{js,css,html}'],
        // Client routes get index.html offline; the API (and its docs page) never.
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        runtimeCaching: [
          {
            // The last answers of the API's reads, per user and book, for screens offline; only
            // 200s, never sign-in or account answers (isCachedApiRead); deleted when a session
            // starts or ends (shared/session.ts).
            urlPattern: isCachedApiRead,
            handler: 'NetworkFirst',
            options: {
              cacheName: API_CACHE,
              networkTimeoutSeconds: 3,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true },
              plugins: [{ cacheKeyWillBeUsed: apiCacheKey }],
            },
          },
        ],
      },
    }),
  ],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Read by scripts/bundle/ to add up what each page's first load fetches.
    manifest: true,
    rolldownOptions: {
      output: {
        // React changes rarely: its own chunk stays cached across app releases. Mantine and other
        // libraries are left to the bundler, so components used only by lazily loaded screens load
        // with them instead of on the first page.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ }],
        },
      },
    },
  },
});
