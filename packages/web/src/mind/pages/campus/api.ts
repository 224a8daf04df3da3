import type {
  CampusAlertHandle,
  CampusAlertQuery,
  CampusDayReportInput,
  CampusDeviceCreate,
  CampusDeviceEdit,
  CampusPlaybackStart,
  CampusPlaybackStop,
  CampusPushRuleInput,
  CampusWarningTypesInput,
  campusAlert,
  campusAlertDetail,
  campusAlertStats,
  campusDayReport,
  campusDayReportSettings,
  campusDelivery,
  campusDevice,
  campusDeviceCreated,
  campusHandler,
  campusNotice,
  campusPlayableCamera,
  campusPlayback,
  campusPushReady,
  campusPushRule,
  campusWarningTypes,
  Page,
} from '@meridian/contracts';
import type { Output } from '../../../shared/contracts.ts';
import { get, post } from '../../../shared/request.ts';

/** The calls of campus equipment and behaviour alerts (`/apis-psychology/equipment|securityWarning/...`, decision 0085). */

type Signal = AbortSignal | undefined;

export type CampusDevice = Output<typeof campusDevice>;
export type CampusDeviceCreated = Output<typeof campusDeviceCreated>;
export type CampusAlert = Output<typeof campusAlert>;
export type CampusAlertDetail = Output<typeof campusAlertDetail>;
export type CampusAlertStats = Output<typeof campusAlertStats>;
export type CampusHandler = Output<typeof campusHandler>;
export type AlertFilters = Omit<Partial<CampusAlertQuery>, 'page' | 'size'>;

export const devicePage = (query: { schoolId?: number; page: number; size: number }, signal?: Signal) =>
  get<Page<CampusDevice>>('apis-psychology/equipment/list', { query, signal });
export const addDevice = (body: CampusDeviceCreate) => post<CampusDeviceCreated>('apis-psychology/equipment/add', body);
export const editDevice = (id: number, body: CampusDeviceEdit) =>
  post<CampusDevice>(`apis-psychology/equipment/edit/${id}`, body);
export const removeDevice = (id: number) => post<null>(`apis-psychology/equipment/delete/${id}`);

export const alertPage = (query: AlertFilters & { page: number; size: number }, signal?: Signal) =>
  get<Page<CampusAlert>>('apis-psychology/securityWarning/list', { query, signal });
export const alertStats = (query: AlertFilters, signal?: Signal) =>
  get<CampusAlertStats>('apis-psychology/securityWarning/statistics', { query, signal });
export const alertDetail = (id: number, signal?: Signal) =>
  get<CampusAlertDetail>(`apis-psychology/securityWarning/${id}`, { signal });
export const alertHandlers = (id: number, signal?: Signal) =>
  get<CampusHandler[]>(`apis-psychology/securityWarning/${id}/handlers`, { signal });
export const handleAlert = (id: number, body: CampusAlertHandle) =>
  post<CampusAlertDetail>(`apis-psychology/securityWarning/${id}/handle`, body);

export type CampusPushRule = Output<typeof campusPushRule>;
export type CampusNotice = Output<typeof campusNotice>;

// Push configuration and the site messages it sends (decision 0097).
export const pushRules = (query: { schoolId?: number }, signal?: Signal) =>
  get<CampusPushRule[]>('apis-psychology/pushConfig/list', { query, signal });
export const pushPeople = (schoolId: number, signal?: Signal) =>
  get<CampusHandler[]>('apis-psychology/pushConfig/people', { query: { schoolId }, signal });
export const addPushRule = (body: CampusPushRuleInput) => post<CampusPushRule>('apis-psychology/pushConfig/save', body);
export const editPushRule = (id: number, body: CampusPushRuleInput) =>
  post<CampusPushRule>(`apis-psychology/pushConfig/setup/${id}`, body);
export type CampusDelivery = Output<typeof campusDelivery>;
/** The channels rules may choose in this deployment (decision 0143). */
export const pushChannels = (signal?: Signal) =>
  get<Output<typeof campusPushReady>>('apis-psychology/pushConfig/channels', { signal });
/** The alerts push rules tell about: behaviour alerts (securityWarning) and emotion alerts (intelEmotion). */
export type PushedAlertKind = 'security' | 'emotion';
const DELIVERIES_BASE: Record<PushedAlertKind, string> = {
  security: 'apis-psychology/securityWarning',
  emotion: 'apis-psychology/intelEmotion',
};
/** How the messages about one alert went, person by person and channel by channel (decisions 0143, 0156). */
export const alertDeliveries = (kind: PushedAlertKind, id: number, signal?: Signal) =>
  get<CampusDelivery[]>(`${DELIVERIES_BASE[kind]}/${id}/deliveries`, { signal });
export const removePushRule = (id: number) => post<null>(`apis-psychology/pushConfig/delete/${id}`);
export const myNotices = (signal?: Signal) =>
  get<{ unread: number; list: CampusNotice[] }>('apis-psychology/securityWarning/notices', { signal });
export const readNotice = (id: number) => post<null>(`apis-psychology/securityWarning/notices/${id}/read`);

export type CampusPlayback = Output<typeof campusPlayback>;
export type CampusPlayableCamera = Output<typeof campusPlayableCamera>;

/** Campus video playback (`/apis-psychology/video/...`, decision 0133). */
export const playableCameras = (schoolId: number | undefined, signal?: Signal) =>
  get<CampusPlayableCamera[]>('apis-psychology/video/cameras', { query: { schoolId }, signal });
export const startPlayback = (body: CampusPlaybackStart) =>
  post<CampusPlayback>('apis-psychology/video/playback/start', body);
export const stopPlayback = (body: CampusPlaybackStop) =>
  post<{ streamStopped: boolean }>('apis-psychology/video/playback/stop', body);

export type CampusWarningTypes = Output<typeof campusWarningTypes>;
export const warningTypes = (schoolId: number, signal?: Signal) =>
  get<CampusWarningTypes>('apis-psychology/pushConfig/warningTypes', { query: { schoolId }, signal });
export const saveWarningTypes = (body: CampusWarningTypesInput) =>
  post<CampusWarningTypes>('apis-psychology/pushConfig/warningTypes', body);

// A school's day report (decision 0136).
export type CampusDayReportSettings = Output<typeof campusDayReportSettings>;
export type CampusDayReport = Output<typeof campusDayReport>;
export const dayReportSettings = (schoolId: number, signal?: Signal) =>
  get<CampusDayReportSettings>('apis-psychology/pushConfig/dayReport', { query: { schoolId }, signal });
export const saveDayReportSettings = (body: CampusDayReportInput) =>
  post<CampusDayReportSettings>('apis-psychology/pushConfig/dayReport', body);
export const myDayReports = (signal?: Signal) =>
  get<CampusDayReport[]>('apis-psychology/securityWarning/dayReports', { signal });
