/**
 * Account routes (spec section 7; reference in docs/api.md "Accounts"):
 *   POST /api/auth/register        {email, password, name?} -> 201 {success, message, user, token}
 *   POST /api/auth/login           {email, password}        -> {success, message, user, token}
 *   GET  /api/auth/me              bearer                   -> {success, user}
 *   POST /api/auth/logout          bearer                   -> {success, message} (revokes tokens)
 *   PUT  /api/auth/password        {currentPassword, newPassword} -> new token, old ones revoked
 *   PUT  /api/admin/users/:id/role {role}  admin only       -> {success, message, user}
 * Bodies are validated strictly (no coercion, unknown fields refused); failures are
 * {success:false, message} with the spec's texts ('Invalid credentials', 'Registration failed',
 * 'Token invalid').
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requireRole, requireUser } from '../auth/guards';
import { TOKEN_INVALID } from '../auth/identity';
import type { LoginLimiter } from '../auth/loginLimiter';
import {
  burnVerification,
  hashPassword,
  MAX_PASSWORD_LENGTH,
  needsRehash,
  passwordProblem,
  verifyPassword,
} from '../auth/passwords';
import type { AccessTokens } from '../auth/tokens';
import { normaliseEmail, toPublicUser, type UserRepository } from '../auth/users';
import { secondsUntil, tooManyRequests } from './rateLimit';
import {
  failure,
  failureResponses,
  jsonErrorHandler,
  strictValidatorCompiler,
} from './strictSchema';

export interface AuthRouteDeps {
  users: UserRepository;
  tokens: AccessTokens;
  loginLimiter: LoginLimiter;
}

export const MAX_EMAIL_LENGTH = 254;
export const MAX_NAME_LENGTH = 100;
/**
 * Schema cap on password fields. Longer than MAX_PASSWORD_LENGTH because the limit applies after
 * NFKC normalisation (code points); this only stops absurd bodies before any work is done.
 */
const PASSWORD_FIELD_MAX = MAX_PASSWORD_LENGTH * 4;

export const INVALID_CREDENTIALS = 'Invalid credentials';
/** Sign-in of an account an admin disabled (after the password checked out). */
export const ACCOUNT_DISABLED = 'This account is disabled';
export const REGISTRATION_FAILED = 'Registration failed';
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

const email = { type: 'string', format: 'email', maxLength: MAX_EMAIL_LENGTH } as const;
const password = { type: 'string', minLength: 1, maxLength: PASSWORD_FIELD_MAX } as const;

export const publicUserSchema = {
  type: 'object',
  required: ['id', 'email', 'name', 'role'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', enum: ['guest', 'user', 'admin'] },
  },
} as const;

const sessionResponse = {
  type: 'object',
  required: ['success', 'message', 'user', 'token'],
  properties: {
    success: { type: 'boolean' },
    message: { type: 'string' },
    user: publicUserSchema,
    token: { type: 'string' },
  },
} as const;

const strict = { validatorCompiler: strictValidatorCompiler, errorHandler: jsonErrorHandler };

interface RegisterBody {
  email: string;
  password: string;
  name?: string;
}
interface LoginBody {
  email: string;
  password: string;
}
interface PasswordBody {
  currentPassword: string;
  newPassword: string;
}
interface RoleBody {
  role: 'user' | 'admin';
}

