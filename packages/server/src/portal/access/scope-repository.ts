import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { reusable } from '../../platform/db/reusable.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { Scope } from './scope.ts';

/** The organisations of the caller's role and of their identities: read before every scoped read, so compiled once. */
export const orgsOfCaller = reusable(
  (db: Kysely<Database>, v: { userId: number; roleId: number | null; identityId: number | null }) =>
    db
      .selectFrom('user_roles as ur')
      .innerJoin('orgs as o', 'o.id', 'ur.org_id')
      .select(['o.path', sql<number>`1`.as('fromRole')])
      .where('ur.user_id', '=', v.userId)
      .$if(v.roleId !== null, (q) => q.where('ur.role_id', '=', v.roleId ?? 0))
      .unionAll(
        db
          .selectFrom('user_identities as ui')
          .innerJoin('orgs as o', 'o.id', 'ui.org_id')
          .select(['o.path', sql<number>`0`.as('fromRole')])
          .where('ui.user_id', '=', v.userId)
          .$if(v.identityId !== null, (q) => q.where('ui.identity_id', '=', v.identityId ?? 0)),
      ),
);

/** An account and every account below it (its sub-users, theirs, and so on). */
export async function accountTreeOf(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db
    .withRecursive('below(id)', (qc) =>
      qc
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .unionAll((q) => q.selectFrom('users as u').innerJoin('below as b', 'u.parent_id', 'b.id').select('u.id')),
    )
    .selectFrom('below')
    .select('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * A condition on `users` (aliased `u`) that keeps only the users the scope may see: those whose
 * department, or an identity's organisation, lies in one of the scope's subtrees, and the
 * Device Cloud accounts the caller owns.
 */
export function userInScope(scope: Scope) {
  return (eb: ExpressionBuilder<Database & { u: Database['users'] }, 'u'>) => {
    if (scope.all) return eb.lit(true);
    const inOrg = scope.orgPaths.flatMap((path) => [
      eb('u.dept_id', 'in', eb.selectFrom('orgs').select('orgs.id').where('orgs.path', 'like', `${path}%`)),
      eb.exists(
        eb
          .selectFrom('user_identities as sui')
          .innerJoin('orgs as so', 'so.id', 'sui.org_id')
          .select('sui.id')
          .whereRef('sui.user_id', '=', 'u.id')
          .where('so.path', 'like', `${path}%`),
      ),
    ]);
    return eb.or([eb('u.id', 'in', scope.ownerIds), ...inOrg]);
  };
}

/** A condition on `orgs` (aliased `o`) that keeps only the organisations inside the scope. */
export function orgInScope(scope: Scope) {
  return (eb: ExpressionBuilder<Database & { o: Database['orgs'] }, 'o'>) => {
    if (scope.all) return eb.lit(true);
    if (scope.orgPaths.length === 0) return eb.lit(false);
    return eb.or(scope.orgPaths.map((path) => eb('o.path', 'like', `${path}%`)));
  };
}

/** Whether one user lies inside the scope. */
export async function userIsInScope(db: Kysely<Database>, scope: Scope, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users as u')
    .select('u.id')
    .where('u.id', '=', userId)
    .where(userInScope(scope))
    .executeTakeFirst();
  return row !== undefined;
}
