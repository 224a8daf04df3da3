import type { ActivityAudience, ActivityCreate, ActivityKind, ActivityUpdate } from '@meridian/contracts';
import { fromJson, toJson } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { archiveScope } from '../archive/access.ts';
import { orgInStudentScope, type StudentScope } from '../people/students/scope.ts';
import {
  type ActivityRow,
  activityPage,
  deleteActivity,
  findActivity,
  insertActivity,
  orgsByIds,
  updateActivity,
} from './repository.ts';

export const activityNotFound = () => new AppError(404, 'activity.notFound');
export interface ActivityTargets {
  gradeIds: number[];
  classIds: number[];
}

export function presentActivity(row: ActivityRow) {
  return {
    id: Number(row.id),
    orgId: Number(row.org_id),
    orgName: row.org_name,
    title: row.title,
    kind: row.kind as ActivityKind,
    place: row.place,
    description: row.description,
    quota: Number(row.quota),
    signed: Number(row.signed),
    audience: row.audience as ActivityAudience,
    targets: fromJson<ActivityTargets>(row.targets),
    startsAt: Number(row.starts_at),
    endsAt: Number(row.ends_at),
    signupFrom: Number(row.signup_from),
    signupUntil: Number(row.signup_until),
    createdAt: Number(row.created_at),
  };
}

const targetOutside = () =>
  new AppError(403, 'activity.targetOutside', { rules: [{ field: 'targets', key: 'activity.targetOutside' }] });

/**
 * The organisation a new activity belongs to: the caller's highest one (a school, or the bureau
 * for the psychology centre); for the platform, the first named grade's or class's school.
 * Every named grade and class must be one, inside that organisation and the caller's scope.
 */
async function ownerOf(actor: Actor, scope: StudentScope, targets: ActivityTargets) {
  const grades = await orgsByIds(actor.db, [...new Set(targets.gradeIds)]);
  const classes = await orgsByIds(actor.db, [...new Set(targets.classIds)]);
  const ok =
    grades.length === new Set(targets.gradeIds).size &&
    classes.length === new Set(targets.classIds).size &&
    grades.every((g) => g.type === 'grade' && orgInStudentScope(scope, g.path)) &&
    classes.every((c) => c.type === 'class' && orgInStudentScope(scope, c.path));
  if (!ok) throw targetOutside();
  const own = [...scope.orgPaths].sort((a, b) => a.length - b.length)[0];
  if (own !== undefined) return { id: Number(own.split('/').filter(Boolean).pop()), path: own };
  // The platform publishes for the school of the first grade or class it names.
  const first = grades[0] ?? classes[0];
  const above = first === undefined ? [] : first.path.split('/').filter(Boolean).map(Number);
  const school = (await orgsByIds(actor.db, above)).find((o) => o.type === 'school');
  if (!school) throw targetOutside();
  if (![...grades, ...classes].every((o) => o.path.startsWith(school.path))) throw targetOutside();
  return { id: Number(school.id), path: school.path };
}

/** An activity the caller may change: one published at or below their organisations. */
async function ownActivity(actor: Actor, scope: StudentScope, id: number): Promise<ActivityRow> {
  const row = await findActivity(actor.db, scope, id);
  if (!row) throw activityNotFound();
  if (!orgInStudentScope(scope, row.org_path)) throw new AppError(403, 'auth.forbidden');
  return row;
}

function columnsOf(body: ActivityCreate) {
  return {
    title: body.title,
    kind: body.kind,
    place: body.place,
    description: body.description,
    quota: body.quota,
    audience: body.audience,
    targets: toJson({ gradeIds: [...new Set(body.targets.gradeIds)], classIds: [...new Set(body.targets.classIds)] }),
    starts_at: body.startsAt,
    ends_at: body.endsAt,
    signup_from: body.signupFrom,
    signup_until: body.signupUntil,
  };
}

export async function listActivities(actor: Actor, keyword: string | undefined, page: { page: number; size: number }) {
  const scope = await archiveScope(actor);
  const result = await activityPage(actor.db, scope, keyword, page);
  return { ...result, list: result.list.map(presentActivity) };
}

export async function activityDetail(actor: Actor, id: number) {
  const row = await findActivity(actor.db, await archiveScope(actor), id);
  if (!row) throw activityNotFound();
  return presentActivity(row);
}

export async function publishActivity(actor: Actor, body: ActivityCreate) {
  const scope = await archiveScope(actor);
  const owner = await ownerOf(actor, scope, body.targets);
  const at = Date.now();
  const id = await insertActivity(actor.db, {
    org_id: owner.id,
    org_path: owner.path,
    ...columnsOf(body),
    signed: 0,
    created_by: actor.auth.userId,
    created_at: at,
    updated_at: at,
  });
  return activityDetail(actor, id);
}

export async function editActivity(actor: Actor, body: ActivityUpdate) {
  const scope = await archiveScope(actor);
  const row = await ownActivity(actor, scope, body.id);
  const owner = await ownerOf(actor, scope, body.targets);
  if (!row.org_path.startsWith(owner.path) && !owner.path.startsWith(row.org_path)) throw targetOutside();
  const at = Date.now();
  const changed = await updateActivity(actor.db, body.id, { ...columnsOf(body), updated_at: at }, at);
  if (!changed) {
    // Once it has started, an activity is a record of what happened: read-only (decision 0130).
    const now = await findActivity(actor.db, scope, body.id);
    if (!now || Number(now.starts_at) <= at) throw new AppError(409, 'activity.started');
    throw new AppError(409, 'activity.quotaBelowSigned', {
      params: { signed: Number(now.signed) },
      rules: [{ field: 'quota', key: 'activity.quotaBelowSigned', params: { signed: Number(now.signed) } }],
    });
  }
  return activityDetail(actor, body.id);
}

export async function removeActivity(actor: Actor, id: number): Promise<void> {
  const scope = await archiveScope(actor);
  await ownActivity(actor, scope, id);
  if (!(await deleteActivity(actor.db, id))) throw new AppError(409, 'activity.hasSignups');
}
