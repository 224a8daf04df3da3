import type {
  ConfigKind,
  ConfigProfileInput,
  ConfigProfileView,
  ConfigState,
  DeviceConfigView,
  Page,
} from '@meridian/contracts';
import { del, get, post, put } from '../../shared/request.ts';

/** The calls of remote configuration: profiles (Configuration Application) and each device's state (Device Configuration). */

export type { ConfigKind, ConfigProfileInput, ConfigProfileView, ConfigState, DeviceConfigView };

const profiles = 'iot/config/profiles';

export const listProfiles = (
  query: { page: number; size: number; name?: string; kind?: ConfigKind },
  signal?: AbortSignal,
) => get<Page<ConfigProfileView>>(profiles, { query, signal });
export const createProfile = (input: ConfigProfileInput) => post<ConfigProfileView>(profiles, input);
export const editProfile = (id: number, input: ConfigProfileInput) =>
  put<ConfigProfileView>(`${profiles}/${id}`, input);
export const deleteProfile = (id: number) => del<null>(`${profiles}/${id}`);
export const applyProfile = (id: number, deviceIds: number[]) =>
  post<{ queued: number }>(`${profiles}/${id}/apply`, { deviceIds });
export const listDeviceConfigs = (
  query: { page: number; size: number; sn?: string; state?: ConfigState },
  signal?: AbortSignal,
) => get<Page<DeviceConfigView>>('iot/config/devices', { query, signal });
