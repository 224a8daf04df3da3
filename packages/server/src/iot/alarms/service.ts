import {
  type AlarmCounts,
  type AlarmExportQuery,
  type AlarmFacts,
  type AlarmProcess,
  type AlarmQuery,
  type AlarmSnapshot,
  type AlarmView,
  alarmText,
  isMessageKey,
  type Lang,
  type PageQuery,
  translate,
} from '@meridian/contracts';
import { fromJson, now } from '../../platform/db/sql.ts';
import { type Cell, streamWorkbook } from '../../platform/excel/stream.ts';
import { AppError, rulesBroken } from '../../platform/http/errors.ts';
import { formatDate, formatDateTime, startOfDay } from '../../platform/time.ts';
import { accountScopeOf } from '../../portal/access/scope.ts';
import { audit } from '../../portal/audit/service.ts';
import { filesContextOf } from '../../portal/files/service.ts';
import { openStored } from '../../portal/files/store.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { snapshotFile, snapshotsOf } from '../cameras/snapshot.ts';
import * as repo from './repository.ts';

type Filter = Omit<AlarmQuery, 'page' | 'size'>;
const EXPORT_PAGE = 1000;

/** Midnight of today in the deployment's time zone (`TIME_ZONE`): where "Alarms Today" starts. */
export function startOfToday(at = Date.now()): number {
  return startOfDay(at);
}

function linkageText(outcome: string | null, lang: Lang): string | null {
  if (outcome === null) return null;
  if (outcome === 'ok') return translate('alarm.linkage.ok', lang);
  if (outcome === 'alarm.linkage.offline' || outcome === 'alarm.linkage.readOnly') return translate(outcome, lang);
  const reason = isMessageKey(outcome) ? translate(outcome, lang) : outcome;
  return translate('alarm.linkage.failed', lang, { reason });
}

function viewOf(row: repo.AlarmListRow, lang: Lang, snapshots: AlarmSnapshot[] = []): AlarmView {
  return {
    id: Number(row.id),
    triggerId: Number(row.trigger_id),
    triggerName: row.trigger_name,
    deviceId: Number(row.device_id),
    deviceName: row.device_name,
    pointId: row.point_id === null ? null : Number(row.point_id),
    pointName: row.point_name,
    value: row.value,
    // In the reader's language; alarms recorded before their facts were kept read as they were written.
    content:
      row.facts === null
        ? row.content
        : alarmText(fromJson<AlarmFacts>(row.facts), lang, formatDateTime(Number(row.fired_at))),
    firedAt: Number(row.fired_at),
    recovery: row.recovery,
    restoredAt: row.restored_at === null ? null : Number(row.restored_at),
    state: row.state,
    result: row.result,
    processedBy: row.processor_name,
    processedAt: row.processed_at === null ? null : Number(row.processed_at),
    notification: row.notification,
    repeats: Number(row.repeats),
    linkage: linkageText(row.linkage_outcome, lang),
    snapshots,
  };
}

/** The alarms' views with their cameras' snapshots. */
async function viewsOf(actor: Actor, rows: repo.AlarmListRow[]): Promise<AlarmView[]> {
  const snapshots = await snapshotsOf(
    actor.db,
    rows.map((r) => Number(r.id)),
    actor.lang,
  );
  return rows.map((row) => viewOf(row, actor.lang, snapshots.get(Number(row.id))));
}

function checkRange(filter: Filter) {
  if (filter.from !== undefined && filter.to !== undefined && filter.to <= filter.from)
    throw rulesBroken([{ field: 'to', key: 'alarm.range.order' }]);
}

/** Alarm Record: the alarms of the devices the caller may see, newest first. */
export async function alarmRecord(actor: Actor, filter: Filter, page: PageQuery) {
  checkRange(filter);
  const scope = await accountScopeOf(actor.db, actor.auth);
  const result = await repo.listAlarms(actor.db, scope, filter, page);
  return { ...result, list: await viewsOf(actor, result.list) };
}

