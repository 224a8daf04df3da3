import {
  type CampusDelivery,
  EMOTION_ALERT_LIMITS,
  type EmotionAlert,
  type EmotionAlertGrade,
  type EmotionAlertHandle,
  type EmotionAlertLevel,
  type EmotionAlertNotice,
  type EmotionAlertQuery,
  type EmotionAlertState,
  type EmotionThreshold,
  type EmotionThresholdInput,
  type Page,
  translate,
} from '@meridian/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { type DescribeAlert, deliveriesAbout, pushRecipients, sitePush } from '../campus/push.ts';
import { orgOfType } from '../emotion/repository.ts';
import { scopeOf } from '../emotion/scope.ts';
import {
  type AlertRow,
  alertPage,
  classesWithGrades,
  crossedAgain,
  emotionAlertFacts,
  findAlertInScope,
  insertAlert,
  markHandled,
  noticesOf,
  saveThreshold,
  thresholdOf,
} from './repository.ts';

// Emotion alerts (intelEmotion, decision 0118): a class's day crossing its school's threshold.

export const EMOTION_PUSH = 'mind.emotion.push';
const DAY_MS = 86_400_000;
const THOUSANDTHS = 1000;
const DEFAULT_THRESHOLD = Math.round(EMOTION_ALERT_LIMITS.thresholdDefault * THOUSANDTHS);
const SERIOUS_ABOVE = Math.round(EMOTION_ALERT_LIMITS.seriousAbove * THOUSANDTHS);

/** A class's day as summed so far: its faces and its negative emotions, in thousandths of a face. */
export interface ClassDaySoFar {
  schoolId: number;
  classId: number;
  day: string;
  faces: number;
  negative: number;
}

/**
 * Raises (or updates) the class's alert of the day when its negative share has crossed the school's
 * threshold, inside the transaction that stored the sample: the alert, the sample and the push job
 * exist together or not at all. A class has one alert a day; its first crossing queues the push.
 */
export async function raiseOnCrossing(trx: Transaction<Database>, d: ClassDaySoFar, at: number): Promise<void> {
  if (d.faces <= 0) return;
  const share = Math.round(d.negative / d.faces);
  const own = await thresholdOf(trx, d.schoolId);
  const threshold = own ? Number(own.threshold) : DEFAULT_THRESHOLD;
  if (share < threshold) return;
  const id = await insertAlert(trx, {
    school_id: d.schoolId,
    class_id: d.classId,
    day: d.day,
    negative: share,
    peak: share,
    threshold,
    level: share >= threshold + SERIOUS_ABOVE ? 'serious' : 'attention',
    state: 'open',
    raised_at: at,
    updated_at: at,
  });
  if (id === undefined) {
    const again = await crossedAgain(trx, d.classId, d.day, share, SERIOUS_ABOVE, at);
    // Turning serious tells the rules that name only serious alerts (decision 0143); those told already are not told twice.
    if (again?.becameSerious) {
      const to = await pushRecipients(trx, d.schoolId, 'emotion', at, 'serious');
      await emotionPush.queue(trx, again.id, to, at, 'serious');
    }
    return;
  }
  const level: EmotionAlertLevel = share >= threshold + SERIOUS_ABOVE ? 'serious' : 'attention';
  await emotionPush.queue(trx, id, await pushRecipients(trx, d.schoolId, 'emotion', at, level), at);
}

/** An emotion alert's sentence for SMS: school, class, level and day, in Chinese (decision 0143). */
const describeEmotionAlert: DescribeAlert = async (db, id) => {
  const facts = await emotionAlertFacts(db, id);
  if (!facts) return null;
  return translate('emotionAlert.sms', 'zh-CN', {
    school: facts.school_name,
    className: facts.class_name,
    level: translate(`emotionAlert.level.${facts.level}`, 'zh-CN'),
    day: facts.day,
  });
};

const emotionPush = sitePush(EMOTION_PUSH, 'emotion_alert_notices', describeEmotionAlert);
/** Sends an emotion alert's site messages, once per alert, person and channel however often it runs. */
export const emotionPushJob = emotionPush.job;

const share = (thousandths: number | string) => Number(thousandths) / THOUSANDTHS;

function alertOf(r: AlertRow): EmotionAlert {
  return {
    id: Number(r.id),
    schoolId: Number(r.school_id),
    schoolName: r.school_name,
    classId: Number(r.class_id),
    className: r.class_name,
    day: r.day,
    negative: share(r.negative),
    peak: share(r.peak),
    threshold: share(r.threshold),
    level: r.level as EmotionAlertLevel,
    state: r.state as EmotionAlertState,
    raisedAt: Number(r.raised_at),
    updatedAt: Number(r.updated_at),
    handledByName: r.handled_by_name,
    handledAt: r.handled_at === null ? null : Number(r.handled_at),
    note: r.note,
  };
}

export function checkRange(from: string, to: string): void {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;
  if (!Number.isFinite(days) || days < 0 || days >= EMOTION_ALERT_LIMITS.rangeDaysMax) {
    throw new AppError(400, 'emotionAlert.badRange', { rules: [{ field: 'from', key: 'emotionAlert.badRange' }] });
  }
}

