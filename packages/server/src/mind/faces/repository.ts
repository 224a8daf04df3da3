import { type Insertable, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { SchoolScope } from '../campus/repository.ts';
import type { FacePhotosTable, FaceSightingsTable } from './tables.ts';

// Whitelist faces and trajectories: every read of a school's rows takes the schools in scope.

type Db = Kysely<Database> | Transaction<Database>;

function inScope(column: 'o.id' | 'p.school_id', scope: SchoolScope) {
  if (scope.all) return sql<SqlBool>`1 = 1`;
  // Guard against an invalid `in ()`: no school, no rows.
  if (scope.schoolIds.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${sql.ref(column)} in (${sql.join(scope.schoolIds)})`;
}

/** The schools of the scope with their switch, who changed it and when. */
export function switchesOf(db: Db, scope: SchoolScope, schoolId?: number) {
  let q = db
    .selectFrom('orgs as o')
    .leftJoin('face_switches as f', 'f.school_id', 'o.id')
    .leftJoin('users as u', 'u.id', 'f.changed_by')
    .select(['o.id', 'o.name', 'f.enabled', 'f.changed_at', 'u.nickname'])
    .where('o.type', '=', 'school')
    .where(inScope('o.id', scope));
  if (schoolId !== undefined) q = q.where('o.id', '=', schoolId);
  return q.orderBy('o.id').limit(500).execute();
}

export async function isEnabled(db: Db, schoolId: number): Promise<boolean> {
  const row = await db
    .selectFrom('face_switches')
    .select('enabled')
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
  return row !== undefined && Boolean(row.enabled);
}

export async function saveSwitch(db: Db, schoolId: number, enabled: boolean, by: number, at: number): Promise<void> {
  await db
    .insertInto('face_switches')
    .values({ school_id: schoolId, enabled, changed_by: by, changed_at: at })
    .onConflict((oc) => oc.column('school_id').doUpdateSet({ enabled, changed_by: by, changed_at: at }))
    .execute();
}

export async function insertPhoto(db: Db, row: Insertable<FacePhotosTable>): Promise<number> {
  const { id } = await db.insertInto('face_photos').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

/** Re-seals a photo under its own row once the row has an id. */
export async function sealPhoto(db: Db, id: number, sealed: string): Promise<void> {
  await db.updateTable('face_photos').set({ sealed }).where('id', '=', id).execute();
}

const photoColumns = [
  'p.id',
  'p.student_id',
  'p.school_id',
  'p.consent_by',
  'p.consent_name',
  'p.consent_date',
  'p.basis',
  'p.retain_until',
  'p.created_at',
  's.name as student_name',
  'c.name as class_name',
  'u.nickname as created_by_name',
] as const;

function photos(db: Db, scope: SchoolScope) {
  return db
    .selectFrom('face_photos as p')
    .innerJoin('students as s', 's.id', 'p.student_id')
    .innerJoin('orgs as c', 'c.id', 's.org_id')
    .leftJoin('users as u', 'u.id', 'p.created_by')
    .select(photoColumns)
    .where(inScope('p.school_id', scope));
}

export function photosOf(db: Db, scope: SchoolScope, schoolId?: number) {
  let q = photos(db, scope);
  if (schoolId !== undefined) q = q.where('p.school_id', '=', schoolId);
  return q.orderBy('p.id', 'desc').limit(500).execute();
}

export function photoInScope(db: Db, scope: SchoolScope, id: number) {
  return photos(db, scope).where('p.id', '=', id).executeTakeFirst();
}

/** Deletes photos, and the sightings of every student left without a face: nothing is kept of them. */
export async function deletePhotos(db: Db, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const students = await db.selectFrom('face_photos').select('student_id').where('id', 'in', ids).distinct().execute();
  const gone = await db.deleteFrom('face_photos').where('id', 'in', ids).executeTakeFirst();
  const studentIds = students.map((s) => Number(s.student_id));
  if (studentIds.length > 0) {
    await db
      .deleteFrom('face_sightings')
      .where('student_id', 'in', studentIds)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('face_photos as p').select('p.id').whereRef('p.student_id', '=', 'face_sightings.student_id'),
          ),
        ),
      )
      .execute();
  }
  return Number(gone.numDeletedRows);
}

export async function expiredPhotoIds(db: Db, now: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('face_photos')
    .select('id')
    .where('retain_until', '<=', now)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Whether the student has a face in force at the school: whitelisted and not past its retention. */
export async function hasFaceInForce(db: Db, schoolId: number, studentId: number, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('face_photos')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('student_id', '=', studentId)
    .where('retain_until', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Stores a sighting once; undefined when the device already reported it. */
export async function insertSighting(db: Db, row: Insertable<FaceSightingsTable>): Promise<number | undefined> {
  const inserted = await db
    .insertInto('face_sightings')
    .values(row)
    .onConflict((oc) => oc.columns(['device_id', 'sighting_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted === undefined ? undefined : Number(inserted.id);
}

export function sightingByKey(db: Db, deviceId: number, key: string) {
  return db
    .selectFrom('face_sightings')
    .select('id')
    .where('device_id', '=', deviceId)
    .where('sighting_key', '=', key)
    .executeTakeFirst();
}

/** Where the student was seen at the school between two times, in time order, with each camera. */
export function sightingsOf(db: Db, schoolId: number, studentId: number, from: number, to: number) {
  return db
    .selectFrom('face_sightings as f')
    .innerJoin('campus_devices as d', 'd.id', 'f.device_id')
    .select(['f.id', 'f.seen_at', 'f.score', 'd.id as device_id', 'd.name', 'd.location'])
    .where('f.school_id', '=', schoolId)
    .where('f.student_id', '=', studentId)
    .where('f.seen_at', '>=', from)
    .where('f.seen_at', '<=', to)
    .orderBy('f.seen_at')
    .orderBy('f.id')
    .limit(2000)
    .execute();
}