/** Alarms Today: Alarm Record from midnight on. */
export async function alarmsToday(actor: Actor, filter: Filter, page: PageQuery) {
  return alarmRecord(actor, { ...filter, from: startOfToday(), to: undefined }, page);
}

const HEADER_KEYS = [
  'alarm.column.content',
  'alarm.column.time',
  'alarm.column.device',
  'alarm.column.point',
  'alarm.column.value',
  'alarm.column.state',
  'alarm.column.recovery',
  'alarm.column.result',
  'alarm.column.processedBy',
  'alarm.column.processedAt',
] as const;
const timeOf = (at: number | null) => (at === null ? null : formatDateTime(at));

/** The export's file name: today's date in the deployment's time zone. */
export function alarmExportName(at = Date.now()): string {
  return `alarms-${formatDate(at)}.xlsx`;
}

/** Alarm Record as an xlsx, streamed a page at a time, newest first; the export is audited. */
export async function exportAlarms(actor: Actor, filter: AlarmExportQuery): Promise<AsyncGenerator<Buffer>> {
  checkRange(filter);
  const scope = await accountScopeOf(actor.db, actor.auth);
  await audit(actor.db, actor.request, { action: 'exportAlarms', targetType: 'alarm', detail: { filter } });
  const lang = actor.lang;
  async function* rows(): AsyncGenerator<Cell[]> {
    let before = Number.MAX_SAFE_INTEGER;
    for (;;) {
      const page = await repo.alarmsBefore(actor.db, scope, filter, before, EXPORT_PAGE);
      for (const row of page) {
        const a = viewOf(row, lang);
        yield [
          a.content,
          timeOf(a.firedAt),
          a.deviceName,
          a.pointName,
          a.value,
          translate(`alarm.state.${a.state}`, lang),
          translate(`alarm.recovery.${a.recovery}`, lang),
          a.result,
          a.processedBy,
          timeOf(a.processedAt),
        ];
      }
      const last = page.at(-1);
      if (!last || page.length < EXPORT_PAGE) return;
      before = Number(last.id);
    }
  }
  return streamWorkbook(
    translate('alarm.export.sheet', lang),
    HEADER_KEYS.map((k) => translate(k, lang)),
    rows(),
  );
}

/** Processes an alarm: processed or misreport, with the result; who and when are recorded and audited. */
export async function processAlarm(actor: Actor, id: number, input: AlarmProcess): Promise<AlarmView> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const row = await repo.findAlarm(actor.db, scope, id, 'edit');
  if (!row) {
    if (await repo.findAlarm(actor.db, scope, id, 'view')) throw new AppError(403, 'auth.forbidden');
    throw new AppError(404, 'alarm.notFound');
  }
  await actor.db.transaction().execute(async (trx) => {
    await repo.processAlarm(trx, id, input.state, input.result || null, actor.auth.userId, now());
    await audit(trx, actor.request, {
      action: 'processAlarm',
      targetType: 'alarm',
      targetId: id,
      detail: { state: input.state, result: input.result ?? null },
    });
  });
  const processed = await repo.findAlarmRow(actor.db, scope, id);
  if (!processed) throw new AppError(404, 'alarm.notFound');
  const [view] = await viewsOf(actor, [processed]);
  if (!view) throw new AppError(404, 'alarm.notFound');
  return view;
}

/** A snapshot of an alarm the caller may see, as a JPEG stream from the file service (decision 0122). */
export async function alarmSnapshot(actor: Actor, id: number, cameraId: number) {
  const scope = await accountScopeOf(actor.db, actor.auth);
  if (!(await repo.findAlarm(actor.db, scope, id, 'view'))) throw new AppError(404, 'alarm.notFound');
  const file = await snapshotFile(actor.db, id, cameraId);
  if (!file) throw new AppError(404, 'camera.snapshotMissing');
  return openStored(filesContextOf(actor.request), file);
}

/** The home page's alarm figures. */
export async function alarmCounts(actor: Actor): Promise<AlarmCounts> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  return repo.alarmCounts(actor.db, scope, startOfToday());
}
