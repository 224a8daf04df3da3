import type { PageQuery } from '@meridian/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { paginate } from '../../platform/db/sql.ts';
import type { Scope } from '../access/scope.ts';
import { userInScope } from '../access/scope-repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

function applications(db: Db) {
  return db
    .selectFrom('app_applications as ap')
    .innerJoin('users as u', 'u.id', 'ap.user_id')
    .innerJoin('apps as a', 'a.id', 'ap.app_id')
    .select([
      'ap.id',
      'ap.user_id',
      'u.account',
      'u.nickname',
      'ap.app_id',
      'a.code as app_code',
      'a.name as app_name',
      'a.name_en as app_name_en',
      'ap.reason',
      'ap.status',
      'ap.created_at',
      'ap.decided_at',
      'ap.decided_by',
      'ap.remark',
    ]);
}
export type ApplicationRecord = Awaited<ReturnType<ReturnType<typeof applications>['executeTakeFirstOrThrow']>>;

/** Applications awaiting a decision from applicants the scope may see, oldest first. */
export function pendingApplications(db: Db, scope: Scope, page: PageQuery) {
  return paginate(
    applications(db)
      .where('ap.status', '=', 'pending')
      .where(userInScope(scope))
      .orderBy('ap.created_at')
      .orderBy('ap.id'),
    page,
  );
}

/** One of the applicant's own applications. */
export function findOwnApplication(db: Db, userId: number, id: number) {
  return applications(db).where('ap.id', '=', id).where('ap.user_id', '=', userId).executeTakeFirst();
}

/** One application from an applicant the scope may see. */
export function findApplicationInScope(db: Db, scope: Scope, id: number) {
  return applications(db).where('ap.id', '=', id).where(userInScope(scope)).executeTakeFirst();
}

/** The caller's latest application per app. */
export async function latestApplications(db: Db, userId: number) {
  const rows = await db
    .selectFrom('app_applications')
    .select(['id', 'app_id', 'status', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return new Map(rows.map((r) => [r.app_id, r]));
}

export async function insertApplication(db: Db, userId: number, appId: number, reason: string | null): Promise<number> {
  const row = await db
    .insertInto('app_applications')
    .values({ user_id: userId, app_id: appId, reason, status: 'pending', created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function decideApplication(
  trx: Transaction<Database>,
  application: { id: number; user_id: number; app_id: number },
  decision: { approve: boolean; by: number; remark: string | null },
): Promise<void> {
  const at = Date.now();
  await trx
    .updateTable('app_applications')
    .set({
      status: decision.approve ? 'approved' : 'rejected',
      decided_at: at,
      decided_by: decision.by,
      remark: decision.remark,
    })
    .where('id', '=', application.id)
    .execute();
  if (!decision.approve) return;
  await trx
    .insertInto('app_users')
    .values({ app_id: application.app_id, user_id: application.user_id, granted_by: decision.by, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'app_id']).doNothing())
    .execute();
}
