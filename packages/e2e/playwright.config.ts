import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL, E2E_PORT } from './e2e-env.js';

// Debian's Chromium, never a downloaded browser; flags that work on this machine kind.
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  // Journeys of two files run side by side (each journey makes its own user); E2E_WORKERS=1 runs them one at a time.
  fullyParallel: false,
  workers: Number(process.env['E2E_WORKERS'] ?? 2),
  retries: 0,
  // Two journeys share the two cores: a step waits longer than alone.
  timeout: 40_000,
  reporter: [['list']],
  // One folder per port, so journeys run side by side (E2E_PORT) do not clear each other's results.
  outputDir: E2E_PORT === 18765 ? './test-results' : `./test-results-${E2E_PORT}`,
  use: {
    baseURL: E2E_BASE_URL,
    // The app's service worker would precache the whole build (about 220 files) in every journey's new
    // context, on the two cores the journeys share; pwa.spec.ts allows it and tests it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
      // The journeys whose screens are the same at any width run at desktop width only (issue 33:
      // Chromium's work is most of CI's time). Their screens still get the phone's accessibility
      // scan (a11y.spec.ts), and every journey with a phone layout of its own (drawer, compact
      // list, sticky bars, touch targets, sideways tables) runs here too. A phone has no keyboard
      // shortcuts, and no Shift-click (bulk edit). The sign-up and admission forms are single
      // columns at every width; budgets, schedules, insights and rate provenance are
      // cards and tables the phone's a11y scans and list journeys already cover; the first week
      // is a journey of figures, the same at every width.
      testIgnore: [
        'admission.spec.ts',
        'analytics.spec.ts',
        'budgets.spec.ts',
        'bulk-edit.spec.ts',
        'first-week.spec.ts',
        'insights.spec.ts',
        'provenance.spec.ts',
        'schedules.spec.ts',
        'api-tokens.spec.ts',
        'backup.spec.ts',
        'foundation.spec.ts',
        'keyboard.spec.ts',
        'operations.spec.ts',
        'registration.spec.ts',
        'rules.spec.ts',
        'two-factor.spec.ts',
        'user.spec.ts',
      ],
    },
  ],
  webServer: {
    command: 'node --import tsx serve.ts',
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
  },
});
