import { type Envelope, translate } from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';

/** The success envelope, its message in the caller's language. */
export function ok<T>(request: FastifyRequest, data: T): Envelope<T> {
  return { code: 200, message: translate('ok', request.lang), data };
}
