import { type HistoryExportQuery, type Lang, type OnlineRecordFilter, translate } from '@meridian/contracts';
import { type Cell, streamWorkbook } from '../../platform/excel/stream.ts';
import { accountScopeOf } from '../../portal/access/scope.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { onlineRecordsBefore, readingsAfter } from './repository.ts';
import { chosenPoints, recordOf } from './service.ts';

/** Rows read per query: a month of one point at a reading a minute is about 45 pages. */
const EXPORT_PAGE = 2000;

const HISTORY_HEADER: Record<Lang, string[]> = {
  'zh-CN': ['时间', '数据点', '数值', '单位'],
  en: ['Time', 'Data point', 'Value', 'Unit'],
};
const RECORDS_HEADER: Record<Lang, string[]> = {
  'zh-CN': ['时间', '设备名称', 'SN', '状态', '原因', '接入方式'],
  en: ['Time', 'Device', 'SN', 'State', 'Reason', 'Transport'],
};

const isoTime = (at: number) => new Date(at).toISOString().replace('T', ' ').slice(0, 23);

/**
 * Historical Data as an xlsx, streamed: point after point, each read along the table's key a page
 * at a time, so that a month of readings never sits in memory. The export is audited.
 */
export async function exportHistory(actor: Actor, query: HistoryExportQuery): Promise<AsyncGenerator<Buffer>> {
  const points = await chosenPoints(actor, query.deviceId, query.pointIds);
  await audit(actor.db, actor.request, {
    action: 'exportHistory',
    targetType: 'device',
    targetId: query.deviceId,
    detail: { pointIds: points.map((p) => p.id), from: query.from, to: query.to },
  });
  const range = { deviceId: query.deviceId, from: query.from, to: query.to };
  async function* rows(): AsyncGenerator<Cell[]> {
    for (const point of points) {
      let after = query.from - 1;
      for (;;) {
        const page = await readingsAfter(actor.db, range, point.id, after, EXPORT_PAGE);
        for (const r of page) yield [isoTime(r.ts), point.name, r.text ?? r.num, point.unit];
        const last = page.at(-1);
        if (!last || page.length < EXPORT_PAGE) break;
        after = last.ts;
      }
    }
  }
  return streamWorkbook(translate('telemetry.export.historySheet', actor.lang), HISTORY_HEADER[actor.lang], rows());
}

/** Devices Online/Offline records as an xlsx, streamed newest first. */
export async function exportOnlineRecords(actor: Actor, filter: OnlineRecordFilter): Promise<AsyncGenerator<Buffer>> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  await audit(actor.db, actor.request, { action: 'exportOnlineRecords', targetType: 'device', detail: { filter } });
  const lang = actor.lang;
  async function* rows(): AsyncGenerator<Cell[]> {
    let before = Number.MAX_SAFE_INTEGER;
    for (;;) {
      const page = await onlineRecordsBefore(actor.db, scope, filter, before, EXPORT_PAGE);
      for (const row of page) {
        const record = recordOf(row, lang);
        yield [
          isoTime(record.at),
          record.deviceName,
          record.sn,
          translate(`telemetry.state.${record.state}`, lang),
          record.reasonText,
          record.transport,
        ];
      }
      const last = page.at(-1);
      if (!last || page.length < EXPORT_PAGE) return;
      before = last.id;
    }
  }
  return streamWorkbook(translate('telemetry.export.recordsSheet', lang), RECORDS_HEADER[lang], rows());
}
