import type { PageQuery } from '@meridian/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { contains, paginate } from '../../../platform/db/sql.ts';
import type { Scope } from '../../../portal/access/scope.ts';
import { deviceVisible } from '../../devices/access-repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The count of `devices as d` rows, one sum per status, and the disabled ones (counted also under
 * their status). Sums come back null over no rows and as text from PostgreSQL's numeric; the
 * service turns them into numbers.
 */
const statusSums = [
  sql<number>`count(d.id)`.as('total'),
  sql<number>`sum(case when d.status = 'online' then 1 else 0 end)`.as('online'),
  sql<number>`sum(case when d.status = 'offline' then 1 else 0 end)`.as('offline'),
  sql<number>`sum(case when d.status = 'alarm' then 1 else 0 end)`.as('alarm'),
  sql<number>`sum(case when d.status = 'fault' then 1 else 0 end)`.as('fault'),
  sql<number>`sum(case when d.enabled = ${false} then 1 else 0 end)`.as('disabled'),
] as const;

/** The caller's visible devices, counted by status. */
export function deviceCounts(db: Db, scope: Scope) {
  return db.selectFrom('devices as d').select(statusSums).where(deviceVisible(scope, 'view')).executeTakeFirst();
}

/** The caller's visible devices by project; the devices in no project form one row with a null project. */
export function countsByProject(db: Db, scope: Scope) {
  return db
    .selectFrom('devices as d')
    .leftJoin('projects as p', 'p.id', 'd.project_id')
    .select(['d.project_id', 'p.name', ...statusSums])
    .where(deviceVisible(scope, 'view'))
    .groupBy(['d.project_id', 'p.name'])
    .orderBy('p.name')
    .execute();
}

/** The caller's visible devices by tag (a device with two tags counts under each). */
export function countsByTag(db: Db, scope: Scope) {
  return db
    .selectFrom('devices as d')
    .innerJoin('device_tags as dt', 'dt.device_id', 'd.id')
    .innerJoin('tags as t', 't.id', 'dt.tag_id')
    .select(['t.id as tag_id', 't.name', ...statusSums])
    .where(deviceVisible(scope, 'view'))
    .groupBy(['t.id', 't.name'])
    .orderBy('t.name')
    .execute();
}

/** The projects the caller runs (their accounts' projects) or takes part in, a page at a time. */
export function statisticsProjectPage(db: Db, scope: Scope, keyword: string | undefined, page: PageQuery) {
  const query = db
    .selectFrom('projects as p')
    .select(['p.id', 'p.name', 'p.manager_name'])
    .$if(!scope.all, (q) =>
      q.where((eb) =>
        eb.or([
          eb('p.owner_id', 'in', scope.ownerIds),
          eb('p.manager_id', '=', scope.userId),
          eb(
            'p.id',
            'in',
            eb.selectFrom('project_users as pu').select('pu.project_id').where('pu.user_id', '=', scope.userId),
          ),
        ]),
      ),
    )
    .$if(Boolean(keyword), (q) => q.where(contains('p.name', keyword ?? '')))
    .orderBy('p.id', 'desc');
  return paginate(query, page);
}

/** The visible devices of the given projects, counted by status per project. */
export function countsOfProjects(db: Db, scope: Scope, projectIds: number[]) {
  return db
    .selectFrom('devices as d')
    .select(['d.project_id', ...statusSums])
    .where('d.project_id', 'in', projectIds)
    .where(deviceVisible(scope, 'view'))
    .groupBy('d.project_id')
    .execute();
}
