import type { OpsView, OpsWindow } from '@meridian/contracts';
import { download } from '../../shared/download.ts';
import { get } from '../../shared/request.ts';

/** The calls of the operation center (issue 27, decision 0083). */
export const operationsOf = (window: OpsWindow, signal?: AbortSignal) =>
  get<OpsView>('iot/operations', { query: { window }, signal });
export const exportOperations = (window: OpsWindow, name: string) =>
  download('iot/operations/export', name, { window });
