import type { Page, PageQuery, ParentRelation } from '@meridian/contracts';
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { prefixPattern } from './repository.ts';
import { type StudentScope, studentInScope } from './scope.ts';
import type { ParentRow, ParentsTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A condition on `parents` (aliased `p`): a parent is seen by whoever sees one of their children,
 * and by the administrators of the school that registered them (so that a parent whose children
 * all left is not lost).
 */
function parentInScope(scope: StudentScope) {
  return (eb: ExpressionBuilder<Database & { p: Database['parents'] }, 'p'>) => {
    if (scope.all) return eb.lit(true);
    const child = eb.exists(
      eb
        .selectFrom('student_parents as sp')
        .innerJoin('students as s', 's.id', 'sp.student_id')
        .select('sp.id')
        .whereRef('sp.parent_id', '=', 'p.id')
        .where(studentInScope(scope)),
    );
    return scope.schoolIds.length > 0 ? eb.or([eb('p.school_id', 'in', scope.schoolIds), child]) : child;
  };
}

export interface ParentFilters {
  schoolId?: number;
  studentId?: number;
  keyword?: string;
}

export async function parentPage(
  db: Db,
  scope: StudentScope,
  filters: ParentFilters,
  page: PageQuery,
): Promise<Page<ParentRow>> {
  const keyword = filters.keyword ? prefixPattern(filters.keyword) : undefined;
  const query = db
    .selectFrom('parents as p')
    .where(parentInScope(scope))
    .$if(filters.schoolId !== undefined, (q) => q.where('p.school_id', '=', filters.schoolId ?? 0))
    .$if(filters.studentId !== undefined, (q) =>
      q.where('p.id', 'in', (eb) =>
        eb
          .selectFrom('student_parents')
          .select('parent_id')
          .where('student_id', '=', filters.studentId ?? 0),
      ),
    )
    .$if(keyword !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          sql<boolean>`${eb.ref('p.name')} like ${keyword} escape '\\'`,
          sql<boolean>`${eb.ref('p.phone')} like ${keyword} escape '\\'`,
        ]),
      ),
    );
  const counted = await query.select(sql<number>`count(*)`.as('total')).executeTakeFirst();
  const total = Number(counted?.total ?? 0);
  if (total === 0) return { list: [], total, ...page };
  const list = await query
    .selectAll('p')
    .orderBy('p.id')
    .limit(page.size)
    .offset((page.page - 1) * page.size)
    .execute();
  return { list, total, ...page };
}

export function findParent(db: Db, scope: StudentScope, id: number): Promise<ParentRow | undefined> {
  return db
    .selectFrom('parents as p')
    .selectAll('p')
    .where('p.id', '=', id)
    .where(parentInScope(scope))
    .executeTakeFirst();
}

export async function parentPhoneTaken(db: Db, schoolId: number, phone: string, exceptId?: number): Promise<boolean> {
  const row = await db
    .selectFrom('parents')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('phone', '=', phone)
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId ?? 0))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertParent(db: Db, values: Omit<ParentsTable, 'id'>): Promise<number> {
  const row = await db.insertInto('parents').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateParent(db: Db, id: number, changes: Partial<Omit<ParentsTable, 'id'>>): Promise<void> {
  await db
    .updateTable('parents')
    .set({ ...changes, updated_at: Date.now() })
    .where('id', '=', id)
    .execute();
}

export async function deleteParent(db: Db, id: number): Promise<void> {
  await db.deleteFrom('student_parents').where('parent_id', '=', id).execute();
  await db.deleteFrom('parents').where('id', '=', id).execute();
}

export async function linkOf(db: Db, parentId: number, studentId: number) {
  return db
    .selectFrom('student_parents')
    .select(['id', 'relation'])
    .where('parent_id', '=', parentId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
}

export async function insertLink(db: Db, parentId: number, studentId: number, relation: ParentRelation): Promise<void> {
  await db
    .insertInto('student_parents')
    .values({ parent_id: parentId, student_id: studentId, relation, created_at: Date.now() })
    .execute();
}

export async function deleteLink(db: Db, parentId: number, studentId: number): Promise<void> {
  await db
    .deleteFrom('student_parents')
    .where('parent_id', '=', parentId)
    .where('student_id', '=', studentId)
    .execute();
}

/** The children of the given parents that the scope may see, each with their relation. */
export function childrenOf(db: Db, scope: StudentScope, parentIds: number[]) {
  // Guard against running an invalid `in ()` when the page is empty.
  if (parentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('student_parents as sp')
    .innerJoin('students as s', 's.id', 'sp.student_id')
    .select(['sp.parent_id', 'sp.student_id', 'sp.relation', 's.name', 's.student_no'])
    .where('sp.parent_id', 'in', parentIds)
    .where(studentInScope(scope))
    .orderBy('sp.id')
    .execute();
}

/** The parents of the given students, each with their relation. */
export function parentsOf(db: Db, studentIds: number[]) {
  // Guard against running an invalid `in ()` when there are no students.
  if (studentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('student_parents as sp')
    .innerJoin('parents as p', 'p.id', 'sp.parent_id')
    .select(['sp.student_id', 'sp.parent_id', 'sp.relation', 'p.name', 'p.phone', 'p.user_id'])
    .where('sp.student_id', 'in', studentIds)
    .orderBy('sp.id')
    .execute();
}
