import type { auditQuery } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../platform/db/schema.ts';
import { fromJson, paginate } from '../../platform/db/sql.ts';
import { type Scope, scopeOf, userInScope } from '../access/scope.ts';
import type { Actor } from '../orgs/actor.ts';
import { contains } from '../orgs/text.ts';

type Filters = Omit<z.infer<typeof auditQuery>, 'page' | 'size'>;

/**
 * The audit entries the scope may read, newest first: a school administrator's are those of the
 * users in their scope; entries with no known user (a failed sign-in to an unknown account) are
 * the platform's alone.
 */
export function auditPage(db: Kysely<Database>, scope: Scope, filters: Filters, page: { page: number; size: number }) {
  const query = db
    .selectFrom('audit_log as l')
    .leftJoin('users as u', 'u.id', 'l.user_id')
    .select([
      'l.id',
      'l.at',
      'l.user_id',
      'l.account',
      'l.action',
      'l.result',
      'l.target_type',
      'l.target_id',
      'l.detail',
      'l.ip',
      'l.user_agent',
    ])
    .$if(!scope.all, (q) => q.where('l.user_id', 'is not', null).where(userInScope(scope)))
    .$if(Boolean(filters.account), (q) => q.where(contains('l.account', filters.account ?? '')))
    .$if(Boolean(filters.action), (q) => q.where('l.action', '=', filters.action ?? ''))
    .$if(filters.result !== undefined, (q) => q.where('l.result', '=', filters.result ?? 'ok'))
    .$if(filters.from !== undefined, (q) => q.where('l.at', '>=', filters.from ?? 0))
    .$if(filters.to !== undefined, (q) => q.where('l.at', '<', filters.to ?? 0))
    .orderBy('l.at', 'desc')
    .orderBy('l.id', 'desc');
  return paginate(query, page);
}

export async function searchAudit(actor: Actor, query: z.infer<typeof auditQuery>) {
  const { page, size, ...filters } = query;
  const result = await auditPage(actor.db, await scopeOf(actor.db, actor.auth), filters, { page, size });
  return {
    ...result,
    list: result.list.map((row) => ({
      id: row.id,
      at: row.at,
      userId: row.user_id,
      account: row.account,
      action: row.action,
      result: row.result,
      targetType: row.target_type,
      targetId: row.target_id,
      detail: fromJson<Record<string, unknown> | null>(row.detail) ?? {},
      ip: row.ip,
      userAgent: row.user_agent,
    })),
  };
}
