import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType } from 'zod';
import { RequestValidationError } from './errors.ts';

/**
 * Validates with the route's Zod schema and keeps the raw issues (with their input), so that the
 * error handler can word each one in the caller's language; the input never leaves the server.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    return result.success ? { value: result.data } : { error: new RequestValidationError(result.error.issues) };
  };
