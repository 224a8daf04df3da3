import {
  type Lang,
  translate,
  type VisitAdd,
  type VisitFilters,
  type VisitQuestion,
  type VisitRecord,
  type VisitUpdate,
} from '@meridian/contracts';
import { fromJson, toJson } from '../../platform/db/sql.ts';
import { type Cell, streamWorkbook } from '../../platform/excel/stream.ts';
import { AppError } from '../../platform/http/errors.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { archiveScope, studentOfScope } from '../archive/access.ts';
import { nicknamesOf } from '../archive/repository.ts';
import { currentSemesterOf } from '../archive/semesters.ts';
import type { StudentRow } from '../people/students/tables.ts';
import {
  deleteVisit,
  findVisit,
  findVisitTask,
  insertVisit,
  taskVisitRows,
  updateVisit,
  visitPage,
  visitsOf,
} from './repository.ts';
import { type VisitTargets, visitTaskNotFound } from './tasks.ts';

type Answers = Record<string, string | string[]>;
type VisitRow = NonNullable<Awaited<ReturnType<typeof findVisit>>>;
/** A visit may be written a little ahead of the server's clock (a phone's clock), not hours ahead. */
const CLOCK_SKEW = 5 * 60_000;

const notFound = () => new AppError(404, 'visit.notFound');

async function present(actor: Actor, rows: VisitRow[]): Promise<VisitRecord[]> {
  const names = await nicknamesOf(
    actor.db,
    rows.map((r) => r.visitor_id),
  );
  return rows.map((r) => ({
    id: r.id,
    taskId: r.task_id,
    taskName: r.task_name,
    studentId: r.student_id,
    studentName: r.student_name,
    schoolId: r.school_id,
    classId: r.class_id,
    visitedAt: Number(r.visited_at),
    way: r.way,
    place: r.place,
    people: r.people,
    answers: fromJson<Answers>(r.answers),
    summary: r.summary,
    visitorId: r.visitor_id,
    visitorName: names.get(r.visitor_id) ?? null,
    createdAt: Number(r.created_at),
  }));
}

/** Each answer must belong to a question of the form, fit its type and options; required questions answered. */
function checkAnswers(questions: VisitQuestion[], answers: Answers): void {
  const byId = new Map(questions.map((q) => [q.id, q]));
  for (const key of Object.keys(answers)) {
    if (!byId.has(key))
      throw new AppError(400, 'visit.answerUnknown', {
        rules: [{ field: `answers.${key}`, key: 'visit.answerUnknown' }],
      });
  }
  for (const q of questions) {
    const answer = answers[q.id];
    const empty = answer === undefined || answer === '' || (Array.isArray(answer) && answer.length === 0);
    const field = `answers.${q.id}`;
    if (empty) {
      if (q.required)
        throw new AppError(400, 'visit.answerMissing', {
          params: { question: q.title },
          rules: [{ field, key: 'visit.answerMissing', params: { question: q.title } }],
        });
      continue;
    }
    const chosen = typeof answer === 'string' ? [answer] : answer;
    const fits =
      q.type === 'text'
        ? typeof answer === 'string'
        : (q.type === 'multi' || chosen.length === 1) && chosen.every((c) => q.options.includes(c));
    if (!fits)
      throw new AppError(400, 'visit.answerInvalid', {
        params: { question: q.title },
        rules: [{ field, key: 'visit.answerInvalid', params: { question: q.title } }],
      });
  }
}

/** The task's rules for a visit: the student is one of its targets, the time inside its window, the form answered. */
async function checkAgainstTask(
  actor: Actor,
  taskId: number | null,
  student: StudentRow,
  input: VisitAdd | VisitUpdate,
) {
  if (input.visitedAt > Date.now() + CLOCK_SKEW)
    throw new AppError(400, 'v.visit.future', { rules: [{ field: 'visitedAt', key: 'v.visit.future' }] });
  if (taskId === null) {
    if (Object.keys(input.answers).length > 0) throw new AppError(400, 'visit.answerUnknown');
    return;
  }
  const scope = await archiveScope(actor);
  const task = await findVisitTask(actor.db, scope, taskId);
  if (!task) throw visitTaskNotFound();
  const targets = fromJson<VisitTargets>(task.targets);
  if (!targets.classIds.includes(student.org_id) && !targets.studentIds.includes(student.id)) {
    throw new AppError(400, 'visit.notTarget', { rules: [{ field: 'studentId', key: 'visit.notTarget' }] });
  }
  if (input.visitedAt < Number(task.starts_at) || input.visitedAt > Number(task.ends_at)) {
    throw new AppError(400, 'visit.outsideWindow', { rules: [{ field: 'visitedAt', key: 'visit.outsideWindow' }] });
  }
  checkAnswers(fromJson<VisitQuestion[]>(task.questions), input.answers);
}

export async function listVisits(actor: Actor, filters: VisitFilters, page: { page: number; size: number }) {
  const scope = await archiveScope(actor);
  const result = await visitPage(actor.db, scope, filters, page);
  return { ...result, list: await present(actor, result.list) };
}

export async function visitDetail(actor: Actor, id: number): Promise<VisitRecord> {
  const scope = await archiveScope(actor);
  const row = await findVisit(actor.db, scope, id);
  if (!row) throw notFound();
  const [visit] = await present(actor, [row]);
  if (!visit) throw notFound();
  return visit;
}

