import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { Scope } from '../../portal/access/scope.ts';

/** What the device form's selects offer, read for the caller's scope (decision 0041); each list at most `limit` long. */

type Db = Kysely<Database>;

/** The accounts the caller may give a device to, and the device's own owner. */
export function ownerChoices(db: Db, scope: Scope, extra: number | null, limit: number) {
  return db
    .selectFrom('users')
    .select(['id', 'account', 'nickname', 'parent_id'])
    .where((eb) =>
      eb.or([
        scope.all ? eb('user_type', 'in', ['main', 'sub']) : eb('id', 'in', scope.ownerIds),
        eb('id', '=', extra ?? 0),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The projects the caller may put a device in (as `projectInScope` decides), and the device's own. */
export function projectChoices(db: Db, scope: Scope, extra: number | null, limit: number) {
  return db
    .selectFrom('projects as p')
    .select(['p.id', 'p.name'])
    .where((eb) =>
      eb.or([
        scope.all ? eb.lit(true) : eb('p.owner_id', 'in', scope.ownerIds),
        eb('p.manager_id', '=', scope.userId),
        eb(
          'p.id',
          'in',
          eb.selectFrom('project_users as pu').select('pu.project_id').where('pu.user_id', '=', scope.userId),
        ),
        eb('p.id', '=', extra ?? 0),
      ]),
    )
    .limit(limit)
    .execute();
}

/** The caller's tree's templates and, for a device being edited, its owner's (the library never). */
export function templateChoices(
  db: Db,
  scope: Scope,
  extraOwner: number | null,
  extraTemplate: number | null,
  limit: number,
) {
  return db
    .selectFrom('templates as t')
    .select(['t.id', 't.name'])
    .where('t.owner_id', 'is not', null)
    .where((eb) =>
      eb.or([
        scope.all ? eb.lit(true) : eb('t.owner_id', 'in', scope.ownerIds),
        eb('t.owner_id', '=', extraOwner ?? 0),
        eb('t.id', '=', extraTemplate ?? 0),
      ]),
    )
    .limit(limit)
    .execute();
}

/** The tags of the caller's tree. */
export function tagChoices(db: Db, scope: Scope, limit: number) {
  return db
    .selectFrom('tags')
    .select(['id', 'name'])
    .$if(!scope.all, (q) => q.where('owner_id', 'in', scope.ownerIds))
    .limit(limit)
    .execute();
}
