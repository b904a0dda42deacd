// A second throw-away Kassa for journeys that need an install of their own (a fresh database, its
// own registration setting), beside the shared one of serve.ts, which other specs keep using.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { SMTPServer } from 'smtp-server';
import { mailFileSuffix } from '../e2e-env.js';
import { startMailbox } from '../mailbox.js';

/** A port nobody listens on right now (the OS picks it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A raw mail's text with quoted-printable undone (soft line breaks, =3D). */
const decoded = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export interface FreshInstall {
  /** http://localhost:<port>: also the default PUBLIC_URL the server derives from PORT. */
  baseUrl: string;
  /** Waits for the newest mail to `email` whose text matches `pattern`; answers the first group. */
  fromMail(email: string, pattern: RegExp): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts the built server (packages/server/dist) on a fresh SQLite folder with its own SMTP
 * listener and the given extra environment (REGISTRATION, …). No PUBLIC_URL: mail links use the
 * default derived from PORT.
 */
export async function startFreshInstall(extraEnv: Record<string, string>): Promise<FreshInstall> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kassa-e2e-fresh-'));
  const mailboxDir = path.join(dataDir, 'mailbox');
  const [port, smtpPort] = [await freePort(), await freePort()];
  const mailbox: SMTPServer = await startMailbox(smtpPort, mailboxDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATES_REFRESH_MINUTES: '0',
    SCHEDULES_CHECK_MINUTES: '0',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
    MAIL_FROM: 'Kassa <kassa@example.com>',
    PUBLIC_URL: '',
    ...(process.env['E2E_WEB_DIST'] === undefined ? {} : { WEB_DIST_DIR: process.env['E2E_WEB_DIST'] }),
    ...extraEnv,
  };
  const serverDist = path.resolve(import.meta.dirname, '../../server/dist');
  const server: ChildProcess = spawn(process.execPath, [path.join(serverDist, 'main.js')], {
    env,
    stdio: 'inherit',
  });
  const baseUrl = `http://localhost:${port}`;
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`http://127.0.0.1:${port}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 30_000 },
    )
    .toBe(200);

  return {
    baseUrl,
    async fromMail(email, pattern) {
      let found: string | undefined;
      await expect
        .poll(() => {
          const newest = readdirSync(mailboxDir)
            .filter((f) => f.endsWith(mailFileSuffix(email)))
            .sort()
            .map((f) => decoded(readFileSync(path.join(mailboxDir, f), 'utf8')))
            .reverse()
            .find((text) => pattern.test(text));
          found = newest === undefined ? undefined : pattern.exec(newest)?.[1];
          return found;
        })
        .toBeTruthy();
      return found ?? '';
    },
    async stop() {
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
        server.kill('SIGTERM');
        await exited;
      }
      await new Promise<void>((resolve) => mailbox.close(() => resolve()));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
