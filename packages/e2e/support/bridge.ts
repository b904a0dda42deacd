// The local SimpleFIN Bridge beside the journeys' server (serve.ts starts it on E2E_SIMPLEFIN_URL,
// packages/server/src/test/bank/simplefin-server.ts), driven over its control routes.
//
// The bridge serves one list of accounts to every connection made to it, and the desktop and
// phone runs of a journey may use it at the same moment on two workers. So each run keeps its own
// accounts (ids of its own) in a file of its own, and the bridge is always sent every run's
// accounts together: one run setting its next state never takes away or rewinds another's. The
// files live in the server's data folder, which serve.ts empties at every start.
import { mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import type { FakeAccount, FakeTransaction } from '../../server/src/test/bank/simplefin-server.js';
import { E2E_DATA_DIR, E2E_SIMPLEFIN_URL } from '../e2e-env.js';

export type { FakeAccount, FakeTransaction };

const DIR = path.join(E2E_DATA_DIR, 'simplefin-bridge');
const LOCK = path.join(DIR, 'lock');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` while holding the bridge's lock (a folder: made by one process at a time). */
async function locked<T>(work: () => Promise<T>): Promise<T> {
  mkdirSync(DIR, { recursive: true });
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || Date.now() > deadline) throw err;
      await sleep(25);
    }
  }
  try {
    return await work();
  } finally {
    rmdirSync(LOCK);
  }
}

/**
 * What this run (test and project) has the bridge serve from now on, beside the other runs'
 * accounts (`[]`: none of this run's any more).
 */
export async function serveAccounts(testInfo: TestInfo, accounts: FakeAccount[]): Promise<void> {
  await locked(async () => {
    const own = `${testInfo.project.name}-${testInfo.testId}.json`.replace(/[^\w.-]/g, '_');
    writeFileSync(path.join(DIR, own), JSON.stringify(accounts));
    const all = readdirSync(DIR)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .flatMap((f) => JSON.parse(readFileSync(path.join(DIR, f), 'utf8')) as FakeAccount[]);
    const res = await fetch(`${E2E_SIMPLEFIN_URL}/control/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(all),
    });
    if (!res.ok) throw new Error(`the bridge refused the accounts: ${res.status} ${await res.text()}`);
  });
}

/** A fresh single-use setup token of the bridge, as SimpleFIN Bridge gives one to paste. */
export async function setupToken(): Promise<string> {
  const res = await fetch(`${E2E_SIMPLEFIN_URL}/control/setup-token`, { method: 'POST' });
  if (!res.ok) throw new Error(`the bridge gave no setup token: ${res.status}`);
  return res.text();
}
