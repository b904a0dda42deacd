import { budgetRequestSchema, budgetSchema, type Budget } from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { docs } from '../../http/openapi.js';
import { parseOr400 } from '../../http/validate.js';
import { bookOf, type RequireUser } from '../auth/guard.js';
import type { BudgetsService } from './service.js';

export function budgetRoutes(app: FastifyInstance, service: BudgetsService, requireUser: RequireUser): void {
  const doc = docs('Budgets');
  app.post(
    '/api/budget/get',
    {
      preHandler: requireUser,
      schema: doc({
        summary: "A month's budgets: per expense category with a limit, spent, left, carried and history",
        description:
          "Amounts are in the main currency, each spending at its own day's rate; spending in a currency " +
          'without any exchange rate is not counted and is listed under `unconverted`.',
        body: budgetRequestSchema,
        response: budgetSchema,
      }),
    },
    (request): Promise<Budget> => service.get(bookOf(request), parseOr400(budgetRequestSchema, request.body).month),
  );
}