export function registerAuthRoutes(app: FastifyInstance, deps: AuthRouteDeps): void {
  const { users, tokens, loginLimiter } = deps;

  app.post<{ Body: RegisterBody }>(
    '/api/auth/register',
    {
      ...strict,
      schema: {
        body: {
          type: 'object',
          required: ['email', 'password'],
          additionalProperties: false,
          properties: {
            email,
            password,
            name: { type: 'string', maxLength: MAX_NAME_LENGTH },
          },
        },
        response: { 201: sessionResponse, ...failureResponses },
      },
    },
    async (request, reply) => {
      const problem = passwordProblem(request.body.password);
      if (problem !== null) return reply.code(400).send(failure(problem));
      const emailAddress = normaliseEmail(request.body.email);
      const name = request.body.name?.trim() ?? '';
      const row = await users.create({
        email: emailAddress,
        name: name === '' ? defaultName(emailAddress) : name,
        passwordHash: await hashPassword(request.body.password),
      });
      // Taken email: the spec's generic text, nothing about which field failed.
      if (row === null) return reply.code(409).send(failure(REGISTRATION_FAILED));
      return reply.code(201).send({
        success: true,
        message: 'Registration successful',
        user: toPublicUser(row),
        token: await tokens.issue(row),
      });
    },
  );

  app.post<{ Body: LoginBody }>(
    '/api/auth/login',
    {
      ...strict,
      schema: {
        body: {
          type: 'object',
          required: ['email', 'password'],
          additionalProperties: false,
          properties: { email, password },
        },
        response: { 200: sessionResponse, ...failureResponses },
      },
    },
    async (request, reply) => {
      const account = normaliseEmail(request.body.email);
      const verdict = await loginLimiter.attempt(request.ip, account);
      if (!verdict.allowed) return tooManyRequests(reply, secondsUntil(verdict.resetAt));
      const user = await users.findByEmail(account);
      let ok = false;
      if (user === null) {
        await burnVerification(request.body.password);
      } else {
        ok = await verifyPassword(user.password_hash, request.body.password);
      }
      if (user === null || !ok) {
        await loginLimiter.failed(request.ip, account);
        await app.audit.record({
          action: 'auth.login_failed',
          target: account,
          ip: request.ip,
          detail: { known: user !== null },
        });
        return reply.code(401).send(failure(INVALID_CREDENTIALS));
      }
      await loginLimiter.succeeded(request.ip, account);
      if (user.disabled_at !== null) {
        await app.audit.record({
          action: 'auth.login_failed',
          actor: { id: user.id, email: user.email },
          target: account,
          ip: request.ip,
          detail: { disabled: true },
        });
        return reply.code(403).send(failure(ACCOUNT_DISABLED));
      }
      await app.audit.record({
        action: 'auth.login',
        actor: { id: user.id, email: user.email },
        target: user.id,
        ip: request.ip,
      });
      if (needsRehash(user.password_hash)) {
        await users.replaceHash(
          user.id,
          user.password_hash,
          await hashPassword(request.body.password),
        );
      }
      return {
        success: true,
        message: 'Login successful',
        user: toPublicUser(user),
        token: await tokens.issue(user),
      };
    },
  );

  app.get(
    '/api/auth/me',
    {
      errorHandler: jsonErrorHandler,
      schema: {
        response: {
          200: {
            type: 'object',
            required: ['success', 'user'],
            properties: { success: { type: 'boolean' }, user: publicUserSchema },
          },
          ...failureResponses,
        },
      },
    },
    async (request, reply) => {
      const { user } = request.auth;
      if (user === null) return reply.code(401).send(failure(TOKEN_INVALID));
      return { success: true, user };
    },
  );

  app.post(
    '/api/auth/logout',
    { onRequest: requireUser(), errorHandler: jsonErrorHandler },
    async (request, reply) => {
      const { user } = request.auth;
      if (user === null) return reply.code(401).send(failure(TOKEN_INVALID));
      await users.bumpTokenVersion(user.id);
      return { success: true, message: 'Logged out' };
    },
  );

  app.put<{ Body: PasswordBody }>(
    '/api/auth/password',
    {
      ...strict,
      onRequest: requireUser(),
      schema: {
        body: {
          type: 'object',
          required: ['currentPassword', 'newPassword'],
          additionalProperties: false,
          properties: { currentPassword: password, newPassword: password },
        },
        response: { 200: sessionResponse, ...failureResponses },
      },
    },
    async (request, reply) => {
      const signedIn = request.auth.user;
      if (signedIn === null) return reply.code(401).send(failure(TOKEN_INVALID));
      const problem = passwordProblem(request.body.newPassword);
      if (problem !== null) return reply.code(400).send(failure(problem));
      // A stolen token must not become a password oracle: same strict limit as login.
      const account = `#user:${signedIn.id}`;
      const verdict = await loginLimiter.attempt(request.ip, account);
      if (!verdict.allowed) return tooManyRequests(reply, secondsUntil(verdict.resetAt));
      const user = await users.findById(signedIn.id);
      if (user === null) return reply.code(401).send(failure(TOKEN_INVALID));
      if (!(await verifyPassword(user.password_hash, request.body.currentPassword))) {
        await loginLimiter.failed(request.ip, account);
        return reply.code(403).send(failure(WRONG_CURRENT_PASSWORD));
      }
      await loginLimiter.succeeded(request.ip, account);
      const updated = await users.setPassword(
        user.id,
        await hashPassword(request.body.newPassword),
      );
      if (updated === null) return reply.code(401).send(failure(TOKEN_INVALID));
      return {
        success: true,
        message: 'Password changed',
        user: toPublicUser(updated),
        token: await tokens.issue(updated),
      };
    },
  );

  app.put<{ Params: { id: string }; Body: RoleBody }>(
    '/api/admin/users/:id/role',
    {
      ...strict,
      onRequest: requireRole('admin'),
      schema: {
        params: {
          type: 'object',
          required: ['id'],
          additionalProperties: false,
          properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
        },
        body: {
          type: 'object',
          required: ['role'],
          additionalProperties: false,
          properties: { role: { type: 'string', enum: ['user', 'admin'] } },
        },
        response: {
          200: {
            type: 'object',
            required: ['success', 'message', 'user'],
            properties: {
              success: { type: 'boolean' },
              message: { type: 'string' },
              user: publicUserSchema,
            },
          },
          ...failureResponses,
        },
      },
    },
    async (request, reply: FastifyReply) => {
      // An admin demoting themself could leave nobody able to undo it.
      if (request.params.id === request.auth.user?.id) {
        return reply.code(400).send(failure('Admins cannot change their own role'));
      }
      const updated = await users.setRole(request.params.id, request.body.role);
      if (updated === null) return reply.code(404).send(failure('User not found'));
      const actor = request.auth.user;
      await app.audit.record({
        action: 'user.role',
        actor: actor === null ? null : { id: actor.id, email: actor.email },
        target: updated.id,
        ip: request.ip,
        detail: { role: updated.role, email: updated.email },
      });
      return { success: true, message: 'Role updated', user: toPublicUser(updated) };
    },
  );
}

/** 'ada.lovelace@example.org' -> 'ada.lovelace': a readable name until the user sets one. */
function defaultName(emailAddress: string): string {
  return (emailAddress.split('@', 1)[0] ?? '').slice(0, MAX_NAME_LENGTH) || 'User';
}
