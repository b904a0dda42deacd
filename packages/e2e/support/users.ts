// Users of their own for journeys that change data, so spec files never see each other's rows.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { E2E_DATA_DIR } from '../e2e-env.js';
import { LoginPage } from '../pages/login.js';

const CLI = path.resolve(import.meta.dirname, '../../server/dist/cli/main.js');
export const DEFAULT_PASSWORD = 'Journey-pass-1';

/** An e-mail address unique to this test, project and run. */
export function uniqueEmail(testInfo: TestInfo, name: string): string {
  return `${name}-${testInfo.project.name}-${Date.now()}-${testInfo.workerIndex}@example.com`.toLowerCase();
}

/** Runs the admin CLI (packages/server/dist) against the running server's data. */
export function runCli(...args: string[]) {
  return spawnSync(process.execPath, [CLI, ...args], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    encoding: 'utf8',
  });
}

/**
 * Creates a registration-complete user through the admin CLI against the running server's data
 * (main currency with its default pocket, system categories).
 */
export function createUser(options: {
  email: string;
  firstName?: string;
  lastName?: string;
  mainCurrency?: string;
  password?: string;
}) {
  const result = runCli(
    'user:create',
    '--email',
    options.email,
    '--password',
    options.password ?? DEFAULT_PASSWORD,
    '--first-name',
    options.firstName ?? 'Tess',
    ...(options.lastName === undefined ? [] : ['--last-name', options.lastName]),
    '--main-currency',
    options.mainCurrency ?? 'EUR',
  );
  if (result.status !== 0) throw new Error(`user:create failed: ${result.stderr}`);
}

/** Logs in through the login page and waits for the private area. */
export async function logIn(page: Page, email: string, password = DEFAULT_PASSWORD): Promise<void> {
  await new LoginPage(page).logInFully(email, password);
}

/** A fresh user, logged in on `page`; returns the e-mail. */
export async function freshUser(page: Page, testInfo: TestInfo, name: string, mainCurrency = 'EUR'): Promise<string> {
  const email = uniqueEmail(testInfo, name);
  createUser({ email, mainCurrency });
  await logIn(page, email);
  return email;
}
