import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { RequireUser } from './modules/auth/guard.js';
import { credentialsKey } from './modules/bank-sync/credentials.js';
import { EnableBankingService } from './modules/bank-sync/enable-banking-service.js';
import { EnableBankingClient } from './modules/bank-sync/providers/enable-banking.js';
import { bankSyncRoutes } from './modules/bank-sync/routes.js';
import { BankSyncService } from './modules/bank-sync/service.js';
import type { ImportService } from './modules/import/service.js';
import type { LedgerReader } from './modules/ledger/index.js';

// Bank connections (issue 35), wired beside app.ts: SimpleFIN always, Enable Banking when the
// self-hoster configured its application id and key. Answers the service for the sync job.

export function registerBankSync(
  app: FastifyInstance,
  deps: { config: Config; database: Database; jwtSecret: string },
  imports: ImportService,
  ledger: LedgerReader,
  requireUser: RequireUser,
): BankSyncService {
  const { config, database, jwtSecret } = deps;
  const db = database.db;
  const policy = { allowHosts: config.bankSync?.allowHosts ?? [] };
  const key = credentialsKey(jwtSecret);
  const eb = config.bankSync?.enableBanking;
  const client =
    eb === undefined
      ? undefined
      : new EnableBankingClient({
          appId: eb.appId,
          privateKeyPem: readFileSync(eb.keyFile, 'utf8'),
          baseUrl: eb.apiUrl,
          policy,
        });
  // The service and Enable Banking's reads need each other: the reads are handed in once made.
  const reads: { fetchAccount: EnableBankingService['fetchAccount'] } = {
    fetchAccount: (...args) => {
      if (enableBanking === undefined) throw new Error('Enable Banking is not set up');
      return enableBanking.fetchAccount(...args);
    },
  };
  const service = new BankSyncService(
    db,
    { db, imports, ledger },
    { policy, key, ...(client && { enableBanking: reads }) },
  );
  const enableBanking =
    client === undefined
      ? undefined
      : new EnableBankingService(db, client, service, key, `${config.mail.publicUrl}/api/bank/enablebanking/return`);
  bankSyncRoutes(app, service, enableBanking, requireUser);
  return service;
}
