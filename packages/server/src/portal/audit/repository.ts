import type { auditQuery } from '@meridian/contracts';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../platform/db/schema.ts';
import { contains, paginate } from '../../platform/db/sql.ts';
import type { Scope } from '../access/scope.ts';
import { userInScope } from '../access/scope-repository.ts';
import type { AuditLogTable } from '../identity/tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type AuditFilters = Omit<z.infer<typeof auditQuery>, 'page' | 'size'>;

export async function insertAuditEntry(db: Db, entry: Omit<Insertable<AuditLogTable>, 'id'>): Promise<void> {
  await db.insertInto('audit_log').values(entry).execute();
}

/**
 * The audit entries the scope may read, newest first: a school administrator's are those of the
 * users in their scope; entries with no known user (a failed sign-in to an unknown account) are
 * the platform's alone.
 */
export function auditPage(
  db: Kysely<Database>,
  scope: Scope,
  filters: AuditFilters,
  page: { page: number; size: number },
) {
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
