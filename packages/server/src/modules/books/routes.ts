import {
  bookHandoverSchema,
  bookInviteRequestSchema,
  bookInviteSchema,
  bookListSchema,
  bookMembersSchema,
  bookMemberUpdateSchema,
  bookSummarySchema,
  idParamSchema,
  type BookInvite,
  type BookMembers,
  type BookSummary,
} from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { docs } from '../../http/openapi.js';
import { parseOr400 } from '../../http/validate.js';
import { bookOf, clientOf, denyDemo, sessionOf, type RequireUser } from '../auth/guard.js';
import type { BooksService } from './service.js';

const tokenParamSchema = z.object({ token: z.string().min(1).max(100) });

/** book/*: invitations, members and roles of the book the Kassa-Book header names (issue 34). */
export function bookRoutes(app: FastifyInstance, service: BooksService, requireUser: RequireUser): void {
  const doc = docs('Books');
  const opts = { preHandler: requireUser };
  // A demo visitor's books are thrown away within a day: nobody is invited to them.
  const notDemo = { preHandler: [requireUser, denyDemo] };
  app.post(
    '/api/book/invite',
    {
      ...notDemo,
      schema: doc({
        summary: "Invite someone by e-mail to the request's book, as editor or viewer (the owner only)",
        description: 'Mails a link that works once, for 7 days; someone without an account signs up first.',
        body: bookInviteRequestSchema,
        response: bookInviteSchema,
        created: true,
      }),
    },
    async (request, reply): Promise<BookInvite> => {
      const body = parseOr400(bookInviteRequestSchema, request.body);
      const invite = await service.invite(bookOf(request), sessionOf(request).user, body, clientOf(request));
      void reply.status(201);
      return invite;
    },
  );
  app.post(
    '/api/book/accept/:token',
    {
      ...notDemo,
      schema: doc({
        summary: 'Accept an invitation mailed to your address',
        params: tokenParamSchema,
        response: bookSummarySchema,
      }),
    },
    (request): Promise<BookSummary> =>
      service.accept(sessionOf(request).user, parseOr400(tokenParamSchema, request.params).token, clientOf(request)),
  );
  app.get(
    '/api/book/getall',
    { ...opts, schema: doc({ summary: 'The books you may open: your own first', response: bookListSchema }) },
    (request): Promise<BookSummary[]> => service.list(sessionOf(request).user),
  );
  app.get(
    '/api/book/members',
    {
      ...opts,
      schema: doc({
        summary: "Who has access to the request's book; its open invitations for the owner",
        response: bookMembersSchema,
      }),
    },
    (request): Promise<BookMembers> => service.members(bookOf(request)),
  );
  memberRoutes(app, service, requireUser);
}

/** The owner's management of members and ownership, and a member's leaving. */
function memberRoutes(app: FastifyInstance, service: BooksService, requireUser: RequireUser): void {
  const doc = docs('Books');
  const opts = { preHandler: requireUser };
  const notDemo = { preHandler: [requireUser, denyDemo] };
  app.delete(
    '/api/book/invite/delete/:id',
    {
      ...notDemo,
      schema: doc({
        summary: 'Withdraw an invitation not yet accepted (the owner only)',
        params: idParamSchema,
        response: 'none',
      }),
    },
    async (request, reply) => {
      await service.withdrawInvite(bookOf(request), parseOr400(idParamSchema, request.params, 'id').id);
      return reply.status(204).send();
    },
  );
  app.post(
    '/api/book/handover',
    {
      ...notDemo,
      schema: doc({
        summary: "Hand the request's book over to one of its members (the owner only; the owner stays on as editor)",
        body: bookHandoverSchema,
        response: bookMembersSchema,
      }),
    },
    (request): Promise<BookMembers> =>
      service.handOver(bookOf(request), parseOr400(bookHandoverSchema, request.body), clientOf(request)),
  );
  app.post(
    '/api/book/member/update',
    {
      ...opts,
      schema: doc({
        summary: "Change a member's role (the owner only)",
        body: bookMemberUpdateSchema,
        response: bookMembersSchema,
      }),
    },
    (request): Promise<BookMembers> =>
      service.updateMember(bookOf(request), parseOr400(bookMemberUpdateSchema, request.body), clientOf(request)),
  );
  const userParamSchema = z.object({ userId: idParamSchema.shape.id });
  app.delete(
    '/api/book/member/delete/:userId',
    {
      ...opts,
      schema: doc({
        summary: 'Remove a member: their access ends at once (the owner only)',
        params: userParamSchema,
        response: 'none',
      }),
    },
    async (request, reply) => {
      const { userId } = parseOr400(userParamSchema, request.params, 'userId');
      await service.removeMember(bookOf(request), userId, clientOf(request));
      return reply.status(204).send();
    },
  );
  const bookParamSchema = z.object({ bookId: idParamSchema.shape.id });
  app.post(
    '/api/book/leave/:bookId',
    {
      ...opts,
      schema: doc({ summary: 'Leave a book shared with you', params: bookParamSchema, response: 'none' }),
    },
    async (request, reply) => {
      const { bookId } = parseOr400(bookParamSchema, request.params, 'bookId');
      await service.leave(sessionOf(request).user, bookId, clientOf(request));
      return reply.status(204).send();
    },
  );
}
