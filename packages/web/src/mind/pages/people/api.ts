import type {
  accountBatchStarted,
  bindLogLine,
  classRoll,
  classTeacherInfo,
  DownloadTask,
  Page,
  rosterAccount,
  schoolSignInSetting,
} from '@meridian/contracts';
import type { Output } from '../../../shared/contracts.ts';
import { get, post, put } from '../../../shared/request.ts';

/** The people calls only Mind makes: binding roster entries to accounts, and a class's teachers. */

export type BindLogLine = Output<typeof bindLogLine>;
export type RosterAccount = Output<typeof rosterAccount>;
export type ClassTeacherInfo = Output<typeof classTeacherInfo>;
type Paging = { page: number; size: number };
type Signal = AbortSignal | undefined;

export const classTeachers = (classId: number, signal?: Signal) =>
  get<ClassTeacherInfo>('apis-psychology/common/queryClassTeacherInfo', { query: { classId }, signal });

// Account binding
export const bindLog = (query: { kind?: string; schoolId?: number } & Paging, signal?: Signal) =>
  get<Page<BindLogLine>>('apis-authz/auth/user/bind/roster/log', { query, signal });
export type RosterKind = 'student' | 'teacher' | 'parent';
export const checkAndBind = (kind: RosterKind, rosterId: number) =>
  post<RosterAccount>('apis-authz/auth/user/checkAndBindUser', { kind, rosterId });
export const bindAccount = (kind: RosterKind, rosterId: number, userId: number) =>
  post<RosterAccount>('apis-authz/auth/user/bindAccount', { kind, rosterId, userId });
export const transferAccount = (kind: RosterKind, rosterId: number, toUserId: number) =>
  post<RosterAccount>('apis-authz/auth/user/transferAccount', { kind, rosterId, toUserId });
export const unbindAccount = (kind: RosterKind, rosterId: number) =>
  post<RosterAccount>('apis-authz/auth/user/unbindAccount', { kind, rosterId });

// Accounts in bulk, and password resets, as sign-in slips in the download center
export type AccountBatchStarted = Output<typeof accountBatchStarted>;
export const accountBatch = (orgId: number, parents: boolean) =>
  post<AccountBatchStarted>('apis-authz/auth/user/account/batch', { orgId, parents });
export const accountReset = (studentId: number) =>
  post<DownloadTask>('apis-authz/auth/user/account/reset', { studentId });

// Sign-in ways of the caller's schools (decision 0070)
export type SchoolSignInSetting = Output<typeof schoolSignInSetting>;
export const schoolSignIn = (signal?: Signal) =>
  get<SchoolSignInSetting[]>('apis-psychology/school/signIn', { signal });
export const setSchoolSignIn = (schoolId: number, studentNoSignIn: boolean) =>
  put<SchoolSignInSetting>(`apis-psychology/school/signIn/${schoolId}`, { studentNoSignIn });

export type ClassRoll = Output<typeof classRoll>;

/** The student roll (xs, decision 0109): the scope's classes with their numbers of students. */
export const rollOf = (schoolId: number | undefined, signal?: Signal) =>
  get<ClassRoll>('apis-user/student/roll', {
    query: schoolId === undefined ? {} : { schoolId: String(schoolId) },
    signal,
  });
