/**
 * A strict JSON-schema validator for routes that take JSON bodies (accounts, preferences).
 * Fastify's default Ajv coerces types (`"password": 123` becomes "123", `"crtEffect": "yes"`
 * fails only by luck) and silently REMOVES properties that additionalProperties:false forbids;
 * here wrong types and unknown fields are 400s, as the API reference promises. Opt in per route:
 * `{ schema, validatorCompiler: strictValidatorCompiler, errorHandler: jsonErrorHandler }`.
 * Also the spec-shaped error handler: {success:false, message} bodies, no stack traces.
 */
import { STATUS_CODES } from 'node:http';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifySchemaCompiler } from 'fastify/types/schema';

const ajv = new Ajv({
  coerceTypes: false,
  removeAdditional: false,
  useDefaults: false,
  allErrors: false,
  strict: true,
});
addFormats(ajv, ['email']);

export const strictValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema }) =>
  ajv.compile(schema as object);

export const failureSchema = {
  type: 'object',
  required: ['success', 'message'],
  properties: { success: { type: 'boolean', const: false }, message: { type: 'string' } },
} as const;

/** Response schemas for the error codes account routes answer with. */
export const failureResponses = {
  400: failureSchema,
  401: failureSchema,
  403: failureSchema,
  404: failureSchema,
  409: failureSchema,
  429: failureSchema,
} as const;

export interface FailureBody {
  success: false;
  message: string;
}

export function failure(message: string): FailureBody {
  return { success: false, message };
}

export function jsonErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.validation !== undefined) {
    void reply.code(400).send(failure(error.message));
    return;
  }
  const status =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600
      ? error.statusCode
      : 500;
  if (status >= 500) {
    // Details go to the log only: unexpected errors can carry SQL, paths or secrets.
    request.log.error({ err: error }, 'request failed');
    void reply.code(status).send(failure(STATUS_CODES[status] ?? 'Server Error'));
    return;
  }
  void reply.code(status).send(failure(error.message));
}
