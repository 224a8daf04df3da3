import type { Lang } from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { callerOf } from '../access/guard.ts';
import type { Auth } from '../sessions/service.ts';

/** Who acts, on which database, in which language: what a route hands its service. */
export interface Actor {
  db: Kysely<Database>;
  auth: Auth;
  lang: Lang;
  /** For the audit trail (address, browser). */
  request: FastifyRequest;
}

export function actorOf(request: FastifyRequest): Actor {
  return { db: request.server.db.kysely, auth: callerOf(request), lang: request.lang, request };
}