/** Alerts within the caller's schools (or classes), filtered; newest day first, gloomiest first. */
export async function listEmotionAlerts(actor: Actor, q: EmotionAlertQuery): Promise<Page<EmotionAlert>> {
  checkRange(q.from, q.to);
  const scope = await scopeOf(actor);
  const { rows, total } = await alertPage(actor.db, scope, q, q.page, q.size);
  return { list: rows.map(alertOf), total, page: q.page, size: q.size };
}

/** One alert within the caller's schools (or classes); another school's answers as one that does not exist. */
export async function emotionAlertOf(actor: Actor, id: number): Promise<EmotionAlert> {
  const row = await findAlertInScope(actor.db, await scopeOf(actor), id);
  if (!row) throw new AppError(404, 'emotionAlert.notFound');
  return alertOf(row);
}

/** How the push rules' messages about one alert went: site, SMS and WeChat, sent, skipped or failed (decision 0156). */
export async function emotionAlertDeliveries(actor: Actor, id: number): Promise<CampusDelivery[]> {
  if (!(await findAlertInScope(actor.db, await scopeOf(actor), id))) throw new AppError(404, 'emotionAlert.notFound');
  return deliveriesAbout(actor, 'emotion_alert_notices', id);
}

/** Handles an open alert with a note of what was done; audited. A handled alert takes no second note. */
export async function handleEmotionAlert(actor: Actor, id: number, body: EmotionAlertHandle): Promise<EmotionAlert> {
  const scope = await scopeOf(actor);
  const row = await findAlertInScope(actor.db, scope, id);
  if (!row) throw new AppError(404, 'emotionAlert.notFound');
  if (row.state !== 'open') throw new AppError(409, 'emotionAlert.handled');
  const done = await actor.db.transaction().execute(async (trx) => {
    if (!(await markHandled(trx, id, actor.auth.userId, body.note, Date.now()))) return false;
    await audit(trx, actor.request, { action: 'emotionAlert.handle', targetType: 'emotion_alert', targetId: id });
    return true;
  });
  if (!done) throw new AppError(409, 'emotionAlert.handled');
  const after = await findAlertInScope(actor.db, scope, id);
  if (!after) throw new AppError(404, 'emotionAlert.notFound');
  return alertOf(after);
}

async function ownSchool(actor: Actor, schoolId: number): Promise<void> {
  const scope = await scopeOf(actor);
  if (!(scope.all || scope.schoolIds.includes(schoolId))) throw new AppError(403, 'emotionAlert.notSchool');
}

export async function emotionThreshold(actor: Actor, schoolId: number): Promise<EmotionThreshold> {
  await ownSchool(actor, schoolId);
  const own = await thresholdOf(actor.db, schoolId);
  return { schoolId, threshold: share(own ? own.threshold : DEFAULT_THRESHOLD), own: own !== undefined };
}

/** Sets a school's threshold; alerts already raised keep the threshold they crossed. Audited. */
export async function setEmotionThreshold(actor: Actor, body: EmotionThresholdInput): Promise<EmotionThreshold> {
  await ownSchool(actor, body.schoolId);
  const thousandths = Math.round(body.threshold * THOUSANDTHS);
  await saveThreshold(actor.db, body.schoolId, thousandths, actor.auth.userId, Date.now());
  await audit(actor.db, actor.request, {
    action: 'emotionAlert.threshold',
    targetType: 'org',
    targetId: body.schoolId,
  });
  return emotionThreshold(actor, body.schoolId);
}

export async function myEmotionNotices(actor: Actor): Promise<{ unread: number; list: EmotionAlertNotice[] }> {
  const rows = await noticesOf(actor.db, actor.auth.userId, 20);
  const list = rows.map((r) => ({
    id: Number(r.id),
    alertId: Number(r.alert_id),
    schoolName: r.school_name,
    className: r.class_name,
    day: r.day,
    negative: share(r.negative),
    createdAt: Number(r.created_at),
    readAt: r.read_at === null ? null : Number(r.read_at),
  }));
  return { unread: list.filter((n) => n.readAt === null).length, list };
}

export function readEmotionNotice(actor: Actor, id: number): Promise<void> {
  return emotionPush.read(actor, id, 'emotionAlert.notFound');
}

/**
 * The grades and classes of one school the caller sees, for the alert list's pickers (decision
 * 0143): all of them for a caller of the school, their own classes for a class teacher.
 */
export async function alertClasses(actor: Actor, schoolId: number): Promise<EmotionAlertGrade[]> {
  const scope = await scopeOf(actor);
  const school = await orgOfType(actor.db, schoolId, 'school');
  if (!school) throw new AppError(400, 'emotionAlert.notSchool');
  const whole = scope.all || scope.schoolIds.includes(schoolId);
  const rows = (await classesWithGrades(actor.db, school.path)).filter(
    (r) => whole || scope.classIds.includes(Number(r.class_id)),
  );
  if (!whole && rows.length === 0) throw new AppError(400, 'emotionAlert.notSchool');
  const grades = new Map<number, EmotionAlertGrade>();
  for (const r of rows) {
    const id = Number(r.grade_id);
    const grade = grades.get(id) ?? { gradeId: id, gradeName: r.grade_name, classes: [] };
    grade.classes.push({ classId: Number(r.class_id), className: r.class_name });
    grades.set(id, grade);
  }
  return [...grades.values()];
}
