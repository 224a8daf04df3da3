import type { DeviceFilter } from '@meridian/contracts';
import { DEVICE_MAP_MAX, type PageQuery, translate } from '@meridian/contracts';
import { toBool } from '../../platform/db/sql.ts';
import { type Cell, streamWorkbook } from '../../platform/excel/stream.ts';
import { DAY } from '../../platform/time.ts';
import { accountScopeOf } from '../../portal/access/scope.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { listDevicesAfter, tagsOf } from './repository.ts';
import { type MapWindow, mapPoints, warrantyPage } from './views-repository.ts';

/** Devices Map: the located devices in the window, with their status; capped, and saying so. */
export async function deviceMap(actor: Actor, window: MapWindow) {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const rows = await mapPoints(actor.db, scope, window, DEVICE_MAP_MAX + 1);
  return mapOf(rows, DEVICE_MAP_MAX);
}

/** Up to `max` of the rows of `mapPoints` as the map draws them, saying whether there were more. */
export function mapOf(rows: Awaited<ReturnType<typeof mapPoints>>, max: number) {
  return {
    list: rows.slice(0, max).map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status,
      enabled: toBool(r.enabled),
      latitude: Number(r.latitude),
      longitude: Number(r.longitude),
      address: r.address,
    })),
    truncated: rows.length > max,
  };
}

/** Warranty period management: a page of devices by how their warranty stands. */
export async function warrantyList(
  actor: Actor,
  query: PageQuery & { state?: 'expired' | 'expiring' | 'active'; days: number; keyword?: string },
) {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const now = Date.now();
  const windowEnd = now + query.days * DAY;
  const page = await warrantyPage(actor.db, scope, query, now, windowEnd, query);
  return {
    ...page,
    list: page.list.map((r) => {
      const end = Number(r.warranty_end);
      return {
        id: r.id,
        name: r.name,
        sn: r.sn,
        deviceNo: r.device_no,
        ownerAccount: r.owner_account,
        warrantyStart: r.warranty_start,
        warrantyEnd: end,
        daysLeft: Math.ceil((end - now) / DAY),
        state: end < now ? ('expired' as const) : end <= windowEnd ? ('expiring' as const) : ('active' as const),
      };
    }),
  };
}

const EXPORT_PAGE = 500;
const EXPORT_HEADER = {
  'zh-CN': [
    'ID',
    '设备名称',
    '设备ID',
    'SN',
    'MAC',
    'IMEI',
    '状态',
    '启用',
    '项目',
    '标签',
    '所属用户',
    '模板ID',
    '地址',
    '纬度',
    '经度',
    '保修结束',
    '最后上线',
    '备注',
  ],
  en: [
    'ID',
    'Device name',
    'Device ID',
    'SN',
    'MAC',
    'IMEI',
    'Status',
    'Enabled',
    'Project',
    'Tags',
    'Owner',
    'Template ID',
    'Address',
    'Latitude',
    'Longitude',
    'Warranty end',
    'Last online',
    'Remark',
  ],
};
const isoDate = (at: number | null) => (at === null ? null : new Date(at).toISOString().slice(0, 10));
const isoTime = (at: number | null) => (at === null ? null : new Date(at).toISOString().replace('T', ' ').slice(0, 19));

/**
 * Export of the device list to Excel: the filtered list in the list's order, read 500 devices at a
 * time and written as it is read, so that the whole list is never held. Audited (design section 6).
 */
export async function exportDevices(actor: Actor, filter: DeviceFilter): Promise<AsyncGenerator<Buffer>> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const lang = actor.lang;
  const yes = lang === 'en' ? 'Yes' : '是';
  const no = lang === 'en' ? 'No' : '否';
  await audit(actor.db, actor.request, { action: 'exportDevices', targetType: 'device', detail: { filter } });
  async function* rows(): AsyncGenerator<Cell[]> {
    let before = Number.MAX_SAFE_INTEGER;
    for (;;) {
      const page = await listDevicesAfter(actor.db, scope, filter, before, EXPORT_PAGE);
      const tags = await tagsOf(
        actor.db,
        page.map((d) => d.id),
      );
      for (const d of page) {
        yield [
          d.id,
          d.name,
          d.device_no,
          d.sn,
          d.mac,
          d.imei,
          d.status,
          toBool(d.enabled) ? yes : no,
          d.project_name,
          tags
            .filter((t) => t.device_id === d.id)
            .map((t) => t.name)
            .join(', '),
          d.owner_account,
          d.template_id,
          d.address,
          d.latitude,
          d.longitude,
          isoDate(d.warranty_end),
          isoTime(d.last_online_at),
          d.remark,
        ];
      }
      const last = page.at(-1);
      if (!last || page.length < EXPORT_PAGE) return;
      before = last.id;
    }
  }
  return streamWorkbook(translate('device.export.sheet', lang), EXPORT_HEADER[lang], rows());
}
