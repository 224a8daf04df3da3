import {
  type InsightDetail,
  type InsightQuery,
  type InsightRow,
  INSIGHT_LIMITS as L,
  type LocalText,
  type Page,
} from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { fromJson } from '../../platform/db/sql.ts';
import { DAY, formatDate } from '../../platform/time.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { archiveScope } from '../archive/access.ts';
import { readArchive } from '../archive/service.ts';
import { auditStudentList, refuseFiltersOutsideScope } from '../people/students/access.ts';
import type { StudentScope } from '../people/students/scope.ts';
import { levelRows } from '../warnings/repository.ts';
import {
  type InsightFilters,
  insightStudents,
  interviews,
  lowMoods,
  openWarnings,
  warnedResults,
} from './insight-repository.ts';

type Db = Kysely<Database>;
type Evidence = InsightDetail['evidence'][number];

/**
 * Every record that meets one of the rules (decision 0092), for the students the filters keep.
 * The rules are the whole of it: a student is never listed for a reason the page cannot show.
 */
async function evidenceOf(db: Db, scope: StudentScope, f: InsightFilters, now: number) {
  const [warnings, results, talks, moods, levels] = await Promise.all([
    openWarnings(db, scope, f),
    warnedResults(db, scope, f, now - L.warnedResultsDays * DAY),
    interviews(db, scope, f, now - L.interviewDays * DAY),
    lowMoods(db, scope, f, formatDate(now - (L.lowMoodDays - 1) * DAY), L.lowMoodAtMost),
    levelRows(db),
  ]);
  const evidence = new Map<number, Evidence[]>();
  const add = (studentId: number | null, e: Evidence) => {
    if (studentId === null) return;
    const list = evidence.get(Number(studentId)) ?? [];
    list.push(e);
    evidence.set(Number(studentId), list);
  };
  for (const w of warnings) {
    add(w.student_id, {
      rule: 'openWarning',
      kind: 'warning',
      id: w.id,
      at: Number(w.created_at),
      level: w.level,
      text: fromJson<LocalText | null>(w.reason),
    });
  }
  for (const r of results) {
    add(r.student_id, {
      rule: 'warnedResults',
      kind: 'result',
      id: r.id,
      at: Number(r.submitted_at),
      level: r.warning_level,
      text: null,
    });
  }
  for (const i of talks) {
    add(i.student_id, {
      rule: 'interviews',
      kind: 'interview',
      id: i.id,
      at: Number(i.happened_at),
      level: null,
      text: null,
    });
  }
  for (const m of moods) {
    add(m.student_id, {
      rule: 'lowMood',
      kind: 'mood',
      id: m.id,
      at: Number(m.created_at),
      level: String(m.mood),
      text: null,
    });
  }
  // The most severe level is rank 1: red earns 3 points, orange 2, any lower level 1.
  const rank = new Map(levels.map((l) => [l.code, Number(l.rank)]));
  return { evidence, rank };
}

/** The reasons and points a student's records earn under the rules. */
function reasonsOf(list: Evidence[], rank: Map<string, number>): Pick<InsightRow, 'points' | 'reasons'> {
  const of = (rule: Evidence['rule']) => list.filter((e) => e.rule === rule);
  const reasons: InsightRow['reasons'] = [];
  const open = of('openWarning');
  if (open.length > 0) {
    const top = Math.min(...open.map((e) => rank.get(e.level ?? '') ?? 99));
    const level = open.find((e) => (rank.get(e.level ?? '') ?? 99) === top)?.level ?? null;
    reasons.push({ rule: 'openWarning', points: Math.max(1, 4 - top), count: open.length, level });
  }
  const warned = of('warnedResults');
  if (warned.length >= L.warnedResultsMin)
    reasons.push({ rule: 'warnedResults', points: 2, count: warned.length, level: null });
  const talks = of('interviews');
  if (talks.length > 0) reasons.push({ rule: 'interviews', points: 1, count: talks.length, level: null });
  // Days, not entries: a student writes at most one entry a day, but say it plainly.
  const lowDays = new Set(of('lowMood').map((e) => formatDate(e.at))).size;
  if (lowDays >= L.lowMoodMin) reasons.push({ rule: 'lowMood', points: 2, count: lowDays, level: null });
  return { points: reasons.reduce((n, r) => n + r.points, 0), reasons };
}

/**
 * `studentInsight`: the students whose records earn at least `listedFrom` points, most first. One
 * audit entry per page names the students on it, as the archive list does.
 */
export async function insightPage(actor: Actor, q: InsightQuery): Promise<Page<InsightRow>> {
  const scope = await archiveScope(actor);
  if (q.schoolId !== undefined) await refuseFiltersOutsideScope(actor, scope, { schoolId: q.schoolId });
  const { evidence, rank } = await evidenceOf(actor.db, scope, { schoolId: q.schoolId, name: q.name }, Date.now());
  const scored = [...evidence.entries()]
    .map(([studentId, list]) => ({ studentId, ...reasonsOf(list, rank) }))
    .filter((s) => s.points >= L.listedFrom);
  const students = await insightStudents(
    actor.db,
    scored.map((s) => s.studentId),
  );
  const byId = new Map(students.map((s) => [Number(s.id), s]));
  const rows = scored
    .map((s) => {
      const student = byId.get(s.studentId);
      return {
        studentId: s.studentId,
        name: student?.name ?? '',
        studentNo: student?.student_no || null,
        schoolName: student?.school_name ?? '',
        className: student?.class_name ?? '',
        points: s.points,
        reasons: s.reasons,
      };
    })
    .sort((a, b) => b.points - a.points || a.name.localeCompare(b.name, 'zh-CN'));
  const list = rows.slice((q.page - 1) * q.size, q.page * q.size);
  await auditStudentList(
    actor,
    'insight.list',
    list.map((r) => r.studentId),
    { filters: { schoolId: q.schoolId, name: q.name }, page: q.page, size: q.size },
  );
  return { list, total: rows.length, page: q.page, size: q.size };
}

/** `studentInsightDetailInfo`: one student's reasons with the records behind them; a read of their file, audited. */
export async function insightDetail(actor: Actor, studentId: number): Promise<InsightDetail> {
  const student = await readArchive(actor, studentId, 'insight');
  const scope = await archiveScope(actor);
  const { evidence, rank } = await evidenceOf(actor.db, scope, { studentId: student.id }, Date.now());
  const list = (evidence.get(student.id) ?? []).sort((a, b) => b.at - a.at);
  const [row] = await insightStudents(actor.db, [student.id]);
  return {
    studentId: student.id,
    name: student.name,
    studentNo: student.student_no || null,
    schoolName: row?.school_name ?? '',
    className: row?.class_name ?? '',
    ...reasonsOf(list, rank),
    evidence: list,
  };
}
