import type { InterventionKind, PageQuery } from '@meridian/contracts';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { paginate } from '../../platform/db/sql.ts';
import type { StudentScope } from '../people/students/scope.ts';
import { warningInScope } from '../warnings/repository.ts';
import type { InterventionsTable } from './tables.ts';

export async function insertIntervention(
  trx: Transaction<Database>,
  row: Insertable<InterventionsTable>,
): Promise<number> {
  const { id } = await trx.insertInto('interventions').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** How many of these files exist and were uploaded by `ownerId`: attachments are the author's own uploads. */
export async function ownFiles(db: Kysely<Database>, ids: readonly number[], ownerId: number): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .selectFrom('files')
    .select('id')
    .where('id', 'in', ids)
    .where('owner_id', '=', ownerId)
    .execute();
  return rows.length;
}

export interface InterventionFilters {
  warningId?: number | undefined;
  studentId?: number | undefined;
  kind?: InterventionKind | undefined;
}

/** Records on warnings the reader may see (the warning's scope is the record's). */
export function interventionPage(
  db: Kysely<Database>,
  scope: StudentScope,
  userId: number,
  f: InterventionFilters,
  paging: PageQuery,
) {
  let q = db
    .selectFrom('interventions as i')
    .innerJoin('warnings as w', 'w.id', 'i.warning_id')
    .leftJoin('users as u', 'u.id', 'i.author_id')
    .selectAll('i')
    .select('u.nickname as author_name')
    .where(warningInScope(scope, userId));
  if (f.warningId !== undefined) q = q.where('i.warning_id', '=', f.warningId);
  if (f.studentId !== undefined) q = q.where('i.student_id', '=', f.studentId);
  if (f.kind !== undefined) q = q.where('i.kind', '=', f.kind);
  return paginate(q.orderBy('i.happened_at', 'desc').orderBy('i.id', 'desc'), paging);
}
export type InterventionListRow = Awaited<ReturnType<typeof interventionPage>>['list'][number];
