import {
  bankConnectionSchema,
  bankConnectionUpdateSchema,
  bankConnectResultSchema,
  bankMapSchema,
  bankPendingRowSchema,
  bankSyncResultSchema,
  enableBankingStartResultSchema,
  enableBankingBankSchema,
  enableBankingStartSchema,
  idParamSchema,
  simplefinConnectSchema,
} from '@kassa/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError, notFound } from '../../http/errors.js';
import { docs } from '../../http/openapi.js';
import { parseOr400 } from '../../http/validate.js';
import { bookOf, type RequireUser } from '../auth/guard.js';
import type { EnableBankingService } from './enable-banking-service.js';
import type { BankSyncService } from './service.js';

/** The cookie that binds Enable Banking's return to the browser that started the consent. */
const STATE_COOKIE = 'kassa-bank-state';
const RETURN_PATH = '/api/bank/enablebanking/return';

const idOf = (params: unknown) => parseOr400(idParamSchema, params, 'id').id;

export function bankSyncRoutes(
  app: FastifyInstance,
  service: BankSyncService,
  enableBanking: EnableBankingService | undefined,
  requireUser: RequireUser,
): void {
  const doc = docs('Bank connections');
  const opts = { preHandler: requireUser };
  app.post(
    '/api/bank/simplefin/connect',
    {
      ...opts,
      schema: doc({
        summary:
          'Connect SimpleFIN Bridge with a setup token (claimed once; the access URL is kept sealed), or connect a connection again',
        body: simplefinConnectSchema,
        response: bankConnectResultSchema,
      }),
    },
    (request) => service.connectSimplefin(bookOf(request), parseOr400(simplefinConnectSchema, request.body)),
  );
  app.post(
    '/api/bank/connection/map/:id',
    {
      ...opts,
      schema: doc({
        summary: 'Map each account of a connection to a pocket of its currency (or a new one); null: not synced',
        params: idParamSchema,
        body: bankMapSchema,
        response: bankConnectionSchema,
      }),
    },
    (request) => service.map(bookOf(request), idOf(request.params), request.body),
  );
  app.post(
    '/api/bank/connection/sync/:id',
    {
      ...opts,
      schema: doc({
        summary: 'Sync now: the booked rows as one import batch, pending rows apart, the bank balances as anchors',
        params: idParamSchema,
        response: bankSyncResultSchema,
      }),
    },
    (request) => service.sync(bookOf(request), idOf(request.params)),
  );
  app.post(
    '/api/bank/connection/update/:id',
    {
      ...opts,
      schema: doc({
        summary: 'Pause or resume a connection; whether pending rows count in the accounts\u2019 available balance',
        params: idParamSchema,
        body: bankConnectionUpdateSchema,
        response: bankConnectionSchema,
      }),
    },
    (request) => service.update(bookOf(request), idOf(request.params), request.body),
  );
  app.get(
    '/api/bank/connection/getall',
    { ...opts, schema: doc({ summary: "The book's bank connections", response: z.array(bankConnectionSchema) }) },
    (request) => service.getAll(bookOf(request)),
  );
  app.get(
    '/api/bank/connection/pending/:id',
    {
      ...opts,
      schema: doc({
        summary: "A connection's pending rows, and those since booked or lapsed",
        params: idParamSchema,
        response: z.array(bankPendingRowSchema),
      }),
    },
    (request) => service.pending(bookOf(request), idOf(request.params)),
  );
  app.delete(
    '/api/bank/connection/delete/:id',
    {
      ...opts,
      schema: doc({ summary: 'Remove a connection (its imported rows stay)', params: idParamSchema, response: 'none' }),
    },
    async (request, reply) => {
      const book = bookOf(request);
      const removed = await service.delete(book, idOf(request.params));
      const session = removed.provider === 'enablebanking' ? service.credentialsOf(book.id, removed) : undefined;
      if (session !== undefined) await enableBanking?.endSession(session);
      return reply.status(204).send();
    },
  );
  enableBankingRoutes(app, enableBanking, requireUser);
}

function enableBankingRoutes(
  app: FastifyInstance,
  service: EnableBankingService | undefined,
  requireUser: RequireUser,
): void {
  const doc = docs('Bank connections');
  const opts = { preHandler: requireUser };
  const configured = () => {
    if (service === undefined)
      throw notFound('Enable Banking is not set up on this server (ENABLE_BANKING_APP_ID, ENABLE_BANKING_KEY_FILE)');
    return service;
  };
  app.get(
    '/api/bank/enablebanking/available',
    {
      ...opts,
      schema: doc({
        summary: 'Whether this server offers Enable Banking',
        response: z.object({ available: z.boolean() }),
      }),
    },
    () => ({ available: service !== undefined }),
  );
  const banksQuery = z.object({ country: z.string().max(2) });
  app.get(
    '/api/bank/enablebanking/banks',
    {
      ...opts,
      schema: doc({
        summary: 'The banks Enable Banking offers in a country',
        querystring: banksQuery,
        response: z.array(enableBankingBankSchema),
      }),
    },
    (request) => configured().banks(parseOr400(banksQuery, request.query).country),
  );
  app.post(
    '/api/bank/enablebanking/start',
    {
      ...opts,
      schema: doc({
        summary: "Start a bank's consent: the URL to send the user to (a new connection, or a renewal)",
        body: enableBankingStartSchema,
        response: enableBankingStartResultSchema,
      }),
    },
    async (request, reply) => {
      const { url, state } = await configured().start(bookOf(request), request.body);
      void reply.setCookie(STATE_COOKIE, state, {
        path: RETURN_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: 30 * 60,
      });
      return { url };
    },
  );
  const returnQuery = z.object({
    code: z.string().max(4000).optional(),
    state: z.string().max(200).optional(),
    error: z.string().max(500).optional(),
  });
  app.get(
    RETURN_PATH,
    {
      schema: doc({
        summary: 'Where the bank sends the user back; redirects to the Bank connections screen',
        querystring: returnQuery,
        response: 'none',
        public: true,
      }),
    },
    async (request, reply) => {
      const cookie = request.cookies[STATE_COOKIE];
      void reply.clearCookie(STATE_COOKIE, { path: RETURN_PATH });
      try {
        const query = parseOr400(returnQuery, request.query);
        const id = await configured().finish(query, cookie);
        return await redirect(reply, `/manage/bank?connected=${id}`);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return redirect(reply, `/manage/bank?error=${encodeURIComponent(err.message)}`);
      }
    },
  );
}

function redirect(reply: FastifyReply, to: string) {
  return reply.status(302).header('location', to).send();
}
