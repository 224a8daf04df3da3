import { z } from 'zod';
import { textFilter } from '../paging.ts';
import { bodyId, bodyPage, queryId } from '../portal/orgs.ts';

/** Limits of activities (`activityManage`), written once for the server and the form. */
export const ACTIVITY_LIMITS = {
  titleMax: 50,
  placeMax: 100,
  descriptionMax: 2000,
  quotaMax: 100_000,
  targetsMax: 500,
} as const;

export const ACTIVITY_KINDS = ['week', 'lecture', 'group', 'other'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
/** Who may sign up: the students themselves, their parents, or both. */
export const ACTIVITY_AUDIENCES = ['students', 'parents', 'both'] as const;
export type ActivityAudience = (typeof ACTIVITY_AUDIENCES)[number];
export const SIGNUP_BY = ['student', 'parent'] as const;

const L = ACTIVITY_LIMITS;
const ids = z.array(bodyId).max(L.targetsMax, 'v.activity.targets');
const time = z.number({ error: 'v.activity.window' }).int().positive('v.activity.window');

const activityFields = {
  title: z.string().trim().min(1, 'v.activity.title').max(L.titleMax, 'v.activity.title'),
  kind: z.enum(ACTIVITY_KINDS, { error: 'v.activity.kind' }),
  place: z.string().trim().max(L.placeMax, 'v.activity.place').default(''),
  description: z.string().trim().max(L.descriptionMax, 'v.activity.description').default(''),
  quota: z.number({ error: 'v.activity.quota' }).int().min(1, 'v.activity.quota').max(L.quotaMax, 'v.activity.quota'),
  audience: z.enum(ACTIVITY_AUDIENCES, { error: 'v.activity.audience' }),
  /** No grade and no class: every student of the publishing organisation. */
  targets: z
    .strictObject({ gradeIds: ids.default([]), classIds: ids.default([]) })
    .default({ gradeIds: [], classIds: [] }),
  /** Epoch milliseconds: when the activity takes place, and when sign-up is open. */
  startsAt: time,
  endsAt: time,
  signupFrom: time,
  signupUntil: time,
};
type Window = { startsAt: number; endsAt: number; signupFrom: number; signupUntil: number };
const windowRule = (a: Window) => a.endsAt > a.startsAt && a.signupUntil > a.signupFrom && a.signupUntil <= a.endsAt;

export const activityCreate = z
  .strictObject(activityFields)
  .refine(windowRule, { message: 'v.activity.window', path: ['signupUntil'] });
export type ActivityCreate = z.infer<typeof activityCreate>;
export const activityUpdate = z
  .strictObject({ id: bodyId, ...activityFields })
  .refine(windowRule, { message: 'v.activity.window', path: ['signupUntil'] });
export type ActivityUpdate = z.infer<typeof activityUpdate>;
export const activityPage = z.strictObject({ keyword: textFilter(L.titleMax), ...bodyPage });

export const activity = z.object({
  id: z.number(),
  orgId: z.number(),
  orgName: z.string(),
  title: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  place: z.string(),
  description: z.string(),
  quota: z.number(),
  signed: z.number(),
  audience: z.enum(ACTIVITY_AUDIENCES),
  targets: z.object({ gradeIds: z.array(z.number()), classIds: z.array(z.number()) }),
  startsAt: z.number(),
  endsAt: z.number(),
  signupFrom: z.number(),
  signupUntil: z.number(),
  createdAt: z.number(),
});
export type Activity = z.infer<typeof activity>;

/** The sign-up list of an activity (`activityBmDetail`). */
export const signupPage = z.strictObject({ activityId: bodyId, keyword: textFilter(20), ...bodyPage });
export const signup = z.object({
  id: z.number(),
  studentId: z.number(),
  studentName: z.string(),
  studentNo: z.string(),
  className: z.string(),
  by: z.enum(SIGNUP_BY),
  signerName: z.string(),
  signedAt: z.number(),
  attended: z.boolean().nullable(),
});
export type Signup = z.infer<typeof signup>;
export const attendanceMark = z.strictObject({
  activityId: bodyId,
  signupIds: z.array(bodyId).min(1, 'v.activity.signups').max(1000, 'v.activity.signups'),
  attended: z.boolean(),
});
export const activityExportQuery = z.strictObject({ activityId: queryId });

/** H5: an activity open to me (a student) or to one of my children (a parent). */
export const openActivity = activity.omit({ targets: true }).extend({
  studentId: z.number(),
  studentName: z.string(),
  by: z.enum(SIGNUP_BY),
  signedUp: z.boolean(),
});
export type OpenActivity = z.infer<typeof openActivity>;
export const signUp = z.strictObject({ activityId: bodyId, studentId: bodyId });
