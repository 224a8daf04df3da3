import {
  CAMPUS_WARNING_TYPES_DEFAULT,
  type CampusAlertStudent,
  type CampusEventStudent,
  type CampusEventType,
  type CampusWarningTypes,
  type CampusWarningTypesInput,
  type Lang,
  translate,
} from '@meridian/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { hasFaceInForce, isEnabled } from '../faces/repository.ts';
import { openWarning } from '../warnings/open.ts';
import {
  alertStudentsOf,
  insertAlertStudents,
  saveWarningTypes,
  studentsById,
  studentsByNo,
  warningTypesOf,
} from './marks-repository.ts';
import { schoolInScope } from './push.ts';

// Behaviour events that name students open warnings (decision 0136).

/** The level of a warning a behaviour event opens: a staff member looks at it, it is not a crisis. */
const EVENT_WARNING_LEVEL = 'orange';

const referenceOf = (s: CampusEventStudent) => ('studentNo' in s ? `no:${s.studentNo}` : `id:${s.studentId}`);

/** The event types that open warnings at a school: its own choice, else the default set. */
export async function warningTypes(db: Kysely<Database> | Transaction<Database>, schoolId: number) {
  const own = await warningTypesOf(db, schoolId);
  if (own === undefined) return [...CAMPUS_WARNING_TYPES_DEFAULT];
  return own === '' ? [] : (own.split(',') as CampusEventType[]);
}

interface MarkedEvent {
  alertId: number;
  schoolId: number;
  type: CampusEventType;
  location: string;
  students: CampusEventStudent[];
}

/**
 * Records the students a new alert named and, when the school counts its type as warning-worthy,
 * opens one warning per student in the alert's transaction: the alert is stored once per event,
 * so a replayed event opens nothing again. A student number not on the school's roster, or a face
 * id the school has not whitelisted (faces off, or no face in force), is recorded as unknown and
 * opens nothing; the event is still stored.
 */
export async function markStudents(trx: Transaction<Database>, e: MarkedEvent, at: number): Promise<void> {
  const refs = [...new Map(e.students.map((s) => [referenceOf(s), s])).entries()];
  if (refs.length === 0) return;
  const nos = refs.flatMap(([, s]) => ('studentNo' in s ? [s.studentNo] : []));
  const ids = refs.flatMap(([, s]) => ('studentId' in s ? [s.studentId] : []));
  const byNo = new Map((await studentsByNo(trx, e.schoolId, nos)).map((s) => [s.student_no, s]));
  const facesOn = ids.length > 0 && (await isEnabled(trx, e.schoolId));
  const byId = new Map<number, Awaited<ReturnType<typeof studentsById>>[number]>();
  for (const s of facesOn ? await studentsById(trx, e.schoolId, ids) : []) {
    if (await hasFaceInForce(trx, e.schoolId, Number(s.id), at)) byId.set(Number(s.id), s);
  }
  const opens = (await warningTypes(trx, e.schoolId)).includes(e.type);
  const reason = (lang: Lang) =>
    translate('campus.warningReason', lang, { type: translate(`journal.type.${e.type}`, lang), location: e.location });
  const warnings = new Map<number, number>();
  const rows = [];
  for (const [reference, s] of refs) {
    const student = 'studentNo' in s ? byNo.get(s.studentNo) : byId.get(s.studentId);
    if (!student) {
      rows.push({ alert_id: e.alertId, reference, student_id: null, warning_id: null });
      continue;
    }
    const studentId = Number(student.id);
    let warningId = warnings.get(studentId) ?? null;
    if (opens && warningId === null) {
      warningId = await openWarning(
        trx,
        {
          studentId,
          studentName: student.name,
          schoolId: e.schoolId,
          classId: Number(student.org_id),
          level: EVENT_WARNING_LEVEL,
          rule: `campus.${e.type}`,
          reason: { 'zh-CN': reason('zh-CN'), en: reason('en') },
          resultId: e.alertId,
          source: 'campus',
        },
        at,
      );
      warnings.set(studentId, warningId);
    }
    rows.push({ alert_id: e.alertId, reference, student_id: studentId, warning_id: warningId });
  }
  await insertAlertStudents(trx, rows);
}

/** The students an alert named, for its detail. */
export async function alertStudents(db: Kysely<Database>, alertId: number): Promise<CampusAlertStudent[]> {
  const rows = await alertStudentsOf(db, alertId);
  return rows.map((r) => ({
    reference: r.reference,
    studentId: r.student_id === null ? null : Number(r.student_id),
    name: r.name,
    warningId: r.warning_id === null ? null : Number(r.warning_id),
  }));
}

/** A school's warning types, for its push configuration. */
export async function schoolWarningTypes(actor: Actor, schoolId: number): Promise<CampusWarningTypes> {
  await schoolInScope(actor, schoolId);
  const own = await warningTypesOf(actor.db, schoolId);
  return { schoolId, types: await warningTypes(actor.db, schoolId), own: own !== undefined };
}

/** Sets which event types open warnings at a school; from then on, not for events already stored. */
export async function setWarningTypes(actor: Actor, body: CampusWarningTypesInput): Promise<CampusWarningTypes> {
  await schoolInScope(actor, body.schoolId);
  const types = [...new Set(body.types)].join(',');
  await saveWarningTypes(actor.db, body.schoolId, types, actor.auth.userId, Date.now());
  await audit(actor.db, actor.request, {
    action: 'campusPush.warningTypes',
    targetType: 'school',
    targetId: body.schoolId,
  });
  return schoolWarningTypes(actor, body.schoolId);
}
