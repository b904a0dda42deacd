import {
  categoryQuerySchema,
  categorySchema,
  idParamSchema,
  newCategorySchema,
  updateCategorySchema,
  type Category,
} from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseOr400 } from '../../http/validate.js';
import { bookOf, denyDemo, type RequireUser } from '../auth/guard.js';
import type { CategoriesService } from './service.js';
import { docs } from '../../http/openapi.js';

export function categoryRoutes(app: FastifyInstance, service: CategoriesService, requireUser: RequireUser): void {
  const doc = docs('Categories');
  const opts = { preHandler: requireUser };
  app.get(
    '/api/category/getall',
    {
      ...opts,
      schema: doc({
        summary: 'Categories, last used first (filters optional)',
        querystring: categoryQuerySchema,
        response: z.array(categorySchema),
      }),
    },
    (request): Promise<Category[]> => {
      const user = bookOf(request);
      return service.list(user.id, user.mainCurrency, parseOr400(categoryQuerySchema, request.query, 'query'));
    },
  );
  app.get(
    '/api/category/get-external',
    { ...opts, schema: doc({ summary: 'External categories', response: z.array(categorySchema) }) },
    (request): Promise<Category[]> => {
      const user = bookOf(request);
      return service.list(user.id, user.mainCurrency, { type: 'external' });
    },
  );
  app.get(
    '/api/category/getbyid/:id',
    { ...opts, schema: doc({ summary: 'One category', params: idParamSchema, response: categorySchema }) },
    (request): Promise<Category> => {
      const user = bookOf(request);
      return service.get(user.id, user.mainCurrency, parseOr400(idParamSchema, request.params, 'id').id);
    },
  );
  app.post(
    '/api/category/add',
    { ...opts, schema: doc({ summary: 'Add a category', body: newCategorySchema, response: categorySchema }) },
    (request): Promise<Category> => {
      const user = bookOf(request);
      return service.add(user.id, user.mainCurrency, parseOr400(newCategorySchema, request.body));
    },
  );
  app.post(
    '/api/category/update',
    { ...opts, schema: doc({ summary: 'Change a category', body: updateCategorySchema, response: categorySchema }) },
    (request): Promise<Category> => {
      const user = bookOf(request);
      return service.update(user.id, user.mainCurrency, parseOr400(updateCategorySchema, request.body));
    },
  );
  app.patch(
    '/api/category/close/:id',
    { ...opts, schema: doc({ summary: 'Close a category', params: idParamSchema, response: categorySchema }) },
    (request): Promise<Category> => {
      const user = bookOf(request);
      return service.close(user.id, user.mainCurrency, parseOr400(idParamSchema, request.params, 'id').id);
    },
  );
  // The demo's data resets daily, but deleting categories is refused to keep the tour intact.
  app.delete(
    '/api/category/delete/:id',
    {
      preHandler: [requireUser, denyDemo],
      schema: doc({ summary: 'Delete a category (not for the demo user)', params: idParamSchema, response: 'none' }),
    },
    async (request, reply) => {
      await service.delete(bookOf(request).id, parseOr400(idParamSchema, request.params, 'id').id);
      return reply.status(204).send();
    },
  );
}
