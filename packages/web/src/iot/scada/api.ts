import {
  type FileReference,
  type Page,
  SCADA_LINK_HEADER,
  SCADA_LINK_PASSWORD_HEADER,
  type ScadaApplication,
  type ScadaDetail,
  type ScadaDocument,
  type ScadaPress,
  type ScadaPressed,
  type ScadaShare,
  type ScadaShared,
  type ScadaShareOpened,
  type ScadaSharing,
  type ScadaSummary,
  type ScadaTrendSeed,
  type ScadaVersion,
  type ScadaVersionRef,
} from '@meridian/contracts';
import { del, get, post, put } from '../../shared/request.ts';

/** The calls of cloud configuration (decision 0075). */

export type { ScadaDetail, ScadaDocument, ScadaSummary, ScadaVersion };

export const listScreens = (query: { keyword?: string; page: number; size: number }, signal?: AbortSignal) =>
  get<Page<ScadaSummary>>('iot/scada', { query: { ...query }, signal });
/**
 * A screen's published version, or for its editors the draft or a kept version (decision 0127). A
 * template-based screen opened for `device` comes with its bindings naming that device (decision 0120).
 */
export const screenOf = (id: number, signal?: AbortSignal, device?: number, version?: ScadaVersionRef) =>
  get<ScadaDetail>(`iot/scada/${id}`, {
    signal,
    query: { ...(device === undefined ? {} : { device }), ...(version === undefined ? {} : { version }) },
  });
/** The recent past of a screen's trends as the viewer opens it (decision 0148). */
export const trendsOf = (id: number, signal?: AbortSignal, device?: number, version?: number) =>
  get<ScadaTrendSeed[]>(`iot/scada/${id}/trends`, {
    signal,
    query: { ...(device === undefined ? {} : { device }), ...(version === undefined ? {} : { version }) },
  });
/** The caller's symbol library (decision 0149): the SVG and png symbols they uploaded, newest first. */
export const symbolsOf = (signal?: AbortSignal) =>
  get<Page<FileReference>>('iot/scada/symbols', { query: { page: 1, size: 100 }, signal });
/** Deletes one of the caller's symbols; refused, naming them, while a screen draws it (decision 0154). */
export const deleteSymbol = (path: string) => del<null>('iot/scada/symbols', { query: { path } });
/** Versions (decision 0127): the list, publishing the draft, rolling back to a kept version. */
export const versionsOf = (id: number, signal?: AbortSignal) =>
  get<ScadaVersion[]>(`iot/scada/${id}/versions`, { signal });
export const publishScreen = (id: number, revision: number) =>
  post<ScadaDetail>(`iot/scada/${id}/publish`, { revision });
export const rollBack = (id: number, version: number, revision: number) =>
  post<ScadaDetail>(`iot/scada/${id}/versions/${version}/rollback`, { revision });
/** Configuration Application: a template and all its devices (`devices` null) or some; `templateId` null undoes it. */
export const applyScreen = (id: number, body: ScadaApplication) =>
  put<ScadaDetail>(`iot/scada/${id}/application`, body);
export const addScreen = (body: { name: string; sharing: ScadaSharing }) => post<ScadaDetail>('iot/scada', body);
export const saveScreen = (
  id: number,
  body: { name: string; sharing: ScadaSharing; revision: number; document: ScadaDocument },
) => put<ScadaDetail>(`iot/scada/${id}`, body);
/** A click on a running screen's button or switch: the server writes what the screen says (decision 0117). */
export const pressOn = (id: number, body: ScadaPress) => post<ScadaPressed>(`iot/scada/${id}/press`, body);
export const deleteScreen = (id: number) => del<null>(`iot/scada/${id}`);

/** A screen's shared link (decision 0099). */
export const shareOf = (id: number, signal?: AbortSignal) => get<ScadaShare>(`iot/scada/${id}/share`, { signal });
export const openShare = (id: number, body: { expiresAt: number | null; password: string | null }) =>
  post<ScadaShareOpened>(`iot/scada/${id}/share`, body);
export const closeShare = (id: number) => del<ScadaShare>(`iot/scada/${id}/share`);

/** What a link opens, without a session: the token (and password) travel in headers, never the address. */
export const sharedScreen = (token: string, password: string, signal?: AbortSignal) =>
  get<ScadaShared>('iot/scada-shared', {
    signal,
    headers: { [SCADA_LINK_HEADER]: token, [SCADA_LINK_PASSWORD_HEADER]: encodeURIComponent(password) },
  });

/** The page a link opens; the token sits in the fragment, which no server receives or logs. */
export const sharedAddress = (token: string) => `${window.location.origin}/iot/scada-shared#link=${token}`;
