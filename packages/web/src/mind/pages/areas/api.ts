import type { areaList, areaView } from '@meridian/contracts';
import type { Output } from '../../../shared/contracts.ts';
import { get } from '../../../shared/request.ts';

/** The calls of the areas (qyList, qy), decision 0109. */

export type AreaList = Output<typeof areaList>;
export type AreaView = Output<typeof areaView>;

export const areasOf = (signal?: AbortSignal) => get<AreaList>('apis-psychology/area/list', { signal });

export const areaOf = (orgId: number, signal?: AbortSignal) =>
  get<AreaView>('apis-psychology/area/detail', { query: { orgId: String(orgId) }, signal });
