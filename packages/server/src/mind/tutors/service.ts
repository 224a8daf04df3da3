import { Identity, type TutorTaskCreate, translate } from '@meridian/contracts';
import { fromJson, toJson } from '../../platform/db/sql.ts';
import { type Cell, streamWorkbook } from '../../platform/excel/stream.ts';
import { AppError } from '../../platform/http/errors.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { archiveScope } from '../archive/access.ts';
import { orgInStudentScope } from '../people/students/scope.ts';
import {
  choicesOf,
  choiceWithTutor,
  decideChoice,
  findTask,
  insertTask,
  liveChoicesOf,
  openTasksFor,
  orgsByIds,
  progressByClass,
  setRound,
  studentsOfUser,
  type TaskRow,
  takeTutor,
  tasksInScope,
  tasksOfTutor,
  tutorsOf,
  userOrgPaths,
} from './repository.ts';

const notFound = () => new AppError(404, 'tutorTask.notFound');
const outside = () => new AppError(403, 'tutorTask.outside');

async function present(actor: Actor, rows: TaskRow[]) {
  const tutors = await tutorsOf(
    actor.db,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    orgId: Number(r.org_id),
    name: r.name,
    rounds: Number(r.rounds),
    round: Number(r.round),
    classIds: fromJson<number[]>(r.class_ids),
    opensAt: Number(r.opens_at),
    closesAt: Number(r.closes_at),
    tutors: tutors
      .filter((t) => Number(t.task_id) === Number(r.id))
      .map((t) => ({
        id: Number(t.id),
        userId: Number(t.user_id),
        name: t.name,
        quota: Number(t.quota),
        taken: Number(t.taken),
      })),
  }));
}

/** A task the caller's scope reaches: set at, below or above their organisations. */
async function scopedTask(actor: Actor, id: number) {
  const scope = await archiveScope(actor);
  const row = await findTask(actor.db, id);
  // Set at or below the scope, or above it: the scope then bounds the students shown.
  const reaches =
    orgInStudentScope(scope, row?.org_path ?? '') || scope.orgPaths.some((p) => row && p.startsWith(row.org_path));
  if (!row || !reaches) throw notFound();
  return { scope, row };
}

/** Sets a task: the classes and the tutors must lie in the caller's school. */
export async function addTutorTask(actor: Actor, body: TutorTaskCreate) {
  const scope = await archiveScope(actor);
  const classes = await orgsByIds(actor.db, [...new Set(body.classIds)]);
  if (
    classes.length !== new Set(body.classIds).size ||
    classes.some((c) => c.type !== 'class' || !orgInStudentScope(scope, c.path))
  ) {
    throw outside();
  }
  const above = (classes[0]?.path ?? '').split('/').filter(Boolean).map(Number);
  const school = (await orgsByIds(actor.db, above)).find((o) => o.type === 'school');
  if (!school || classes.some((c) => !c.path.startsWith(school.path))) throw outside();
  const tutorPaths = await userOrgPaths(
    actor.db,
    body.tutors.map((t) => t.userId),
  );
  const inSchool = new Set(tutorPaths.filter((p) => p.path.startsWith(school.path)).map((p) => Number(p.user_id)));
  if (body.tutors.some((t) => !inSchool.has(t.userId))) throw outside();
  const id = await insertTask(
    actor.db,
    {
      org_id: Number(school.id),
      org_path: school.path,
      name: body.name,
      rounds: body.rounds,
      round: 1,
      class_ids: toJson([...new Set(body.classIds)]),
      opens_at: body.opensAt,
      closes_at: body.closesAt,
      created_by: actor.auth.userId,
      created_at: Date.now(),
    },
    body.tutors,
  );
  return (await present(actor, [(await findTask(actor.db, id)) as TaskRow]))[0];
}

export async function listTutorTasks(actor: Actor) {
  return present(actor, await tasksInScope(actor.db, await archiveScope(actor)));
}

/** The tasks in which the caller is a tutor, whatever their role: they answer the choices made of them. */
export async function tutoringTasks(actor: Actor) {
  return present(actor, await tasksOfTutor(actor.db, actor.auth.userId));
}

/** Opens the next round: students without a live choice (declined ones) choose again. */
export async function moveRound(actor: Actor, id: number, round: number) {
  const { row } = await scopedTask(actor, id);
  if (round > Number(row.rounds)) throw new AppError(400, 'v.tutorTask.rounds');
  await setRound(actor.db, id, round);
  return (await present(actor, [{ ...row, round }]))[0];
}

type ChoiceRow = Awaited<ReturnType<typeof choicesOf>>[number];

/**
 * One class in each round up to `rounds`: the round's choices by state, and its students who have
 * no choice in that round and no live one (waiting or confirmed) from an earlier round: those who
 * still have to choose.
 */
function roundsOfClass(students: number, choices: ChoiceRow[], rounds: number) {
  return Array.from({ length: rounds }, (_, i) => {
    const round = i + 1;
    const inRound = choices.filter((c) => Number(c.round) === round);
    const count = (state: ChoiceRow['state']) => inRound.filter((c) => c.state === state).length;
    const here = new Set(inRound.map((c) => Number(c.student_id)));
    const heldBefore = new Set(
      choices
        .filter((c) => Number(c.round) < round && c.state !== 'declined' && !here.has(Number(c.student_id)))
        .map((c) => Number(c.student_id)),
    );
    return {
      round,
      chosen: count('pending'),
      confirmed: count('confirmed'),
      declined: count('declined'),
      notChosen: Math.max(0, students - here.size - heldBefore.size),
    };
  });
}

