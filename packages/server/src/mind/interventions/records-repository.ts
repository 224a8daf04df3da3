import type { InterventionKind, PageQuery, WarningSource } from '@meridian/contracts';
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
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

/** How many of these paths name files uploaded by `ownerId`: attachments are the author's own uploads. */
export async function ownFiles(db: Kysely<Database>, paths: readonly string[], ownerId: number): Promise<number> {
  // Guard against running an invalid query when the list is empty.
  if (paths.length === 0) return 0;
  const rows = await db
    .selectFrom('files')
    .select('id')
    .where('path', 'in', paths)
    .where('owner_id', '=', ownerId)
    .execute();
  return rows.length;
}

/** Whether a record on a warning in the scope holds this file among its attachments. */
export async function attachedInScope(
  db: Kysely<Database>,
  scope: StudentScope,
  userId: number,
  path: string,
): Promise<boolean> {
  // The list is JSON (text in SQLite, jsonb in PostgreSQL); a stored path is quoted in it, and
  // paths are generated from [a-z0-9/.], so no LIKE wildcard can be in one.
  const row = await db
    .selectFrom('interventions as i')
    .innerJoin('warnings as w', 'w.id', 'i.warning_id')
    .select('i.id')
    .where(sql<string>`cast(${sql.ref('i.attachments')} as text)`, 'like', `%"${path}"%`)
    .where(warningInScope(scope, userId))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface InterventionFilters {
  warningId?: number | undefined;
  studentId?: number | undefined;
  kind?: InterventionKind | undefined;
  /** Records on warnings of this source only (`report`: a teacher's report of an incident). */
  source?: WarningSource | undefined;
  /** Happened at or after `from` and before `to`. */
  from?: number | undefined;
  to?: number | undefined;
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
    .innerJoin('students as s', 's.id', 'i.student_id')
    .leftJoin('users as u', 'u.id', 'i.author_id')
    .selectAll('i')
    .select(['u.nickname as author_name', 's.name as student_name'])
    .where(warningInScope(scope, userId));
  if (f.warningId !== undefined) q = q.where('i.warning_id', '=', f.warningId);
  if (f.studentId !== undefined) q = q.where('i.student_id', '=', f.studentId);
  if (f.kind !== undefined) q = q.where('i.kind', '=', f.kind);
  if (f.source !== undefined) q = q.where('w.source_type', '=', f.source);
  if (f.from !== undefined) q = q.where('i.happened_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('i.happened_at', '<', f.to);
  return paginate(q.orderBy('i.happened_at', 'desc').orderBy('i.id', 'desc'), paging);
}
export type InterventionListRow = Awaited<ReturnType<typeof interventionPage>>['list'][number];

/** Attachment files uploaded between `since` and `before`, after `afterId`, that no download task holds. */
export function uploadedAttachments(
  db: Kysely<Database>,
  since: number,
  before: number,
  afterId: number,
  limit: number,
) {
  return (
    db
      .selectFrom('files as f')
      .select(['f.id', 'f.path'])
      .where('f.purpose', '=', 'attachment')
      .where('f.created_at', '>=', since)
      .where('f.created_at', '<', before)
      .where('f.id', '>', afterId)
      // The download center keeps its files under the same purpose; its own cleanup removes them.
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('download_tasks as t').select('t.id').whereRef('t.file_id', '=', 'f.id'))),
      )
      .orderBy('f.id')
      .limit(limit)
      .execute()
  );
}

/** The attachments of records written since `since` (records with none left out). */
export function recordAttachmentsSince(db: Kysely<Database>, since: number) {
  return db
    .selectFrom('interventions')
    .select('attachments')
    .where('created_at', '>=', since)
    .where(sql<string>`cast(${sql.ref('attachments')} as text)`, '<>', '[]')
    .execute();
}
