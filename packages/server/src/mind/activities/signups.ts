import { Identity, translate } from '@meridian/contracts';
import { fromJson, toBool } from '../../platform/db/sql.ts';
import { type Cell, streamWorkbook } from '../../platform/excel/stream.ts';
import { AppError } from '../../platform/http/errors.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { archiveScope } from '../archive/access.ts';
import {
  type ActivityRow,
  activitiesOpenTo,
  activityById,
  allSignups,
  findActivity,
  markAttendance,
  type SignableStudent,
  signableStudents,
  signedKeys,
  signupPage,
  takePlace,
} from './repository.ts';
import { type ActivityTargets, activityNotFound, presentActivity } from './service.ts';

type Signer = 'student' | 'parent';

/** Whether an activity is for this student: published above their class, for their grade or class if it names any. */
function isFor(row: ActivityRow, student: SignableStudent): boolean {
  if (!student.class_path.startsWith(row.org_path)) return false;
  const targets = fromJson<ActivityTargets>(row.targets);
  if (targets.gradeIds.length + targets.classIds.length === 0) return true;
  return targets.gradeIds.includes(Number(student.grade_id)) || targets.classIds.includes(Number(student.org_id));
}

const admits = (row: ActivityRow, signer: Signer) =>
  row.audience === 'both' || row.audience === (signer === 'student' ? 'students' : 'parents');

/** Who the caller signs up as, and for which students: a student for themselves, a parent for each child. */
async function signableOf(actor: Actor): Promise<Array<{ student: SignableStudent; signer: Signer }>> {
  const [own, children] = await signableStudents(actor.db, actor.auth.userId);
  const asStudent = actor.auth.identityId === Identity.parent ? [] : own;
  const asParent = actor.auth.identityId === Identity.student ? [] : children;
  return [
    ...asStudent.map((student) => ({ student, signer: 'student' as const })),
    ...asParent.map((student) => ({ student, signer: 'parent' as const })),
  ];
}

/** H5: the activities open for sign-up now to me or my children, with whether each place is taken. */
export async function myActivities(actor: Actor) {
  const mine = await signableOf(actor);
  const at = Date.now();
  const rows = await activitiesOpenTo(actor.db, [...new Set(mine.map((m) => m.student.class_path))], at);
  const taken = await signedKeys(
    actor.db,
    rows.map((r) => Number(r.id)),
    mine.map((m) => Number(m.student.id)),
  );
  return rows.flatMap((row) =>
    mine
      .filter((m) => isFor(row, m.student) && admits(row, m.signer))
      .map(({ student, signer }) => {
        const { targets: _targets, ...shown } = presentActivity(row);
        return {
          ...shown,
          studentId: Number(student.id),
          studentName: student.name,
          by: signer,
          signedUp: taken.has(`${row.id}/${student.id}/${signer}`),
        };
      }),
  );
}

/** H5: signs a student up, once; the quota holds however many sign up at the same moment. */
export async function signUpFor(actor: Actor, activityId: number, studentId: number) {
  const row = await activityById(actor.db, activityId);
  if (!row) throw activityNotFound();
  const mine = (await signableOf(actor)).filter(
    (m) => Number(m.student.id) === studentId && isFor(row, m.student) && admits(row, m.signer),
  );
  const place = mine[0];
  if (!place) throw new AppError(403, 'activity.notForYou');
  const at = Date.now();
  if (at < Number(row.signup_from) || at >= Number(row.signup_until)) throw new AppError(409, 'activity.signupClosed');
  const outcome = await takePlace(actor.db, {
    activityId,
    studentId,
    signer: place.signer,
    userId: actor.auth.userId,
    at,
  });
  if (outcome === 'duplicate') throw new AppError(409, 'activity.alreadySigned');
  if (outcome === 'full') throw new AppError(409, 'activity.full');
  const fresh = await activityById(actor.db, activityId);
  return { activityId, studentId, by: place.signer, signed: Number(fresh?.signed ?? 0), quota: Number(row.quota) };
}

async function scopedActivity(actor: Actor, activityId: number) {
  const scope = await archiveScope(actor);
  const row = await findActivity(actor.db, scope, activityId);
  if (!row) throw activityNotFound();
  return { scope, row };
}

function presentSignup(r: Awaited<ReturnType<typeof signupPage>>['list'][number]) {
  return {
    id: Number(r.id),
    studentId: Number(r.student_id),
    studentName: r.student_name,
    studentNo: r.student_no,
    className: r.class_name,
    by: r.signer,
    signerName: r.signer_name,
    signedAt: Number(r.created_at),
    attended: r.attended === null ? null : toBool(r.attended),
  };
}

/** The sign-up list (`activityBmDetail`): only the students in the caller's scope. */
export async function listSignups(
  actor: Actor,
  filter: { activityId: number; keyword?: string | undefined },
  page: { page: number; size: number },
) {
  const { scope } = await scopedActivity(actor, filter.activityId);
  const result = await signupPage(actor.db, scope, filter, page);
  return { ...result, list: result.list.map(presentSignup) };
}

export async function markSignups(actor: Actor, body: { activityId: number; signupIds: number[]; attended: boolean }) {
  const { scope } = await scopedActivity(actor, body.activityId);
  const marked = await markAttendance(actor.db, scope, body.activityId, [...new Set(body.signupIds)], body.attended);
  return { marked };
}

const HEADER = {
  'zh-CN': ['班级', '学生', '学号', '报名人', '报名身份', '报名时间', '出勤'],
  en: ['Class', 'Student', 'Student no.', 'Signed up by', 'As', 'Signed up at', 'Attended'],
} as const;
const AS = { 'zh-CN': { student: '学生', parent: '家长' }, en: { student: 'Student', parent: 'Parent' } } as const;
const ATTENDED = { 'zh-CN': ['缺席', '出勤', ''], en: ['Absent', 'Present', ''] } as const;

/** The sign-up list as xlsx, audited; only the students in the caller's scope. */
export async function exportSignups(actor: Actor, activityId: number) {
  const { scope, row } = await scopedActivity(actor, activityId);
  await audit(actor.db, actor.request, { action: 'activity.export', targetType: 'activity', targetId: row.id });
  const lang = actor.lang;
  async function* rows(): AsyncGenerator<Cell[]> {
    for await (const page of allSignups(actor.db, scope, activityId)) {
      for (const r of page.map(presentSignup)) {
        yield [
          r.className,
          r.studentName,
          r.studentNo,
          r.signerName,
          AS[lang][r.by],
          new Date(r.signedAt).toISOString().slice(0, 16).replace('T', ' '),
          ATTENDED[lang][r.attended === null ? 2 : Number(r.attended)],
        ];
      }
    }
  }
  return {
    name: `activity-signups-${row.id}.xlsx`,
    stream: streamWorkbook(translate('activity.export.sheet', lang), [...HEADER[lang]], rows()),
  };
}