export async function addVisit(actor: Actor, input: VisitAdd): Promise<VisitRecord> {
  const scope = await archiveScope(actor);
  const student = await studentOfScope(actor, scope, input.studentId);
  await checkAgainstTask(actor, input.taskId, student, input);
  const at = Date.now();
  const id = await actor.db.transaction().execute(async (trx) => {
    const created = await insertVisit(trx, {
      task_id: input.taskId,
      student_id: student.id,
      school_id: student.school_id,
      class_id: student.org_id,
      visited_at: input.visitedAt,
      way: input.way,
      place: input.place,
      people: input.people,
      answers: toJson(input.answers),
      summary: input.summary,
      visitor_id: actor.auth.userId,
      created_at: at,
      updated_at: at,
    });
    await audit(trx, actor.request, {
      action: 'homeVisit.add',
      targetType: 'student',
      targetId: student.id,
      detail: { visitId: created },
    });
    return created;
  });
  return visitDetail(actor, id);
}

export async function editVisit(actor: Actor, input: VisitUpdate): Promise<VisitRecord> {
  const scope = await archiveScope(actor);
  const row = await findVisit(actor.db, scope, input.id);
  if (!row) throw notFound();
  // The visit stays with its student: a visit to another family is a new record.
  const student = await studentOfScope(actor, scope, row.student_id);
  if (input.studentId !== row.student_id)
    throw new AppError(400, 'visit.notTarget', { rules: [{ field: 'studentId', key: 'visit.notTarget' }] });
  await checkAgainstTask(actor, row.task_id, student, input);
  await actor.db.transaction().execute(async (trx) => {
    await updateVisit(trx, row.id, {
      visited_at: input.visitedAt,
      way: input.way,
      place: input.place,
      people: input.people,
      answers: toJson(input.answers),
      summary: input.summary,
      updated_at: Date.now(),
    });
    await audit(trx, actor.request, {
      action: 'homeVisit.edit',
      targetType: 'student',
      targetId: row.student_id,
      detail: { visitId: row.id },
    });
  });
  return visitDetail(actor, row.id);
}

export async function removeVisit(actor: Actor, id: number): Promise<void> {
  const scope = await archiveScope(actor);
  const row = await findVisit(actor.db, scope, id);
  if (!row) throw notFound();
  await actor.db.transaction().execute(async (trx) => {
    await deleteVisit(trx, row.id);
    await audit(trx, actor.request, {
      action: 'homeVisit.delete',
      targetType: 'student',
      targetId: row.student_id,
      detail: { visitId: row.id },
    });
  });
}

/** The student's visits of the current semester (the student's page); none when no semester is current. */
export async function semesterVisits(actor: Actor, studentId: number) {
  const scope = await archiveScope(actor);
  const student = await studentOfScope(actor, scope, studentId);
  const semester = await currentSemesterOf(actor.db, student.school_id);
  if (!semester) return { semester: null, list: [] };
  const rows = await visitsOf(actor.db, student.id, semester.range);
  const list = await present(
    actor,
    rows.map((r) => ({ ...r, student_name: student.name, student_no: student.student_no })),
  );
  return { semester: semester.brief, list };
}

const HEADER: Record<Lang, string[]> = {
  'zh-CN': ['学校', '班级', '学生', '学号', '家访时间', '方式', '参与人员', '家访情况', '家访人'],
  en: ['School', 'Class', 'Student', 'Student number', 'Visited at', 'Way', 'People present', 'Summary', 'Visitor'],
};

/** A cell for an answer: options chosen are joined, as a spreadsheet reader expects one value per cell. */
const cellOf = (answer: string | string[] | undefined): Cell => (Array.isArray(answer) ? answer.join('; ') : answer);

/**
 * The answers of a task's visits as xlsx, one row per visit and one column per question, streamed
 * a page at a time; only visits of the caller's scope. The export is audited (design section 6).
 */
export async function exportVisitAnswers(actor: Actor, taskId: number) {
  const scope = await archiveScope(actor);
  const task = await findVisitTask(actor.db, scope, taskId);
  if (!task) throw visitTaskNotFound();
  const questions = fromJson<VisitQuestion[]>(task.questions);
  await audit(actor.db, actor.request, {
    action: 'homeVisit.export',
    targetType: 'home_visit_task',
    targetId: task.id,
  });
  async function* rows(): AsyncGenerator<Cell[]> {
    for await (const page of taskVisitRows(actor.db, scope, task?.id ?? 0)) {
      for (const r of page) {
        const answers = fromJson<Answers>(r.answers);
        yield [
          r.school_name,
          r.class_name,
          r.student_name,
          r.student_no,
          new Date(Number(r.visited_at)).toISOString().slice(0, 16).replace('T', ' '),
          r.way,
          r.people,
          r.summary,
          r.visitor_name,
          ...questions.map((q) => cellOf(answers[q.id])),
        ];
      }
    }
  }
  const sheet = translate('visit.export.sheet', actor.lang);
  return {
    name: `home-visits-${task.id}.xlsx`,
    stream: streamWorkbook(sheet, [...HEADER[actor.lang], ...questions.map((q) => q.title)], rows()),
  };
}
