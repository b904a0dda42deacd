import type { BankConnection, Pocket } from '@kassa/contract';

/** Fixtures of the bank screen's tests: pockets in three currencies, a connection to override. */

export const POCKETS: Pocket[] = [
  { pocketId: 1, name: 'Girokonto', currency: 'EUR', isCash: false, balance: 0 },
  { pocketId: 2, name: 'Savings', currency: 'EUR', isCash: false, balance: 0 },
  { pocketId: 3, name: 'US Checking', currency: 'USD', isCash: false, balance: 0 },
  { pocketId: 4, name: 'Wallet', currency: 'USD', isCash: true, balance: 0 },
  { pocketId: 5, name: 'Forint', currency: 'HUF', isCash: false, balance: 0 },
];

type Account = BankConnection['accounts'][number];

export const account = (over: Partial<Account> & Pick<Account, 'accountId' | 'name' | 'currency'>): Account => ({
  balance: 1234.56,
  balanceDate: '2026-03-31',
  pocketId: null,
  pendingCount: 0,
  pendingAmount: 0,
  available: 1234.56,
  ...over,
});

/** An active SimpleFIN connection of two mapped accounts, synced once; spread it to vary a field. */
export const CONNECTION: BankConnection = {
  connectionId: 5,
  provider: 'simplefin',
  name: 'First Bank',
  status: 'active',
  consentExpiresAt: null,
  consentExpiresSoon: false,
  retryAfter: null,
  lastSyncAt: '2026-03-31T06:00:00Z',
  lastError: null,
  pendingInAvailable: false,
  accounts: [
    account({ accountId: 'eur-1', name: 'Euro account', currency: 'EUR', pocketId: 1 }),
    account({
      accountId: 'usd-1',
      name: 'Everyday Checking',
      currency: 'USD',
      pocketId: 3,
      balance: 500,
      pendingCount: 2,
      pendingAmount: -45.5,
      available: 500,
    }),
  ],
  log: [
    {
      at: '2026-03-31T06:00:00Z',
      trigger: 'scheduled',
      batchId: 80,
      counts: { new: 3, pending: 2, posted: 1, duplicate: 0, expired: 1 },
      anchors: [{ pocketId: 3, date: '2026-03-31', balance: 500, error: 2.5 }],
      error: null,
    },
  ],
};
