import type { MessageKey, MessageParams } from '@meridian/contracts';
import type { core } from 'zod';

/** A broken rule found by a service rather than a schema, reported like a schema's. */
export interface RuleBroken {
  field: string;
  key: MessageKey;
  params?: MessageParams;
}

/**
 * An error the user should read: an HTTP status, a catalogue key for the message, and the data of
 * the envelope. Services throw it; the error handler translates it into the caller's language.
 */
export class AppError extends Error {
  readonly status: number;
  readonly key: MessageKey;
  readonly params: MessageParams;
  readonly code: number;
  readonly data: unknown;
  readonly rules: readonly RuleBroken[];
  /** Already logged where it happened (a failure answered to many requests): the handler does not log it again. */
  readonly logged: boolean;

  constructor(
    status: number,
    key: MessageKey,
    options: {
      params?: MessageParams;
      code?: number;
      data?: unknown;
      rules?: readonly RuleBroken[];
      logged?: boolean;
    } = {},
  ) {
    super(key);
    this.name = 'AppError';
    this.status = status;
    this.key = key;
    this.params = options.params ?? {};
    this.code = options.code ?? status;
    this.data = options.data ?? null;
    this.rules = options.rules ?? [];
    this.logged = options.logged ?? false;
  }
}

export const badRequest = (key: MessageKey, params?: MessageParams) => new AppError(400, key, { params });
export const notFound = (key: MessageKey = 'http.notFound', params?: MessageParams) =>
  new AppError(404, key, { params });
export const conflict = (key: MessageKey, params?: MessageParams) => new AppError(409, key, { params });
export const forbidden = (key: MessageKey, params?: MessageParams) => new AppError(403, key, { params });

/** Field errors found by a service: code 400 with one `{ field, msg }` per rule, like a schema's. */
export function rulesBroken(rules: readonly RuleBroken[]): AppError {
  return new AppError(400, 'http.validation', { rules });
}

/** What our validator compiler hands Fastify when a schema refuses the request. */
export class RequestValidationError extends Error {
  readonly issues: readonly core.$ZodIssue[];
  readonly statusCode = 400;

  constructor(issues: readonly core.$ZodIssue[]) {
    super('request validation failed');
    this.name = 'RequestValidationError';
    this.issues = issues;
  }
}
