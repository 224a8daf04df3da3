import type {
  AppointmentAdd,
  AppointmentState,
  appointment,
  appointmentNote,
  counsellingGroup,
  GroupApplyAdd,
  GroupSessionAdd,
  GroupState,
  groupSession,
  Page,
} from '@meridian/contracts';
import type { Output } from '../../../shared/contracts.ts';
import { get, post } from '../../../shared/request.ts';

/** The calls of group counselling and individual appointments (`/apis-psychology/group|appointment/...`). */

type Signal = AbortSignal | undefined;
type Paging = { page: number; size: number };

export type CounsellingGroup = Output<typeof counsellingGroup>;
export type GroupSession = Output<typeof groupSession>;
export type Appointment = Output<typeof appointment>;
export type AppointmentNote = Output<typeof appointmentNote>;
export type { AppointmentState, GroupState };

const GROUP = 'apis-psychology/group';
const APPOINTMENT = 'apis-psychology/appointment';

export const groupPage = (body: { state?: GroupState | undefined } & Paging, signal?: Signal) =>
  post<Page<CounsellingGroup>>(`${GROUP}/apply/page`, body, { signal });
export const groupOf = (id: number, signal?: Signal) => get<CounsellingGroup>(`${GROUP}/apply/${id}`, { signal });
export const applyGroup = (body: GroupApplyAdd) => post<CounsellingGroup>(`${GROUP}/apply/add`, body);
export const editGroup = (body: GroupApplyAdd & { id: number }) =>
  post<CounsellingGroup>(`${GROUP}/apply/update`, body);
export const reviewGroup = (body: { id: number; approve: boolean; note: string | null }) =>
  post<CounsellingGroup>(`${GROUP}/apply/review`, body);
export const deleteGroup = (id: number) => post<null>(`${GROUP}/apply/delete`, { id });

export const sessionPage = (body: { groupId?: number | undefined } & Paging, signal?: Signal) =>
  post<Page<GroupSession>>(`${GROUP}/record/page`, body, { signal });
export const addSession = (body: GroupSessionAdd) => post<{ id: number }>(`${GROUP}/record/add`, body);

export const appointmentPage = (body: { state?: AppointmentState | undefined } & Paging, signal?: Signal) =>
  post<Page<Appointment>>(`${APPOINTMENT}/page`, body, { signal });
export const requestAppointment = (body: AppointmentAdd) => post<Appointment>(`${APPOINTMENT}/add`, body);
export const reviewAppointment = (body: {
  id: number;
  approve: boolean;
  sessionAt: number | null;
  place: string | null;
  note: string | null;
}) => post<Appointment>(`${APPOINTMENT}/review`, body);
export const recordSession = (body: { id: number; summary: string }) =>
  post<Appointment>(`${APPOINTMENT}/session`, body);
export const rateAppointment = (body: { id: number; rating: number; comment: string | null }) =>
  post<Appointment>(`${APPOINTMENT}/rate`, body);
export const cancelAppointment = (body: { id: number; reason: string }) =>
  post<Appointment>(`${APPOINTMENT}/cancel`, body);
export const addNote = (body: { appointmentId: number; content: string }) =>
  post<{ id: number }>(`${APPOINTMENT}/note/add`, body);
export const notesOf = (id: number, signal?: Signal) => get<AppointmentNote[]>(`${APPOINTMENT}/note/${id}`, { signal });
