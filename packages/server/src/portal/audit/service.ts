import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { toJson } from '../../platform/db/sql.ts';
import { insertAuditEntry } from './repository.ts';

export interface AuditEntry {
  action: string;
  result?: 'ok' | 'fail';
  userId?: number | null;
  account?: string | null;
  targetType?: string;
  targetId?: string | number;
  detail?: Record<string, unknown>;
}

/**
 * Records who did what, when and from where. Pass the transaction of the change when there is one,
 * so that a change and its record land together.
 */
export async function audit(
  db: Kysely<Database> | Transaction<Database>,
  request: FastifyRequest | null,
  entry: AuditEntry,
): Promise<void> {
  const auth = request?.auth;
  await insertAuditEntry(db, {
    at: Date.now(),
    user_id: entry.userId !== undefined ? entry.userId : (auth?.userId ?? null),
    account: entry.account !== undefined ? entry.account : (auth?.account ?? null),
    action: entry.action,
    result: entry.result ?? 'ok',
    target_type: entry.targetType ?? null,
    target_id: entry.targetId === undefined ? null : String(entry.targetId),
    detail: toJson({ ...entry.detail, ...(auth?.runAsBy ? { runAsBy: auth.runAsBy } : {}) }),
    ip: request?.ip ?? null,
    user_agent: request?.headers['user-agent']?.slice(0, 300) ?? null,
  });
}
