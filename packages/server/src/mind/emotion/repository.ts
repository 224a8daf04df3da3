import { EMOTIONS, NEGATIVE_EMOTIONS } from '@meridian/contracts';
import { type Insertable, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { EmotionClassHoursTable, EmotionColumns, EmotionSamplesTable } from './tables.ts';

// Class emotion samples and their hourly summaries (decision 0100): every board read takes the caller's scope.

type Db = Kysely<Database> | Transaction<Database>;

/** The schools and classes a caller may see: every one, or these ids. */
export interface EmotionScope {
  all: boolean;
  schoolIds: number[];
  classIds: number[];
  /** The organisation subtrees behind the ids, to check a node a screen is narrowed to. */
  orgPaths: string[];
}

/** A class of the school at `schoolPath`, by its id. */
export function classOfSchool(db: Db, classId: number, schoolPath: string) {
  return db
    .selectFrom('orgs')
    .select(['id', 'name'])
    .where('id', '=', classId)
    .where('type', '=', 'class')
    .where('path', 'like', `${schoolPath}%`)
    .executeTakeFirst();
}

/** An org of a type by its id, with its path (a school, a class or a bureau node named in a board's question). */
export function orgOfType(db: Db, id: number, type: 'school' | 'class' | 'bureau') {
  return db
    .selectFrom('orgs')
    .select(['id', 'name', 'path'])
    .where('id', '=', id)
    .where('type', '=', type)
    .executeTakeFirst();
}

/** The school above a class: the school org whose path its path starts with. */
export function schoolAbove(db: Db, classPath: string) {
  return db
    .selectFrom('orgs')
    .select(['id', 'name'])
    .where('type', '=', 'school')
    .where(sql<SqlBool>`${classPath} like ${sql.ref('path')} || '%'`)
    .executeTakeFirst();
}

export function sampleByKey(db: Db, deviceId: number, sampleId: string) {
  return db
    .selectFrom('emotion_samples')
    .select('id')
    .where('device_id', '=', deviceId)
    .where('sample_id', '=', sampleId)
    .executeTakeFirst();
}

/** Stores a sample once per device and id; undefined when it was there already. */
export async function insertSample(db: Db, row: Insertable<EmotionSamplesTable>): Promise<number | undefined> {
  const inserted = await db
    .insertInto('emotion_samples')
    .values(row)
    .onConflict((oc) => oc.columns(['device_id', 'sample_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? Number(inserted.id) : undefined;
}

const sumOf = (
  table: 'emotion_class_hours' | 'emotion_class_days',
  column: 'samples' | 'faces' | keyof EmotionColumns,
) => sql<number>`${sql.ref(`${table}.${column}`)} + ${sql.ref(`excluded.${column}`)}`;
const grown = (table: 'emotion_class_hours' | 'emotion_class_days') => ({
  samples: sumOf(table, 'samples'),
  faces: sumOf(table, 'faces'),
  ...Object.fromEntries(EMOTIONS.map((e) => [e, sumOf(table, e)])),
});

/**
 * Adds a sample to its class's hour and day, creating their rows on their first sample; answers the
 * day as summed so far (its faces and negative emotions), with every sample committed before it.
 */
export async function addToSummaries(
  db: Db,
  row: Insertable<EmotionClassHoursTable> & EmotionColumns,
): Promise<{ faces: number; negative: number }> {
  await db
    .insertInto('emotion_class_hours')
    .values(row)
    .onConflict((oc) => oc.columns(['class_id', 'day', 'hour']).doUpdateSet(grown('emotion_class_hours')))
    .execute();
  const { hour: _, ...day } = row;
  const sums = await db
    .insertInto('emotion_class_days')
    .values(day)
    .onConflict((oc) => oc.columns(['class_id', 'day']).doUpdateSet(grown('emotion_class_days')))
    .returning(['faces', ...NEGATIVE_EMOTIONS])
    .executeTakeFirstOrThrow();
  return { faces: Number(sums.faces), negative: NEGATIVE_EMOTIONS.reduce((n, e) => n + Number(sums[e]), 0) };
}

/** Which summary rows a board reads: the scope's, of one school or class, within the days. */
export interface BoardFilter {
  scope: EmotionScope;
  schoolId?: number;
  classId?: number;
  /** Only the schools under this organisation path (a sub-district's bureau). */
  underPath?: string;
  from: string;
  to: string;
}

function filtered(db: Db, f: BoardFilter, table: 'emotion_class_hours' | 'emotion_class_days') {
  let q = db
    .selectFrom(`${table} as h` as 'emotion_class_hours as h')
    .where('h.day', '>=', f.from)
    .where('h.day', '<=', f.to);
  if (!f.scope.all) {
    const { schoolIds, classIds } = f.scope;
    if (schoolIds.length === 0 && classIds.length === 0) q = q.where(sql<SqlBool>`1 = 0`);
    else
      q = q.where((eb) =>
        eb.or([
          ...(schoolIds.length > 0 ? [eb('h.school_id', 'in', schoolIds)] : []),
          ...(classIds.length > 0 ? [eb('h.class_id', 'in', classIds)] : []),
        ]),
      );
  }
  if (f.schoolId !== undefined) q = q.where('h.school_id', '=', f.schoolId);
  if (f.classId !== undefined) q = q.where('h.class_id', '=', f.classId);
  if (f.underPath !== undefined) {
    q = q.where(
      'h.school_id',
      'in',
      db.selectFrom('orgs').select('id').where('type', '=', 'school').where('path', 'like', `${f.underPath}%`),
    );
  }
  return q;
}

const sums = [
  sql<number>`sum(h.samples)`.as('samples'),
  sql<number>`sum(h.faces)`.as('faces'),
  ...EMOTIONS.map((e) => sql<number>`sum(${sql.ref(`h.${e}`)})`.as(e)),
] as const;

/** The sums per class and day, with the class's name. */
export function classDays(db: Db, f: BoardFilter) {
  return filtered(db, f, 'emotion_class_days')
    .innerJoin('orgs as c', 'c.id', 'h.class_id')
    .select(['h.class_id', 'c.name as class_name', 'h.day', ...sums])
    .groupBy(['h.class_id', 'c.name', 'h.day'])
    .orderBy('h.day')
    .execute();
}

/** The sums per school and day, with the school's name (the district screens). */
export function schoolDays(db: Db, f: BoardFilter) {
  return filtered(db, f, 'emotion_class_days')
    .innerJoin('orgs as s', 's.id', 'h.school_id')
    .select(['h.school_id', 's.name as school_name', 'h.day', ...sums])
    .groupBy(['h.school_id', 's.name', 'h.day'])
    .orderBy('h.day')
    .execute();
}

/**
 * The classes whose negative share over the days reaches `thousandths` (of a face), with their
 * school: compared in SQL on the summed thousandths, so only the few classes over it come back.
 */
export function classesOver(db: Db, f: BoardFilter, thousandths: number) {
  return filtered(db, f, 'emotion_class_days')
    .innerJoin('orgs as c', 'c.id', 'h.class_id')
    .innerJoin('orgs as s', 's.id', 'h.school_id')
    .select(['h.class_id', 'c.name as class_name', 'h.school_id', 's.name as school_name', ...sums])
    .groupBy(['h.class_id', 'c.name', 'h.school_id', 's.name'])
    .having(sql<SqlBool>`sum(h.sad) + sum(h.angry) + sum(h.fearful) >= ${thousandths} * sum(h.faces)`)
    .execute();
}

/** The sums per hour of the day. */
export function hourSums(db: Db, f: BoardFilter) {
  return filtered(db, f, 'emotion_class_hours')
    .select(['h.hour', ...sums])
    .groupBy('h.hour')
    .orderBy('h.hour')
    .execute();
}

/** The samples of the scope (of one school or class) between two instants, newest first, a page of them, with the count. */
export async function samplePage(db: Db, f: BoardFilter, fromMs: number, toMs: number, page: number, size: number) {
  let q = db.selectFrom('emotion_samples as s').where('s.occurred_at', '>=', fromMs).where('s.occurred_at', '<', toMs);
  if (!f.scope.all) {
    const { schoolIds, classIds } = f.scope;
    if (schoolIds.length === 0 && classIds.length === 0) q = q.where(sql<SqlBool>`1 = 0`);
    else
      q = q.where((eb) =>
        eb.or([
          ...(schoolIds.length > 0 ? [eb('s.school_id', 'in', schoolIds)] : []),
          ...(classIds.length > 0 ? [eb('s.class_id', 'in', classIds)] : []),
        ]),
      );
  }
  if (f.schoolId !== undefined) q = q.where('s.school_id', '=', f.schoolId);
  if (f.classId !== undefined) q = q.where('s.class_id', '=', f.classId);
  const [rows, count] = await Promise.all([
    q
      .innerJoin('orgs as c', 'c.id', 's.class_id')
      .innerJoin('campus_devices as d', 'd.id', 's.device_id')
      .select([
        's.id',
        's.occurred_at',
        's.received_at',
        's.faces',
        'c.name as class_name',
        'd.name as device_name',
        ...EMOTIONS.map((e) => `s.${e}` as const),
      ])
      .orderBy('s.occurred_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
