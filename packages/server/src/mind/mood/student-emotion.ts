import type { StudentMonthBody, StudentMoodListBody } from '@meridian/contracts';
import { shiftDay, studentMonthBody, studentMoodListBody } from '@meridian/contracts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { classDays, orgOfType } from '../emotion/repository.ts';
import { add, totalsOf } from '../emotion/service.ts';
import { entriesBetween, entriesPage } from './repository.ts';
import { journalStudent, teacherEntry } from './teachers.ts';

/**
 * `studentEmotionData` (decision 0151): one student's mood and emotion, for the teachers who may
 * read their journal (the mood journal's permission and the archive's scope). Every read is
 * audited: it is a minor's health record.
 */

/** `getStudentMoodList`: the student's journal entries, newest first, without their notes. */
export async function studentMoodList(actor: Actor, input: StudentMoodListBody) {
  const body = studentMoodListBody.parse(input);
  const student = await journalStudent(actor, body.studentId);
  const page = await entriesPage(actor.db, student.id, { page: body.page, size: body.size });
  await audit(actor.db, actor.request, {
    action: 'mood.read',
    targetType: 'student',
    targetId: student.id,
    detail: { call: 'getStudentMoodList', page: body.page },
  });
  return { ...page, list: page.list.map(teacherEntry) };
}

/** The days of `YYYY-MM`, first to last. */
function daysOf(month: string): string[] {
  const days: string[] = [];
  for (let d = `${month}-01`; d.startsWith(month); d = shiftDay(d, 1)) days.push(d);
  return days;
}

/**
 * `getMonthQxxxDataList` (情绪): each day of a month, the student's own journal mood beside their
 * class's share of negative emotion from the classroom cameras (decision 0122's class sums; no
 * camera ever names the student).
 */
export async function studentMonthEmotion(actor: Actor, input: StudentMonthBody) {
  const body = studentMonthBody.parse(input);
  const student = await journalStudent(actor, body.studentId);
  const days = daysOf(body.month);
  const from = days[0] ?? `${body.month}-01`;
  const to = days.at(-1) ?? from;
  const entries = new Map((await entriesBetween(actor.db, student.id, from, to)).map((e) => [e.day, e]));
  const classId = student.class_id === null ? null : Number(student.class_id);
  const klass = classId === null ? undefined : await orgOfType(actor.db, classId, 'class');
  const sums = new Map<string, Record<string, number>>();
  if (klass) {
    const scope = { all: true, schoolIds: [], classIds: [], orgPaths: [] };
    for (const row of await classDays(actor.db, { scope, classId: klass.id, from, to })) {
      const sum = sums.get(row.day) ?? {};
      add(sum, row);
      sums.set(row.day, sum);
    }
  }
  await audit(actor.db, actor.request, {
    action: 'mood.read',
    targetType: 'student',
    targetId: student.id,
    detail: { call: 'getMonthQxxxDataList', month: body.month },
  });
  return {
    studentId: Number(student.id),
    name: student.name,
    className: klass?.name ?? null,
    month: body.month,
    days: days.map((day) => {
      const entry = entries.get(day);
      const sum = sums.get(day);
      const totals = sum ? totalsOf(sum) : null;
      return {
        day,
        mood: entry ? Number(entry.mood) : null,
        intensity: entry ? Number(entry.intensity) : null,
        classNegative: totals && totals.faces > 0 ? totals.negative : null,
        classSamples: totals?.samples ?? 0,
      };
    }),
  };
}
