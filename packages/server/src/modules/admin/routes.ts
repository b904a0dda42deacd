import {
  adminInviteRequestSchema,
  adminInviteResponseSchema,
  adminUserListSchema,
  adminUserSchema,
  adminWaitlistEntrySchema,
  adminWaitlistSchema,
  idParamSchema,
  type AdminInviteResponse,
  type AdminUser,
  type AdminWaitlistEntry,
} from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../http/errors.js';
import { docs } from '../../http/openapi.js';
import { parseOr400 } from '../../http/validate.js';
import { denyApiTokens, denyDemo, sessionOf, type RequireUser, type StepGuards } from '../auth/guard.js';
import type { AdminService } from './service.js';

/** A preHandler after the sign-in checks: only an administrator (stored role ADMIN) goes on. */
const requireAdmin: RequireUser = (request) =>
  sessionOf(request).user.role === 'ADMIN'
    ? Promise.resolve()
    : Promise.reject(forbidden('Only an administrator may do this'));

/**
 * admin/*: the admin page (issue 22). A signed-in browser session of an administrator only: the
 * demo answers 403 `demo`, every other user 403 `forbidden`, an API token 403 (scope.ts).
 */
export function adminRoutes(app: FastifyInstance, admin: AdminService, guards: StepGuards): void {
  const doc = docs('Admin');
  const admins = { preHandler: [guards.complete, denyApiTokens, denyDemo, requireAdmin] };

  app.get(
    '/api/admin/users',
    { ...admins, schema: doc({ summary: 'Every user of the install, oldest first', response: adminUserListSchema }) },
    (): Promise<AdminUser[]> => admin.listUsers(),
  );

  app.get(
    '/api/admin/waitlist',
    {
      ...admins,
      schema: doc({ summary: 'The waitlist, longest waiting first', response: adminWaitlistSchema }),
    },
    (): Promise<AdminWaitlistEntry[]> => admin.listWaitlist(),
  );

  app.post(
    '/api/admin/invite',
    {
      ...admins,
      schema: doc({
        summary: 'Mail an address a single-use code; signing up with it skips the referral step, in every mode',
        body: adminInviteRequestSchema,
        response: adminInviteResponseSchema,
        created: true,
      }),
    },
    async (request, reply): Promise<AdminInviteResponse> => {
      const { email } = parseOr400(adminInviteRequestSchema, request.body);
      const invited = await admin.invite(email);
      void reply.status(201);
      return invited;
    },
  );

  app.post(
    '/api/admin/approve/:id',
    {
      ...admins,
      schema: doc({
        summary: 'Mail a waitlisted user (by user id) a referral code with a link to the referral step',
        params: idParamSchema,
        response: adminWaitlistEntrySchema,
      }),
    },
    (request): Promise<AdminWaitlistEntry> => admin.approve(parseOr400(idParamSchema, request.params, 'id').id),
  );

  app.post(
    '/api/admin/disable/:id',
    {
      ...admins,
      schema: doc({
        summary: 'Disable a user: no sign-in, sessions and tokens stop at once (not oneself, not the demo)',
        params: idParamSchema,
        response: adminUserSchema,
      }),
    },
    (request): Promise<AdminUser> =>
      admin.disable(sessionOf(request).user, parseOr400(idParamSchema, request.params, 'id').id),
  );

  app.post(
    '/api/admin/enable/:id',
    {
      ...admins,
      schema: doc({ summary: 'Let a disabled user sign in again', params: idParamSchema, response: adminUserSchema }),
    },
    (request): Promise<AdminUser> => admin.enable(parseOr400(idParamSchema, request.params, 'id').id),
  );
}
