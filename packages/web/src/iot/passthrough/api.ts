import type {
  Page,
  PassthroughEndpoint,
  PassthroughInput,
  PassthroughKind,
  PassthroughView,
} from '@meridian/contracts';
import { del, get, post, put } from '../../shared/request.ts';

/** The calls of passthrough strategies (Transparent Transmission Groups). */

export type { PassthroughEndpoint, PassthroughInput, PassthroughKind, PassthroughView };

const base = 'iot/passthrough';

export const listStrategies = (query: { page: number; size: number; name?: string }, signal?: AbortSignal) =>
  get<Page<PassthroughView>>(base, { query, signal });
export const passthroughEndpoint = (signal?: AbortSignal) => get<PassthroughEndpoint>(`${base}/endpoint`, { signal });
export const createStrategy = (input: PassthroughInput) => post<PassthroughView>(base, input);
export const editStrategy = (id: number, input: PassthroughInput) => put<PassthroughView>(`${base}/${id}`, input);
export const deleteStrategy = (id: number) => del<null>(`${base}/${id}`);

/** A DTU as the page names it: its name, and its SN in brackets when it has one. */
export const labelOf = (d: { deviceName: string; sn: string | null }) =>
  d.sn ? `${d.deviceName} (${d.sn})` : d.deviceName;
