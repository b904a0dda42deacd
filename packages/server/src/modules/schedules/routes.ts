import {
  addScheduleSchema,
  confirmOccurrenceSchema,
  idParamSchema,
  postedOccurrenceSchema,
  scheduleSchema,
  skipOccurrenceSchema,
  updateScheduleSchema,
  upcomingRequestSchema,
  upcomingSchema,
  type PostedOccurrence,
  type Schedule,
  type Upcoming,
} from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { docs } from '../../http/openapi.js';
import { parseOr400 } from '../../http/validate.js';
import { bookOf, denyDemo, type RequireUser } from '../auth/guard.js';
import type { SchedulesService } from './service.js';

const doc = docs('Schedules');
const idOf = (params: unknown) => parseOr400(idParamSchema, params, 'id').id;

export function scheduleRoutes(app: FastifyInstance, service: SchedulesService, requireUser: RequireUser): void {
  scheduleEntryRoutes(app, service, requireUser);
  occurrenceRoutes(app, service, requireUser);
}

/** The scheduled entries themselves: list, add, change, delete. */
function scheduleEntryRoutes(app: FastifyInstance, service: SchedulesService, requireUser: RequireUser): void {
  const opts = { preHandler: requireUser };
  app.get(
    '/api/schedule/getall',
    {
      ...opts,
      schema: doc({
        summary: 'Scheduled entries, with their next posting date and due occurrences',
        response: z.array(scheduleSchema),
      }),
    },
    (request): Promise<Schedule[]> => service.list(bookOf(request)),
  );
  app.post(
    '/api/schedule/add',
    {
      ...opts,
      schema: doc({
        summary: 'Add a scheduled entry',
        description:
          'An RFC 5545 rule from a start date (its DTSTART), an optional end, post or remind mode, the weekend ' +
          'rule and the transaction or conversion to post; a null amount asks for it at each confirm.',
        body: addScheduleSchema,
        response: scheduleSchema,
      }),
    },
    (request): Promise<Schedule> => service.add(bookOf(request), parseOr400(addScheduleSchema, request.body)),
  );
  app.post(
    '/api/schedule/update',
    {
      ...opts,
      schema: doc({
        summary: 'Change a scheduled entry (occurrences already posted or skipped stay)',
        body: updateScheduleSchema,
        response: scheduleSchema,
      }),
    },
    (request): Promise<Schedule> => {
      const body = parseOr400(updateScheduleSchema, request.body);
      return service.update(bookOf(request), body.id, body);
    },
  );
  // Deleting is refused to the demo user, as for rules and categories.
  app.delete(
    '/api/schedule/delete/:id',
    {
      preHandler: [requireUser, denyDemo],
      schema: doc({
        summary: 'Delete a scheduled entry (the rows it posted stay; not for the demo user)',
        params: idParamSchema,
        response: 'none',
      }),
    },
    async (request, reply) => {
      await service.delete(bookOf(request), idOf(request.params));
      return reply.status(204).send();
    },
  );
}

/** The occurrences of the entries: confirm, skip, and what is coming up. */
function occurrenceRoutes(app: FastifyInstance, service: SchedulesService, requireUser: RequireUser): void {
  const opts = { preHandler: requireUser };
  app.post(
    '/api/schedule/confirm/:id',
    {
      ...opts,
      schema: doc({
        summary: 'Post one occurrence now, optionally changed for this posting',
        description:
          '`occurrence` is the rule’s date (before the weekend rule). 400 naming `occurrence` when the rule has ' +
          'no such date, 409 when it was already posted or skipped.',
        params: idParamSchema,
        body: confirmOccurrenceSchema,
        response: postedOccurrenceSchema,
      }),
    },
    (request): Promise<PostedOccurrence> => {
      const id = idOf(request.params);
      return service.confirm(bookOf(request), id, parseOr400(confirmOccurrenceSchema, request.body));
    },
  );
  app.post(
    '/api/schedule/skip/:id',
    {
      ...opts,
      schema: doc({
        summary: 'Pass one occurrence over for good',
        description: '409 when it was already posted or skipped.',
        params: idParamSchema,
        body: skipOccurrenceSchema,
        response: 'none',
      }),
    },
    async (request, reply) => {
      const id = idOf(request.params);
      const { occurrence } = parseOr400(skipOccurrenceSchema, request.body);
      await service.skip(bookOf(request), id, occurrence);
      return reply.status(204).send();
    },
  );
  app.post(
    '/api/schedule/upcoming',
    {
      ...opts,
      schema: doc({
        summary: 'Pending occurrences (due, overdue and the next days) with projected available balances',
        body: upcomingRequestSchema,
        response: upcomingSchema,
      }),
    },
    (request): Promise<Upcoming> =>
      service.upcoming(bookOf(request), parseOr400(upcomingRequestSchema, request.body).days),
  );
}
