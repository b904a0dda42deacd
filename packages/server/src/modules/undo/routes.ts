import { undoResultSchema, type UndoResult } from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { docs } from '../../http/openapi.js';
import { bookOf, type RequireUser } from '../auth/guard.js';
import type { UndoService } from './service.js';

const tokenParamSchema = z.object({ token: z.string() });

/** POST undo/{token}: reverts a delete or a bulk change that answered this token. */
export function undoRoutes(app: FastifyInstance, service: UndoService, requireUser: RequireUser): void {
  const doc = docs('Transactions');
  app.post(
    '/api/undo/:token',
    {
      preHandler: requireUser,
      schema: doc({
        summary: 'Undo a delete or a bulk change (token of its answer; once, within UNDO_TTL_MINUTES)',
        params: tokenParamSchema,
        response: undoResultSchema,
      }),
    },
    (request): Promise<UndoResult> => {
      // Any text may be a token; one this server never made is simply unknown (404).
      const { token } = request.params as { token?: unknown };
      return service.undo(bookOf(request), typeof token === 'string' ? token : '');
    },
  );
}
