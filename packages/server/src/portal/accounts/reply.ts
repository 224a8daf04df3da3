import { type Envelope, type MessageKey, translate } from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';

/** A success envelope whose message says what happened ("registered", "code sent"), not just "success". */
export function done<T>(request: FastifyRequest, key: MessageKey, data: T): Envelope<T> {
  return { code: 200, message: translate(key, request.lang), data };
}
