import { idParamSchema, ruleInputSchema, updateRuleSchema, type Rule } from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { parseOr400 } from '../../http/validate.js';
import { denyDemo, sessionOf, type RequireUser } from '../auth/guard.js';
import type { RulesService } from './service.js';

export function ruleRoutes(app: FastifyInstance, service: RulesService, requireUser: RequireUser): void {
  const opts = { preHandler: requireUser };
  app.get('/api/rule/getall', opts, (request): Promise<Rule[]> => service.list(sessionOf(request).user.id));
  app.post('/api/rule/add', opts, (request): Promise<Rule> =>
    service.add(sessionOf(request).user.id, parseOr400(ruleInputSchema, request.body)),
  );
  app.post('/api/rule/update', opts, (request): Promise<Rule> =>
    service.update(sessionOf(request).user.id, parseOr400(updateRuleSchema, request.body)),
  );
  // Deleting is refused to the demo user, as for categories and fixpoints (spec: 'Not allowed for demo user').
  app.delete('/api/rule/delete/:id', { preHandler: [requireUser, denyDemo] }, async (request, reply) => {
    await service.delete(sessionOf(request).user.id, parseOr400(idParamSchema, request.params, 'id').id);
    return reply.status(204).send();
  });
}
