/**
 * Route guards for everyone's routes. `request.auth` ({user, role}) is set before any route hook
 * runs (server/auth/identity.ts), so a guard only compares.
 *
 * Usage (prefer `onRequest`, so a guest gets 401/403 before body validation can answer 400):
 *
 *   import { requireCapability, requireRole, requireUser } from '../auth/guards';
 *   app.post('/api/articles/:id/analyze', { onRequest: requireCapability('basicAnalysis') }, h);
 *   app.get('/api/admin/metrics', { onRequest: requireRole('admin') }, handler);
 *   // in the handler: request.auth.user (PublicUser | null), request.auth.role ('guest'|...)
 *
 * Answers: 401 {success:false, message:'Authentication required'} when nobody is signed in and
 * the route needs more than guest; 403 {success:false, message:'Required role: admin'} when the
 * signed-in role is too low (spec section 6 wording). Capabilities map to the lowest role that
 * has them (data/permissions.ts), so the 403 text names a role too.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ROLES, atLeast, can, type Capability, type Role } from '../../data/permissions';

export const AUTHENTICATION_REQUIRED = 'Authentication required';

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Lets requests through whose role is at least `minimum`. */
export function requireRole(minimum: Role): Guard {
  return async (request, reply) => {
    const { role, user } = request.auth;
    if (atLeast(role, minimum)) return;
    if (user === null) {
      await reply.code(401).send({ success: false, message: AUTHENTICATION_REQUIRED });
      return;
    }
    await reply.code(403).send({ success: false, message: `Required role: ${minimum}` });
  };
}

/** Lets requests through whose role has `capability`. */
export function requireCapability(capability: Capability): Guard {
  const lowest = ROLES.find((role) => can(role, capability));
  if (lowest === undefined) throw new Error(`no role has capability ${capability}`);
  const byRole = requireRole(lowest);
  return async (request, reply) => {
    if (can(request.auth.role, capability)) return;
    await byRole(request, reply);
  };
}

/** Any signed-in user (role user or above). */
export const requireUser = (): Guard => requireRole('user');
