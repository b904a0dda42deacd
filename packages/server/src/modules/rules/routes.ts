import { idParamSchema, ruleInputSchema, ruleSchema, updateRuleSchema, type Rule } from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseOr400 } from '../../http/validate.js';
import { bookOf, denyDemo, type RequireUser } from '../auth/guard.js';
import type { RulesService } from './service.js';
import { docs } from '../../http/openapi.js';

export function ruleRoutes(app: FastifyInstance, service: RulesService, requireUser: RequireUser): void {
  const doc = docs('Rules');
  const opts = { preHandler: requireUser };
  app.get(
    '/api/rule/getall',
    { ...opts, schema: doc({ summary: 'Category rules for import', response: z.array(ruleSchema) }) },
    (request): Promise<Rule[]> => service.list(bookOf(request).id),
  );
  // Changing rules is refused to the demo user too: anyone may sign in as the demo, and its books
  // are rebuilt daily, so a rule stored there would only sit in every visitor's imports.
  const notDemo = { preHandler: [requireUser, denyDemo] };
  app.post(
    '/api/rule/add',
    {
      ...notDemo,
      schema: doc({ summary: 'Add a rule (not for the demo user)', body: ruleInputSchema, response: ruleSchema }),
    },
    (request): Promise<Rule> => service.add(bookOf(request).id, parseOr400(ruleInputSchema, request.body)),
  );
  app.post(
    '/api/rule/update',
    {
      ...notDemo,
      schema: doc({ summary: 'Change a rule (not for the demo user)', body: updateRuleSchema, response: ruleSchema }),
    },
    (request): Promise<Rule> => service.update(bookOf(request).id, parseOr400(updateRuleSchema, request.body)),
  );
  // Deleting is refused to the demo user, as for categories and fixpoints (spec: 'Not allowed for demo user').
  app.delete(
    '/api/rule/delete/:id',
    {
      ...notDemo,
      schema: doc({ summary: 'Delete a rule (not for the demo user)', params: idParamSchema, response: 'none' }),
    },
    async (request, reply) => {
      await service.delete(bookOf(request).id, parseOr400(idParamSchema, request.params, 'id').id);
      return reply.status(204).send();
    },
  );
}