export async function taskProgress(actor: Actor, id: number) {
  const { scope, row } = await scopedTask(actor, id);
  const rows = await progressByClass(actor.db, id, fromJson<number[]>(row.class_ids), scope);
  const choices = await choicesOf(actor.db, id, scope);
  return rows.map((r) => ({
    classId: Number(r.class_id),
    className: r.class_name,
    students: Number(r.students),
    chosen: Number(r.chosen),
    confirmed: Number(r.confirmed),
    rounds: roundsOfClass(
      Number(r.students),
      choices.filter((c) => Number(c.class_id) === Number(r.class_id)),
      Number(row.round),
    ),
  }));
}

const presentChoice = (r: Awaited<ReturnType<typeof choicesOf>>[number]) => ({
  id: Number(r.id),
  taskId: Number(r.task_id),
  studentId: Number(r.student_id),
  studentName: r.student_name,
  className: r.class_name,
  tutorId: Number(r.tutor_id),
  tutorName: r.tutor_name,
  round: Number(r.round),
  state: r.state,
});

/** The result list: every choice of the scope's students. */
export async function taskResults(actor: Actor, id: number) {
  const { scope } = await scopedTask(actor, id);
  return (await choicesOf(actor.db, id, scope)).map(presentChoice);
}

const HEADER = {
  'zh-CN': ['班级', '学生', '导师', '轮次', '状态'],
  en: ['Class', 'Student', 'Tutor', 'Round', 'State'],
} as const;
const STATE = {
  'zh-CN': { pending: '待确认', confirmed: '已确认', declined: '已拒绝' },
  en: { pending: 'Awaiting the tutor', confirmed: 'Confirmed', declined: 'Declined' },
} as const;

/** The result list as a workbook (audited): a task's choices are a few hundred rows, streamed directly. */
export async function exportResults(actor: Actor, id: number) {
  const { scope, row } = await scopedTask(actor, id);
  await audit(actor.db, actor.request, { action: 'tutorTask.export', targetType: 'tutorTask', targetId: row.id });
  const lang = actor.lang;
  const choices = (await choicesOf(actor.db, id, scope)).map(presentChoice);
  async function* rows(): AsyncGenerator<Cell[]> {
    for (const c of choices) yield [c.className, c.studentName, c.tutorName, c.round, STATE[lang][c.state]];
  }
  return {
    name: `tutor-choices-${row.id}.xlsx`,
    stream: streamWorkbook(translate('tutorTask.export.sheet', lang), [...HEADER[lang]], rows()),
  };
}

/** The choices made of the caller as a tutor, to confirm or decline. */
export async function myTutees(actor: Actor, id: number) {
  if (!(await findTask(actor.db, id))) throw notFound();
  return (await choicesOf(actor.db, id, null, actor.auth.userId)).map(presentChoice);
}

export async function decide(actor: Actor, choiceId: number, confirm: boolean) {
  const choice = await choiceWithTutor(actor.db, choiceId);
  if (!choice || Number(choice.user_id) !== actor.auth.userId) throw new AppError(403, 'tutorTask.notYourChoice');
  if (!(await decideChoice(actor.db, choiceId, Number(choice.tutor_id), confirm, Date.now()))) {
    throw new AppError(409, 'tutorTask.decided');
  }
  return { id: choiceId, state: confirm ? ('confirmed' as const) : ('declined' as const) };
}

async function myStudent(actor: Actor) {
  if (actor.auth.identityId !== Identity.student) return [];
  return studentsOfUser(actor.db, actor.auth.userId);
}

/** H5: the open tasks for my class, with the tutors' places and my live choice. */
export async function myTutorTasks(actor: Actor) {
  const students = await myStudent(actor);
  const at = Date.now();
  const rows = (
    await openTasksFor(
      actor.db,
      students.map((s) => s.class_path),
      at,
    )
  ).filter((r) => students.some((s) => fromJson<number[]>(r.class_ids).includes(Number(s.org_id))));
  const live = await liveChoicesOf(
    actor.db,
    rows.map((r) => Number(r.id)),
    students.map((s) => Number(s.id)),
  );
  return (await present(actor, rows)).map((task) => {
    const mine = live.find((c) => Number(c.task_id) === task.id);
    return { ...task, myTutorId: mine ? Number(mine.tutor_id) : null, myState: mine?.state ?? null };
  });
}

/** H5: takes a tutor's place in the current round; the last place goes to one student only. */
export async function chooseTutor(actor: Actor, taskId: number, tutorId: number) {
  const row = await findTask(actor.db, taskId);
  if (!row) throw notFound();
  const student = (await myStudent(actor)).find((s) => fromJson<number[]>(row.class_ids).includes(Number(s.org_id)));
  if (!student) throw new AppError(403, 'tutorTask.notForYou');
  const at = Date.now();
  if (at < Number(row.opens_at) || at >= Number(row.closes_at)) throw new AppError(409, 'tutorTask.closed');
  if ((await liveChoicesOf(actor.db, [taskId], [Number(student.id)])).length > 0) {
    throw new AppError(409, 'tutorTask.alreadyChosen');
  }
  const outcome = await takeTutor(actor.db, {
    taskId,
    studentId: Number(student.id),
    tutorId,
    round: Number(row.round),
    at,
  });
  if (outcome === 'duplicate') throw new AppError(409, 'tutorTask.alreadyChosen');
  if (outcome === 'full') throw new AppError(409, 'tutorTask.full');
  return { taskId, tutorId, state: 'pending' as const };
}
