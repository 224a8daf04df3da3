import type {
  CustomProtocolInput,
  CustomProtocolView,
  libraryEntry,
  Page,
  ProtocolUsage,
  TemplateDetail,
  TemplateInput,
  TemplatePointView,
  TemplateSummary,
  templateSlaveView,
} from '@meridian/contracts';
import { get, post, put, request } from '../../shared/request.ts';
import type { Output } from '../components/contracts.ts';

/** The calls of device templates and the built-in device library (`/api/iot/templates`, `/api/iot/library`). */

export type { TemplateDetail, TemplatePointView, TemplateSummary };
export type TemplateSlaveView = Output<typeof templateSlaveView>;
export type LibraryEntry = Output<typeof libraryEntry>;

const base = 'iot/templates';

export const listTemplates = (query: { page: number; size: number; keyword?: string }, signal?: AbortSignal) =>
  get<Page<TemplateSummary>>(base, { query, signal });
export const templateOf = (id: number, signal?: AbortSignal) => get<TemplateDetail>(`${base}/${id}`, { signal });
export const createTemplate = (body: TemplateInput) => post<TemplateDetail>(base, body);
export const replaceTemplate = (id: number, body: TemplateInput) => put<TemplateDetail>(`${base}/${id}`, body);
export const deleteTemplate = (id: number) => request<unknown>('DELETE', `${base}/${id}`);
export const copyTemplate = (id: number, name?: string) => post<TemplateDetail>(`${base}/${id}/copy`, { name });
export const applyTemplate = (id: number, deviceIds: number[]) =>
  post<{ applied: number }>(`${base}/${id}/apply`, { deviceIds });

export const protocolUsage = (signal?: AbortSignal) => get<ProtocolUsage[]>(`${base}/protocols`, { signal });

export const listLibrary = (query: { page: number; size: number; keyword?: string }, signal?: AbortSignal) =>
  get<Page<LibraryEntry> | LibraryEntry[]>('iot/library', { query, signal });
export const libraryOf = (id: number, signal?: AbortSignal) => get<TemplateDetail>(`iot/library/${id}`, { signal });
export const copyFromLibrary = (id: number, name?: string) =>
  post<TemplateDetail>(`iot/library/${id}/copy`, name ? { name } : {});

/** Custom protocols defined by frames (`/api/iot/protocols/custom`, decision 0140). */
const custom = 'iot/protocols/custom';
export const customProtocolsKey = ['iot', 'protocols', 'custom'] as const;
export const listCustomProtocols = (signal?: AbortSignal) => get<CustomProtocolView[]>(custom, { signal });
export const customProtocolOf = (id: number, signal?: AbortSignal) =>
  get<CustomProtocolView>(`${custom}/${id}`, { signal });
export const createCustomProtocol = (body: CustomProtocolInput) => post<CustomProtocolView>(custom, body);
export const replaceCustomProtocol = (id: number, body: CustomProtocolInput) =>
  put<CustomProtocolView>(`${custom}/${id}`, body);
export const deleteCustomProtocol = (id: number) => request<unknown>('DELETE', `${custom}/${id}`);
