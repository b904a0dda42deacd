import { searchQuerySchema, searchResultSchema, type SearchResult } from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { docs } from '../../http/openapi.js';
import { sendPage } from '../../http/paging.js';
import { parseOr400 } from '../../http/validate.js';
import { bookOf, type RequireUser } from '../auth/guard.js';
import type { SearchService } from './service.js';

export function searchRoutes(app: FastifyInstance, service: SearchService, requireUser: RequireUser): void {
  app.post(
    '/api/transaction/search',
    {
      preHandler: requireUser,
      schema: docs('Transactions')({
        summary:
          'Transactions and conversions matching a search line (words, categories, amounts such as 12.50, >100 or 100..200, currency codes, years, month names), newest first (keyset paging)',
        body: searchQuerySchema,
        response: z.array(searchResultSchema),
        paged: true,
      }),
    },
    async (request, reply): Promise<SearchResult[]> =>
      sendPage(reply, await service.find(bookOf(request), parseOr400(searchQuerySchema, request.body ?? {}))),
  );
}
