import type { Page, ScadaDetail, ScadaDocument, ScadaSharing, ScadaSummary } from '@meridian/contracts';
import { del, get, post, put } from '../../shared/request.ts';

/** The calls of cloud configuration (decision 0075). */

export type { ScadaDetail, ScadaDocument, ScadaSummary };

export const listScreens = (query: { keyword?: string; page: number; size: number }, signal?: AbortSignal) =>
  get<Page<ScadaSummary>>('iot/scada', { query: { ...query }, signal });
export const screenOf = (id: number, signal?: AbortSignal) => get<ScadaDetail>(`iot/scada/${id}`, { signal });
export const addScreen = (body: { name: string; sharing: ScadaSharing }) => post<ScadaDetail>('iot/scada', body);
export const saveScreen = (
  id: number,
  body: { name: string; sharing: ScadaSharing; revision: number; document: ScadaDocument },
) => put<ScadaDetail>(`iot/scada/${id}`, body);
export const deleteScreen = (id: number) => del<null>(`iot/scada/${id}`);
