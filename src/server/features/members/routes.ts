import type { FastifyInstance } from 'fastify';
import { grantBody, membersQuery } from '#shared/schemas/billing';
import type { AppContext } from '#server/context';
import { parse } from '#server/http/parse';
import { grantMembership, listMembers, memberRouteId, revokeMembership } from './members';

/** The admin's member list, and the memberships an admin grants and revokes (family, annual special). */
export function membersRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/admin/members', { config: { access: 'admin' } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return listMembers(ctx, parse(membersQuery, request.query));
  });

  app.post<{ Params: { id: string } }>(
    '/api/admin/members/:id/grant',
    { config: { access: 'admin' } },
    async (request) => {
      const member = await grantMembership(ctx, memberRouteId(request.params.id), parse(grantBody, request.body));
      return { success: true, message: `Access granted to ${member.email}.`, member };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/members/:id/revoke',
    { config: { access: 'admin' } },
    async (request) => {
      const member = await revokeMembership(ctx, memberRouteId(request.params.id));
      return { success: true, message: `Access revoked for ${member.email}.`, member };
    },
  );
}
