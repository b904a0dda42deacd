// Starts a throw-away Kassa for the journeys: a fresh SQLite data folder, a local SMTP listener
// for its mail, one known user created through the admin CLI, then the built server itself
// (packages/server/dist).
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { startFakeSimplefin } from '../server/src/test/bank/simplefin-server.js';
import {
  E2E_BASE_URL,
  E2E_DATA_DIR,
  E2E_MAILBOX,
  E2E_PORT,
  E2E_SIMPLEFIN_PORT,
  E2E_SMTP_PORT,
  E2E_USER,
} from './e2e-env.js';
import { startMailbox } from './mailbox.js';

rmSync(E2E_DATA_DIR, { recursive: true, force: true });
const mailbox = await startMailbox(E2E_SMTP_PORT, E2E_MAILBOX);
// A SimpleFIN Bridge on 127.0.0.1 for the bank-connection journey, which the server may call.
const bridge = await startFakeSimplefin(E2E_SIMPLEFIN_PORT);
const env = {
  ...process.env,
  DATA_DIR: E2E_DATA_DIR,
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  // Every journey signs up and logs in from 127.0.0.1; the limits themselves have API tests.
  LOGIN_MAX_PER_IP: '10000',
  SIGNUP_MAX_PER_IP: '10000',
  CODE_CHECKS_MAX_PER_IP: '10000',
  PASSWORD_RESET_MAX_PER_IP: '10000',
  // The journeys never reach out to the internet: rates come from the bundled history.
  RATES_REFRESH_MINUTES: '0',
  // Schedules in post mode are posted every 3 s instead of hourly, so a journey sees one post itself.
  SCHEDULES_CHECK_MINUTES: '0.05',
  // The one-click demo: every "Try the demo!" of the journeys makes a visitor of its own.
  DEMO: 'true',
  DEMO_MAX_PER_IP: '10000',
  SUPPORT_EMAIL: 'support@example.com',
  SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}?ignoreTLS=true`,
  MAIL_FROM: 'Kassa <kassa@example.com>',
  BANK_SYNC_ALLOW_HOSTS: `127.0.0.1:${E2E_SIMPLEFIN_PORT}`,
  // Links in mails (the password reset's) lead to this server.
  PUBLIC_URL: E2E_BASE_URL,
  // A web build elsewhere than packages/web/dist (E2E_WEB_DIST), e.g. one per parallel session.
  ...(process.env['E2E_WEB_DIST'] === undefined ? {} : { WEB_DIST_DIR: process.env['E2E_WEB_DIST'] }),
};
const serverDist = path.resolve(import.meta.dirname, '../server/dist');
const created = spawnSync(
  process.execPath,
  [
    path.join(serverDist, 'cli/main.js'),
    'user:create',
    '--email',
    E2E_USER.email,
    '--password',
    E2E_USER.password,
    '--first-name',
    E2E_USER.firstName,
  ],
  { env, stdio: 'inherit' },
);
if (created.status !== 0) process.exit(created.status ?? 1);
const server = spawn(process.execPath, [path.join(serverDist, 'main.js')], { env, stdio: 'inherit' });
// Playwright stops this process when the journeys end; the server and the listener go with it.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  void bridge.close();
  mailbox.close(() => process.exit(code ?? 0));
});
