import { type MoodNoteReaders, shiftDay } from '@meridian/contracts';
import { fromJson } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { formatDate } from '../../platform/time.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { archiveScope } from '../archive/access.ts';
import { refuseStudentData } from '../people/students/access.ts';
import { lowStudentsOf } from './low.ts';
import { entriesBetween, entryOfDay } from './repository.ts';
import { settingsBySchool } from './settings.ts';
import { classDays, classEntriesSince, studentInScopeById, teacherRolesOf } from './teacher-repository.ts';

/** Each class's average mood by day over the last `days` days, in the caller's scope. */
export async function moodTrends(actor: Actor, days: number, classId: number | undefined) {
  const scope = await archiveScope(actor);
  const to = formatDate(Date.now());
  const from = shiftDay(to, 1 - days);
  const rows = await classDays(actor.db, scope, from, to, classId);
  const classes = new Map<
    number,
    { classId: number; className: string; days: { day: string; average: number; entries: number }[] }
  >();
  for (const row of rows) {
    const id = Number(row.class_id);
    const trend = classes.get(id) ?? { classId: id, className: row.class_name, days: [] };
    trend.days.push({
      day: row.day,
      average: Math.round(Number(row.average) * 100) / 100,
      entries: Number(row.entries),
    });
    classes.set(id, trend);
  }
  return { from, to, classes: [...classes.values()] };
}

/**
 * The students of one class who wrote in the last `days` days, with their average and latest
 * mood: where a teacher opens any student's journal, not only a low one's. A class outside the
 * scope has no students to show.
 */
export async function classMoodStudents(actor: Actor, classId: number, days: number) {
  const scope = await archiveScope(actor);
  const from = shiftDay(formatDate(Date.now()), 1 - days);
  const rows = await classEntriesSince(actor.db, scope, classId, from);
  const students = new Map<number, { studentId: number; name: string; moods: number[]; lastDay: string }>();
  for (const row of rows) {
    const id = Number(row.student_id);
    const student = students.get(id) ?? { studentId: id, name: row.name, moods: [], lastDay: row.day };
    student.moods.push(Number(row.mood));
    students.set(id, student);
  }
  return [...students.values()].map(({ moods, ...s }) => ({
    ...s,
    entries: moods.length,
    average: Math.round((moods.reduce((n, m) => n + m, 0) / moods.length) * 100) / 100,
    lastMood: moods[0] ?? 0,
  }));
}

/** The scope's students whose mood stayed low for their school's N days in a row. */
export async function lowMoodStudents(actor: Actor) {
  const scope = await archiveScope(actor);
  return lowStudentsOf(actor, scope);
}

/** Whether the school's setting lets this caller read the notes of a student of that class. */
async function mayReadNotes(actor: Actor, readers: MoodNoteReaders, schoolId: number, classId: number | null) {
  if (readers === 'nobody') return false;
  const roles = await teacherRolesOf(actor.db, actor.auth.userId, schoolId, classId);
  return roles.psychology || (readers === 'psychologyAndHead' && roles.head);
}

export async function journalStudent(actor: Actor, studentId: number) {
  const scope = await archiveScope(actor);
  const student = await studentInScopeById(actor.db, scope, studentId);
  if (student) return student;
  return refuseStudentData(
    actor,
    'studentNotInScope',
    { type: 'student', id: studentId },
    new AppError(404, 'mood.noStudent'),
  );
}

/**
 * A student's entries of the last `days` days, without the notes: mood, intensity and tags are
 * what the class's teachers work with. The read is audited: it is a student's health record.
 */
export async function studentMoodEntries(actor: Actor, studentId: number, days: number) {
  const student = await journalStudent(actor, studentId);
  const to = formatDate(Date.now());
  const rows = await entriesBetween(actor.db, student.id, shiftDay(to, 1 - days), to);
  const settings = (await settingsBySchool(actor, [Number(student.school_id)]))(Number(student.school_id));
  const classId = student.class_id === null ? null : Number(student.class_id);
  const canReadNotes = await mayReadNotes(actor, settings.noteReaders, Number(student.school_id), classId);
  await audit(actor.db, actor.request, {
    action: 'mood.read',
    targetType: 'student',
    targetId: student.id,
    detail: { days },
  });
  return {
    studentId: Number(student.id),
    name: student.name,
    canReadNotes,
    entries: rows.map(teacherEntry),
  };
}

/** An entry as the class's teachers see it: no note, only whether there is one. */
export function teacherEntry(r: {
  day: string;
  mood: number | string;
  intensity: number | string;
  tags: unknown;
  note: string;
  updated_at: number | string;
}) {
  return {
    day: r.day,
    mood: Number(r.mood),
    intensity: Number(r.intensity),
    tags: fromJson<string[]>(r.tags),
    hasNote: r.note.trim().length > 0,
    updatedAt: Number(r.updated_at),
  };
}

/**
 * One day's note, to those the school's setting names; every read is written to the audit log
 * (design section 6), and so is every refusal.
 */
export async function readMoodNote(actor: Actor, studentId: number, day: string) {
  const student = await journalStudent(actor, studentId);
  const schoolId = Number(student.school_id);
  const settings = (await settingsBySchool(actor, [schoolId]))(schoolId);
  const classId = student.class_id === null ? null : Number(student.class_id);
  if (!(await mayReadNotes(actor, settings.noteReaders, schoolId, classId))) {
    return refuseStudentData(
      actor,
      'noPermission',
      { type: 'moodNote', id: student.id },
      new AppError(403, 'mood.noteClosed'),
    );
  }
  const entry = await entryOfDay(actor.db, student.id, day);
  if (!entry || entry.note.trim().length === 0) throw new AppError(404, 'mood.noNote');
  await audit(actor.db, actor.request, {
    action: 'mood.note.read',
    targetType: 'student',
    targetId: student.id,
    detail: { day },
  });
  return { day, note: entry.note };
}
