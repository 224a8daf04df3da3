import type { FirmwareType, FirmwareView, Page } from '@meridian/contracts';
import { get, post, request } from '../../shared/request.ts';

/** The calls of Firmware Management. */

export type { FirmwareView };

export interface FirmwareFields {
  name: string;
  series: string;
  model: string;
  version: string;
  type: FirmwareType;
  sha256?: string;
  remark?: string;
}

export const listFirmware = (
  query: { keyword?: string; type?: FirmwareType; page: number; size: number },
  signal?: AbortSignal,
) => get<Page<FirmwareView>>('iot/firmware', { query: { ...query }, signal });

export function uploadFirmware(fields: FirmwareFields, file: File) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value) form.append(name, value);
  form.append('file', file, file.name);
  return post<FirmwareView>('iot/firmware', form);
}

export const deleteFirmware = (id: number) => request<null>('DELETE', `iot/firmware/${id}`);
