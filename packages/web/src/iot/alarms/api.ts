import type {
  AlarmCondition,
  AlarmCounts,
  AlarmProcess,
  AlarmView,
  ContactGroupView,
  ContactView,
  DeliveryView,
  Page,
  SettingKind,
  settingsView,
  TriggerView,
  triggerInput,
} from '@meridian/contracts';
import { download } from '../../shared/download.ts';
import { get, post, put, request } from '../../shared/request.ts';
import type { Input, Output } from '../components/contracts.ts';

/** The calls of triggers, alarms, contacts, channel settings and notifications (issue 6's server). */

export type { AlarmCondition, AlarmCounts, AlarmView, ContactGroupView, ContactView, DeliveryView, TriggerView };
export type SettingsView = Output<typeof settingsView>;
/** What Trigger Add/Edit sends: defaults of the contract may be left out. */
export type TriggerFields = Input<typeof triggerInput>;

type Paging = { page: number; size: number };

export interface TriggerFilters {
  deviceId?: number;
  templateId?: number;
  scope?: TriggerView['scope'];
  keyword?: string;
}

export const listTriggers = (query: TriggerFilters & Paging, signal?: AbortSignal) =>
  get<Page<TriggerView>>('iot/triggers', { query: { ...query }, signal });
export const triggerOf = (id: number, signal?: AbortSignal) => get<TriggerView>(`iot/triggers/${id}`, { signal });
export const addTrigger = (fields: TriggerFields) => post<TriggerView>('iot/triggers', fields);
export const editTrigger = (id: number, fields: TriggerFields) => put<TriggerView>(`iot/triggers/${id}`, fields);
export const enableTrigger = (id: number, body: { alarmEnabled: boolean; linkageEnabled?: boolean }) =>
  put<TriggerView>(`iot/triggers/${id}/enabled`, body);
export const deleteTrigger = (id: number) => request<null>('DELETE', `iot/triggers/${id}`);

export interface AlarmFilters {
  deviceId?: number;
  triggerId?: number;
  state?: AlarmView['state'];
  recovery?: AlarmView['recovery'];
  from?: number;
  to?: number;
}

export const alarmRecord = (query: AlarmFilters & Paging, signal?: AbortSignal) =>
  get<Page<AlarmView>>('iot/alarms', { query: { ...query }, signal });
export const alarmsToday = (query: AlarmFilters & Paging, signal?: AbortSignal) =>
  get<Page<AlarmView>>('iot/alarms/today', { query: { ...query }, signal });
export const alarmCounts = (signal?: AbortSignal) => get<AlarmCounts>('iot/alarms/counts', { signal });
export const exportAlarms = (filters: AlarmFilters) => download('iot/alarms/export', 'alarms.xlsx', { ...filters });
export const processAlarm = (id: number, body: AlarmProcess) => put<AlarmView>(`iot/alarms/${id}/process`, body);

export interface ContactFields {
  name: string;
  phone?: string | null;
  email?: string | null;
  wechatOpenid?: string | null;
  channels?: ContactView['channels'];
  remark?: string | null;
  groupIds?: number[];
}

export const listContacts = (query: Paging & { keyword?: string; groupId?: number }, signal?: AbortSignal) =>
  get<Page<ContactView>>('iot/contacts', { query: { ...query }, signal });
export const addContact = (fields: ContactFields) => post<ContactView>('iot/contacts', fields);
export const editContact = (id: number, fields: Omit<ContactFields, 'groupIds'>) =>
  put<ContactView>(`iot/contacts/${id}`, fields);
export const deleteContact = (id: number) => request<null>('DELETE', `iot/contacts/${id}`);

export const listGroups = (query: Paging & { keyword?: string }, signal?: AbortSignal) =>
  get<Page<ContactGroupView>>('iot/contact-groups', { query: { ...query }, signal });
export const addGroup = (fields: { name: string; remark?: string | null; contactIds?: number[] }) =>
  post<ContactGroupView>('iot/contact-groups', fields);
export const editGroup = (id: number, fields: { name?: string; remark?: string | null }) =>
  put<ContactGroupView>(`iot/contact-groups/${id}`, fields);
export const deleteGroup = (id: number) => request<null>('DELETE', `iot/contact-groups/${id}`);
export const groupMembers = (id: number, signal?: AbortSignal) =>
  get<{ contactIds: number[] }>(`iot/contact-groups/${id}/contacts`, { signal });
export const setGroupMembers = (id: number, contactIds: number[]) =>
  put<{ contactIds: number[] }>(`iot/contact-groups/${id}/contacts`, { contactIds });

/** The address of each kind of channel settings under `iot/notify/`. */
export const SETTINGS_PATH: Record<SettingKind, string> = {
  emailServer: 'email-server',
  emailTemplate: 'email-template',
  sms: 'sms',
  voice: 'voice',
  wechat: 'wechat-push',
  push: 'mobile-push',
};
export const settingsOf = (kind: SettingKind, signal?: AbortSignal) =>
  get<SettingsView>(`iot/notify/${SETTINGS_PATH[kind]}`, { signal });
export const saveSettings = (kind: SettingKind, body: Record<string, unknown>) =>
  put<SettingsView>(`iot/notify/${SETTINGS_PATH[kind]}`, body);
export const sendTestMail = (to: string) => post<null>('iot/notify/email-server/test', { to });

export interface DeliveryFilters {
  alarmId?: number;
  state?: DeliveryView['state'];
  channel?: DeliveryView['channel'];
  kind?: DeliveryView['kind'];
  deviceId?: number;
  keyword?: string;
  from?: number;
  to?: number;
}
export const listDeliveries = (query: DeliveryFilters & Paging, signal?: AbortSignal) =>
  get<Page<DeliveryView>>('iot/notify/deliveries', { query: { ...query }, signal });
export const resendDelivery = (id: number) => post<null>(`iot/notify/deliveries/${id}/resend`);
