import type { PageQuery } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { contains, paginate } from '../../platform/db/sql.ts';
import type { Scope } from '../../portal/access/scope.ts';
import { deviceVisible } from './access-repository.ts';

export interface MapWindow {
  minLat?: number;
  maxLat?: number;
  minLng?: number;
  maxLng?: number;
  projectId?: number;
  status?: 'online' | 'offline' | 'alarm' | 'fault';
}

/** Located devices the scope may see inside the window, at most `limit` of them. */
export function mapPoints(db: Kysely<Database>, scope: Scope, w: MapWindow, limit: number) {
  return db
    .selectFrom('devices as d')
    .select(['d.id', 'd.name', 'd.status', 'd.enabled', 'd.latitude', 'd.longitude', 'd.address'])
    .where(deviceVisible(scope, 'view'))
    .where('d.latitude', 'is not', null)
    .where('d.longitude', 'is not', null)
    .$if(w.minLat !== undefined, (q) => q.where('d.latitude', '>=', w.minLat ?? 0))
    .$if(w.maxLat !== undefined, (q) => q.where('d.latitude', '<=', w.maxLat ?? 0))
    .$if(w.minLng !== undefined, (q) => q.where('d.longitude', '>=', w.minLng ?? 0))
    .$if(w.maxLng !== undefined, (q) => q.where('d.longitude', '<=', w.maxLng ?? 0))
    .$if(w.projectId !== undefined, (q) => q.where('d.project_id', '=', w.projectId ?? 0))
    .$if(w.status !== undefined, (q) => q.where('d.status', '=', w.status ?? 'online'))
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Devices with a warranty end, soonest first: `expired` before `now`, `expiring` within the
 * window, `active` after it; all of them without a state.
 */
export function warrantyPage(
  db: Kysely<Database>,
  scope: Scope,
  filter: { state?: 'expired' | 'expiring' | 'active'; keyword?: string },
  now: number,
  windowEnd: number,
  page: PageQuery,
) {
  const keyword = filter.keyword;
  const query = db
    .selectFrom('devices as d')
    .innerJoin('users as u', 'u.id', 'd.owner_id')
    .select([
      'd.id',
      'd.name',
      'd.sn',
      'd.device_no',
      'u.account as owner_account',
      'd.warranty_start',
      'd.warranty_end',
    ])
    .where(deviceVisible(scope, 'view'))
    .where('d.warranty_end', 'is not', null)
    .$if(filter.state === 'expired', (q) => q.where('d.warranty_end', '<', now))
    .$if(filter.state === 'expiring', (q) =>
      q.where('d.warranty_end', '>=', now).where('d.warranty_end', '<=', windowEnd),
    )
    .$if(filter.state === 'active', (q) => q.where('d.warranty_end', '>', windowEnd))
    .$if(Boolean(keyword), (q) =>
      q.where((eb) => eb.or([contains('d.name', keyword ?? ''), contains('d.sn', keyword ?? '')])),
    )
    .orderBy('d.warranty_end', 'asc')
    .orderBy('d.id', 'asc');
  return paginate(query, page);
}
