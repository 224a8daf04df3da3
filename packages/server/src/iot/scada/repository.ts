import type { PageQuery } from '@meridian/contracts';
import { type Insertable, type Kysely, sql, type Transaction, type Updateable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { contains } from '../../platform/db/sql.ts';
import type { Scope } from '../../portal/access/scope.ts';
import { deviceVisible } from '../devices/access-repository.ts';
import type { ScadaLinksTable, ScadaScreensTable, ScadaVersionsTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The screens a caller sees: their account tree's, and the open ones of the accounts above them (`sharedFrom`). */
export interface ScreenScope extends Scope {
  sharedFrom: number[];
}

function scopedScreens(db: Db, scope: ScreenScope) {
  return db
    .selectFrom('scada_screens as s')
    .innerJoin('users as u', 'u.id', 's.owner_id')
    .$if(!scope.all, (q) =>
      q.where((eb) => {
        const own = eb('s.owner_id', 'in', scope.ownerIds);
        // Guard against an empty `in ()`: a top account has nobody above it.
        if (scope.sharedFrom.length === 0) return own;
        return eb.or([own, eb.and([eb('s.sharing', '=', 'open'), eb('s.owner_id', 'in', scope.sharedFrom)])]);
      }),
    );
}

const summary = [
  's.id',
  's.owner_id',
  's.name',
  's.sharing',
  's.element_count',
  's.revision',
  's.updated_at',
  'u.nickname as owner_name',
] as const;

export async function listScreens(db: Db, scope: ScreenScope, keyword: string | undefined, page: PageQuery) {
  const base = scopedScreens(db, scope).$if(keyword !== undefined, (q) => q.where(contains('s.name', keyword ?? '')));
  const [rows, count] = await Promise.all([
    base
      .select(summary)
      .orderBy('s.id', 'desc')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows, total: Number(count.n) };
}
export type ScreenSummaryRow = Awaited<ReturnType<typeof listScreens>>['list'][number];

export function findScreen(db: Db, scope: ScreenScope, id: number) {
  return scopedScreens(db, scope)
    .select([...summary, 's.document', 's.draft_version', 's.published_version'])
    .where('s.id', '=', id)
    .executeTakeFirst();
}

/**
 * A new screen: its document is version 1, draft and published (decision 0127), so that version 1
 * can still be read once a later save has moved the draft on. Run in a transaction.
 */
export async function insertScreen(db: Db, row: Insertable<ScadaScreensTable>): Promise<number> {
  const inserted = await db.insertInto('scada_screens').values(row).returning('id').executeTakeFirstOrThrow();
  const id = Number(inserted.id);
  await insertVersion(db, {
    screen_id: id,
    number: 1,
    document: row.document,
    element_count: row.element_count ?? 0,
    rolled_back_from: null,
    created_by: row.created_by,
    created_at: row.created_at,
  });
  return id;
}

/** Saves over `revision` only, so that of two editors saving at once the second is told rather than silently winning. */
export async function saveScreen(
  db: Db,
  id: number,
  revision: number,
  change: Updateable<ScadaScreensTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('scada_screens')
    .set({ ...change, revision: revision + 1 })
    .where('id', '=', id)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Publishes the draft the caller saw: only over `revision`, which it leaves as it is (the draft itself
 * does not change, so an editor holding it may still save).
 */
export async function publishDraft(db: Db, id: number, revision: number, at: number): Promise<boolean> {
  const result = await db
    .updateTable('scada_screens')
    .set((eb) => ({ published_version: eb.ref('draft_version'), updated_at: at }))
    .where('id', '=', id)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** One kept version of a screen's document. */
export function findVersion(db: Db, screenId: number, number: number) {
  return db
    .selectFrom('scada_versions')
    .select(['number', 'document'])
    .where('screen_id', '=', screenId)
    .where('number', '=', number)
    .executeTakeFirst();
}

export async function insertVersion(db: Db, row: Insertable<ScadaVersionsTable>): Promise<void> {
  await db.insertInto('scada_versions').values(row).execute();
}

/** A screen's kept versions, newest first, with who saved each. */
export function listVersions(db: Db, screenId: number) {
  return db
    .selectFrom('scada_versions as v')
    .leftJoin('users as u', 'u.id', 'v.created_by')
    .select(['v.number', 'v.element_count', 'v.rolled_back_from', 'v.created_by', 'v.created_at', 'u.nickname'])
    .where('v.screen_id', '=', screenId)
    .orderBy('v.number', 'desc')
    .execute();
}

/** Deletes a screen's oldest versions past `keep`, never one of `spared` (the draft and the published one). */
export async function pruneVersions(db: Db, screenId: number, keep: number, spared: readonly number[]): Promise<void> {
  const kept = await db
    .selectFrom('scada_versions')
    .select('number')
    .where('screen_id', '=', screenId)
    .orderBy('number', 'desc')
    .execute();
  const numbers = kept.map((k) => Number(k.number));
  const survivors = new Set(spared);
  for (const n of numbers) {
    if (survivors.size >= keep) break;
    survivors.add(n);
  }
  const doomed = numbers.filter((n) => !survivors.has(n));
  // Guard against running an invalid query when nothing is past the limit.
  if (doomed.length === 0) return;
  await db.deleteFrom('scada_versions').where('screen_id', '=', screenId).where('number', 'in', doomed).execute();
}

export async function deleteScreen(db: Db, id: number): Promise<void> {
  await db.deleteFrom('scada_screens').where('id', '=', id).execute();
}

/** Of these (device, point) pairs, the ones whose device the caller may see and whose template holds the point. */
export async function visiblePoints(db: Db, scope: Scope, deviceIds: readonly number[]) {
  // Guard against running an invalid query when nothing is bound.
  if (deviceIds.length === 0) return [];
  return db
    .selectFrom('devices as d')
    .innerJoin('template_points as p', 'p.template_id', 'd.template_id')
    .select(['d.id as device_id', 'p.id as point_id'])
    .where('d.id', 'in', deviceIds)
    .where(deviceVisible(scope, 'view'))
    .execute();
}

/** A screen's shared link, if it has one. */
export function linkOfScreen(db: Db, screenId: number) {
  return db
    .selectFrom('scada_links')
    .select(['screen_id', 'password_hash', 'expires_at', 'created_at'])
    .where('screen_id', '=', screenId)
    .executeTakeFirst();
}

/** Opens a screen's link, replacing any earlier one (whose token then opens nothing). */
export async function replaceLink(db: Db, row: Insertable<ScadaLinksTable>): Promise<void> {
  await db.deleteFrom('scada_links').where('screen_id', '=', row.screen_id).execute();
  await db.insertInto('scada_links').values(row).execute();
}

export async function deleteLink(db: Db, screenId: number): Promise<void> {
  await db.deleteFrom('scada_links').where('screen_id', '=', screenId).execute();
}

/** The screen a token's hash opens, with its link's expiry and password hash. */
export function screenByLink(db: Db, tokenHash: string) {
  return (
    db
      .selectFrom('scada_links as l')
      .innerJoin('scada_screens as s', 's.id', 'l.screen_id')
      // A link shows the published version (decision 0127).
      .innerJoin('scada_versions as v', (j) =>
        j.onRef('v.screen_id', '=', 's.id').onRef('v.number', '=', 's.published_version'),
      )
      .select(['s.id', 's.name', 'v.document', 'l.expires_at', 'l.password_hash'])
      .where('l.token_hash', '=', tokenHash)
      .executeTakeFirst()
  );
}

/** The newest values of these devices' points; the caller keeps only the pairs it asked for. */
export function latestOfDevices(db: Db, deviceIds: readonly number[]) {
  // Guard against running an invalid query when nothing is bound.
  if (deviceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('telemetry_latest')
    .select(['device_id', 'point_id', 'ts', 'num', 'text'])
    .where('device_id', 'in', deviceIds)
    .execute();
}

/** Of these devices, the ones the caller may see, with their template and name. */
export async function devicesOfTemplateView(db: Db, scope: Scope, deviceIds: readonly number[]) {
  // Guard against running an invalid query when nothing is named.
  if (deviceIds.length === 0) return [];
  return db
    .selectFrom('devices as d')
    .select(['d.id', 'd.name', 'd.template_id'])
    .where('d.id', 'in', deviceIds)
    .where(deviceVisible(scope, 'view'))
    .execute();
}

/** A point's numbers stored since `since`, newest first, at most `limit`: a trend's recent past. */
export function recentNumbers(db: Db, deviceId: number, pointId: number, since: number, limit: number) {
  return db
    .selectFrom('telemetry')
    .select(['ts', 'num'])
    .where('device_id', '=', deviceId)
    .where('point_id', '=', pointId)
    .where('ts', '>=', since)
    .where('num', 'is not', null)
    .orderBy('ts', 'desc')
    .limit(limit)
    .execute();
}

/** The template's devices the caller may see, in name order. */
export function visibleDevicesOfTemplate(db: Db, scope: Scope, templateId: number) {
  return db
    .selectFrom('devices as d')
    .select(['d.id', 'd.name'])
    .where('d.template_id', '=', templateId)
    .where(deviceVisible(scope, 'view'))
    .orderBy('d.name')
    .orderBy('d.id')
    .execute();
}

/** The ids of a template's points. */
export async function pointsOfTemplate(db: Db, templateId: number): Promise<number[]> {
  const rows = await db.selectFrom('template_points').select('id').where('template_id', '=', templateId).execute();
  return rows.map((r) => Number(r.id));
}

/** Of these screens, the ones of this account. */
export async function screensOfOwner(db: Db, ownerId: number, ids: readonly number[]): Promise<number[]> {
  // Guard against running an invalid query when nothing links.
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('scada_screens')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => Number(r.id));
}

/**
 * The screens that draw a picture path in their draft or in any kept version (decision 0154),
 * by name, with how many there are. A document holds the path as a JSON string, so the search is
 * on the document's text; only a symbol's deletion asks it.
 */
export async function screensDrawing(db: Db, path: string, limit: number) {
  const pattern = `%"${path.replace(/[\\%_]/g, (c) => `\\${c}`)}"%`;
  const drawing = (column: string) => sql<boolean>`cast(${sql.ref(column)} as text) like ${pattern} escape '\\'`;
  const found = db
    .selectFrom('scada_screens as s')
    .where((eb) =>
      eb.or([
        drawing('s.document'),
        eb.exists(
          eb
            .selectFrom('scada_versions as v')
            .select('v.number')
            .whereRef('v.screen_id', '=', 's.id')
            .where(drawing('v.document')),
        ),
      ]),
    );
  const [names, total] = await Promise.all([
    found.select('s.name').orderBy('s.name').orderBy('s.id').limit(limit).execute(),
    found.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { names: names.map((r) => r.name), count: Number(total.n) };
}
