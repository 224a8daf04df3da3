import type { ActivityCreate, activity, Page, signup } from '@meridian/contracts';
import type { Output } from '../../../shared/contracts.ts';
import { download } from '../../../shared/download.ts';
import { get, post } from '../../../shared/request.ts';

/** The calls of activities and their sign-up lists (`/apis-psychology/activity/...`). */

type Signal = AbortSignal | undefined;
type Paging = { page: number; size: number };

export type Activity = Output<typeof activity>;
export type Signup = Output<typeof signup>;
export type ActivityFields = Omit<ActivityCreate, 'place' | 'description' | 'targets'> & {
  place: string;
  description: string;
  targets: { gradeIds: number[]; classIds: number[] };
};

const BASE = 'apis-psychology/activity';

export const activityPage = (body: { keyword?: string | undefined } & Paging, signal?: Signal) =>
  post<Page<Activity>>(`${BASE}/page`, body, { signal });
export const activityInfo = (id: number, signal?: Signal) => get<Activity>(`${BASE}/${id}`, { signal });
export const createActivity = (body: ActivityFields) => post<Activity>(`${BASE}/add`, body);
export const editActivity = (body: ActivityFields & { id: number }) => post<Activity>(`${BASE}/update`, body);
export const deleteActivity = (id: number) => post<null>(`${BASE}/delete`, { id });

export const signupPage = (body: { activityId: number; keyword?: string | undefined } & Paging, signal?: Signal) =>
  post<Page<Signup>>(`${BASE}/signups`, body, { signal });
export const markAttendance = (body: { activityId: number; signupIds: number[]; attended: boolean }) =>
  post<{ marked: number }>(`${BASE}/attendance`, body);
/** The sign-up list as an xlsx, saved by the browser. */
export const exportSignups = (activityId: number, fallbackName: string) =>
  download(`${BASE}/export`, fallbackName, { activityId });
