import {
  hasPermission,
  type LocalText,
  SCHOOL_STAGES,
  type ScreenBandQuery,
  type ScreenBands,
  type ScreenGauge,
  type ScreenGradeWarnings,
  type ScreenHolders,
  type ScreenNodes,
  type ScreenOverduePage,
  type ScreenPageQuery,
  type ScreenQuery,
  type ScreenSchools,
  type ScreenStages,
  type ScreenTasks,
  type ScreenTrend,
} from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { fromJson } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { pinnedDefinition } from '../assessments/scales.ts';
import { staffScope } from '../assessments/tasks.ts';
import type { StudentScope } from '../people/students/scope.ts';
import { levelRows } from '../warnings/repository.ts';
import {
  bandCounts,
  bandCountsByGradeName,
  bureauNode,
  openByHolder,
  openUnassigned,
  orgNames,
  overdueWarnings,
  type Period,
  resultsByDay,
  resultsByGrade,
  resultsBySchool,
  scaleNames,
  schoolsOf,
  schoolsUnderPath,
  sheetsByGrade,
  sheetsBySchool,
  sheetsByTask,
  subDistricts,
  warningBuckets,
  warningsByClass,
  warningsByDay,
} from './repository.ts';

type Db = Kysely<Database>;

const OPEN = new Set(['new', 'setUp', 'published', 'intervening', 'handedOver']);
const HOUR_MS = 3_600_000;

/**
 * The caller's scope, and the one school asked for if it lies inside it: a school outside is
 * refused with a sentence, never answered with zeros that would look like a real figure.
 */
export async function screenScope(actor: Actor, schoolId: number | undefined, orgId?: number): Promise<StudentScope> {
  const scope = await staffScope(actor);
  const checked = await schoolChecked(actor, scope, schoolId);
  return orgId === undefined ? checked : nodeScope(actor.db, checked, orgId);
}

async function schoolChecked(actor: Actor, scope: StudentScope, schoolId: number | undefined) {
  if (schoolId === undefined || scope.all || scope.schoolIds.includes(schoolId)) return scope;
  const [school] = await orgNames(actor.db, [schoolId]);
  // A class teacher's scope holds classes: their school is theirs to ask about, for those classes.
  if (school && scope.orgPaths.some((path) => path.startsWith(school.path))) return scope;
  throw new AppError(403, 'screen.outside');
}

/**
 * The scope narrowed to one sub-district (decision 0125, as 0119): the node must be a bureau inside
 * the caller's organisations, else it is refused in words; the figures are then those of the
 * caller's schools under it. A school's staff naming the bureau above their school is refused, not widened.
 */
async function nodeScope(db: Db, scope: StudentScope, orgId: number): Promise<StudentScope> {
  const node = await bureauNode(db, orgId);
  if (!node || !(scope.all || scope.orgPaths.some((path) => node.path.startsWith(path)))) {
    throw new AppError(403, 'screen.notOrg');
  }
  const under = (await schoolsUnderPath(db, node.path)).map((s) => Number(s.id));
  const schoolIds = scope.all ? under : under.filter((id) => scope.schoolIds.includes(id));
  return { all: false, schoolIds, classIds: [], studentIds: [], orgPaths: [node.path] };
}

/** Schools compared (screen/school/queryList): sheets, results and warnings of each, from the summary tables. */
export async function schoolsCompared(actor: Actor, q: ScreenQuery): Promise<ScreenSchools> {
  const figures = await schoolsIn(actor.db, await screenScope(actor, q.schoolId, q.orgId), q);
  const node = q.orgId === undefined ? undefined : await bureauNode(actor.db, q.orgId);
  return node ? { ...figures, org: { id: Number(node.id), name: node.name } } : figures;
}

/** The same over a scope resolved earlier (a download task's), and for one task when `taskId` is given. */
export async function schoolsIn(db: Db, scope: StudentScope, q: ScreenQuery & Period): Promise<ScreenSchools> {
  const [all, results, sheets, warnings] = await Promise.all([
    schoolsOf(db, scope, q.schoolId),
    resultsBySchool(db, scope, q.schoolId, q),
    sheetsBySchool(db, scope, q.schoolId, q),
    warningBuckets(db, scope, q.schoolId, q),
  ]);
  const rows = new Map<number, ScreenSchools['schools'][number]>();
  const row = (id: number) => {
    const key = Number(id);
    let r = rows.get(key);
    if (!r) {
      r = { schoolId: key, name: '', assigned: 0, done: 0, results: 0, warned: 0, warnings: 0, openWarnings: 0 };
      rows.set(key, r);
    }
    return r;
  };
  for (const s of all) row(s.id).name = s.name;
  for (const r of results) Object.assign(row(r.school_id), { results: Number(r.results), warned: Number(r.warned) });
  for (const s of sheets) Object.assign(row(s.school_id), { assigned: Number(s.assigned), done: Number(s.done) });
  for (const w of warnings) {
    const r = row(w.school_id);
    r.warnings += Number(w.warnings);
    if (OPEN.has(w.state)) r.openWarnings += Number(w.warnings);
  }
  // Schools the figures bring that the list did not (a class teacher's): named here.
  const unnamed = [...rows.values()].filter((r) => r.name === '').map((r) => r.schoolId);
  for (const n of await orgNames(db, unnamed)) row(n.id).name = n.name;
  const schools = [...rows.values()].sort((a, b) => b.results - a.results || a.name.localeCompare(b.name));
  const totals = { assigned: 0, done: 0, results: 0, warned: 0, warnings: 0, openWarnings: 0 };
  for (const s of schools) for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += s[k];
  // A period without a figure is empty, not a list of zeros; within one, a school at zero is news.
  const nothing = Object.values(totals).every((n) => n === 0);
  return { schools: nothing ? [] : schools, totals };
}

/**
 * Results of one scale by band (screen/school/queryClassTj): for each grade across the scope, or
 * for each class of the one school asked for. Grades of different schools with the same name
 * (七年级) are one row, as a bureau compares them.
 */
export async function bandsByPlace(actor: Actor, q: ScreenBandQuery): Promise<ScreenBands> {
  const scope = await screenScope(actor, q.schoolId, q.orgId);
  return bandsIn(actor.db, scope, q, q.schoolId === undefined ? 'grade' : 'class');
}

/** The same over a scope resolved earlier, by grade or class as asked, and for one task when `taskId` is given. */
export async function bandsIn(
  db: Db,
  scope: StudentScope,
  q: ScreenBandQuery & Period,
  by: ScreenBands['by'],
): Promise<ScreenBands> {
  // By grade, the database folds same-named grades of the scope's schools (a district's hundreds into a few).
  const counts =
    by === 'grade'
      ? (await bandCountsByGradeName(db, scope, q.schoolId, q)).map((c) => ({ ...c, place: c.grade ?? '' }))
      : await bandCounts(db, scope, q.schoolId, q, 'class_id');
  const perScale = new Map<number, number>();
  for (const c of counts) perScale.set(Number(c.scale_id), (perScale.get(Number(c.scale_id)) ?? 0) + Number(c.results));
  const scaleRows = await scaleNames(db, [...perScale.keys()]);
  const scales = scaleRows
    .map((s) => ({ id: s.id, name: { 'zh-CN': s.name_zh, en: s.name_en }, results: perScale.get(s.id) ?? 0 }))
    .sort((a, b) => b.results - a.results || a.id - b.id);
  const shown = scales.find((s) => s.id === q.scaleId) ?? (q.scaleId === undefined ? scales[0] : undefined);
  if (!shown) return { scale: null, scales, bands: [], by, rows: [] };
  const versionId = scaleRows.find((s) => s.id === shown.id)?.current_version_id ?? null;
  const definition = versionId === null ? null : await pinnedDefinition(db, versionId);
  const mine = counts.filter((c) => Number(c.scale_id) === shown.id);
  const classIds = mine.flatMap((c) => ('place_id' in c ? [Number(c.place_id)] : []));
  const places = await orgNames(db, [...new Set(classIds)]);
  const nameOf = new Map(places.map((p) => [p.id, p.name]));
  const rows = new Map<string, ScreenBands['rows'][number]>();
  for (const c of mine) {
    const name = 'place' in c ? c.place : (nameOf.get(Number(c.place_id)) ?? '');
    const r = rows.get(name) ?? { name, total: 0, counts: {} };
    r.counts[c.band] = (r.counts[c.band] ?? 0) + Number(c.results);
    r.total += Number(c.results);
    rows.set(name, r);
  }
  const bands = (definition?.bands ?? []).map((b) => ({ id: b.id, label: b.label }));
  if (mine.some((c) => c.band === ''))
    bands.push({ id: '', label: { 'zh-CN': '无效或无分段', en: 'Invalid or unbanded' } });
  return {
    scale: { id: shown.id, name: shown.name },
    scales,
    bands,
    by,
    rows: [...rows.values()].sort((a, b) => a.name.localeCompare(b.name, 'zh-CN', { numeric: true })),
  };
}

/** Warnings by level and state and the mean handling time (warning/gauge), from the summary table. */
export async function warningGauge(actor: Actor, q: ScreenQuery): Promise<ScreenGauge> {
  return gaugeIn(actor.db, await screenScope(actor, q.schoolId, q.orgId), q);
}

/** The same over a scope resolved earlier; for one task, the warnings its results opened. */
export async function gaugeIn(db: Db, scope: StudentScope, q: ScreenQuery & Period): Promise<ScreenGauge> {
  const [buckets, levels] = await Promise.all([warningBuckets(db, scope, q.schoolId, q), levelRows(db)]);
  let total = 0;
  let open = 0;
  let solved = 0;
  let handledMs = 0;
  const byLevel = new Map<string, { total: number; open: number; byState: Record<string, number> }>();
  for (const b of buckets) {
    const n = Number(b.warnings);
    const l = byLevel.get(b.level) ?? { total: 0, open: 0, byState: {} };
    l.total += n;
    l.byState[b.state] = (l.byState[b.state] ?? 0) + n;
    total += n;
    if (OPEN.has(b.state)) {
      l.open += n;
      open += n;
    }
    if (b.state === 'solved') {
      solved += n;
      handledMs += Number(b.handled_ms);
    }
    byLevel.set(b.level, l);
  }
  return {
    total,
    open,
    solved,
    meanHandlingHours: solved === 0 ? null : Math.round((handledMs / solved / HOUR_MS) * 10) / 10,
    levels: levels.map((l) => ({
      code: l.code,
      name: fromJson<LocalText>(l.name),
      colour: l.colour,
      ...(byLevel.get(l.code) ?? { total: 0, open: 0, byState: {} }),
    })),
  };
}

/** The cockpit's overdue steps (screen/school/queryPage): open warnings past their follow-up, with who holds them. */
export async function overduePage(actor: Actor, q: ScreenPageQuery): Promise<ScreenOverduePage> {
  const scope = await screenScope(actor, q.schoolId, q.orgId);
  const [rows, count] = await overdueWarnings(actor.db, scope, actor.auth.userId, q.schoolId, Date.now(), q);
  return {
    list: rows.map((r) => ({
      id: r.id,
      studentName: r.student_name,
      schoolName: r.school_name,
      level: r.level,
      state: r.state,
      dueAt: Number(r.follow_up_due_at),
      holders: [r.psychology_name, r.class_teacher_name].filter((n): n is string => !!n),
    })),
    total: Number(count.n),
    page: q.page,
    size: q.size,
  };
}

/** Who holds the open warnings, most first. */
export async function warningHolders(actor: Actor, q: ScreenQuery): Promise<ScreenHolders> {
  const scope = await screenScope(actor, q.schoolId, q.orgId);
  const now = Date.now();
  const [lists, unassigned] = await Promise.all([
    Promise.all(
      (['w.psychology_user_id', 'w.class_teacher_user_id'] as const).map((column) =>
        openByHolder(actor.db, scope, actor.auth.userId, q.schoolId, now, column),
      ),
    ),
    openUnassigned(actor.db, scope, actor.auth.userId, q.schoolId, now),
  ]);
  const holders = new Map<number, ScreenHolders['list'][number]>();
  for (const r of lists.flat()) {
    const id = Number(r.user_id);
    const h = holders.get(id) ?? { userId: id, name: r.name ?? '', open: 0, overdue: 0 };
    h.open += Number(r.open);
    h.overdue += Number(r.overdue);
    holders.set(id, h);
  }
  return {
    list: [...holders.values()].sort((a, b) => b.open - a.open || a.name.localeCompare(b.name)),
    unassigned: { open: Number(unassigned.open), overdue: Number(unassigned.overdue) },
  };
}

const DAY_MS = 86_400_000;
/** How many months a trend shows: a school year and a bit, enough to compare with last autumn. */
const TREND_MONTHS = 13;

/** The month (YYYY-MM) of a China-time day number. */
const monthOf = (day: number) => new Date(Number(day) * DAY_MS).toISOString().slice(0, 7);

/** Results stored and warnings opened per month, the last thirteen months with a figure, oldest first. */
export async function trendFigures(db: Db, scope: StudentScope, q: ScreenQuery): Promise<ScreenTrend> {
  const [results, warnings] = await Promise.all([
    resultsByDay(db, scope, q.schoolId, q),
    warningsByDay(db, scope, q.schoolId, q),
  ]);
  const months = new Map<string, ScreenTrend['months'][number]>();
  const month = (day: number) => {
    const key = monthOf(day);
    const m = months.get(key) ?? { month: key, results: 0, warnings: 0 };
    months.set(key, m);
    return m;
  };
  for (const r of results) month(r.day).results += Number(r.n);
  for (const w of warnings) month(w.day).warnings += Number(w.n);
  const list = [...months.values()].filter((m) => m.results > 0 || m.warnings > 0);
  return { months: list.sort((a, b) => a.month.localeCompare(b.month)).slice(-TREND_MONTHS) };
}

export async function screenTrendOf(actor: Actor, q: ScreenQuery): Promise<ScreenTrend> {
  return trendFigures(actor.db, await screenScope(actor, q.schoolId, q.orgId), q);
}

/** Warnings of each grade by level (warning/radarList); a warning of a student without a class is under "". */
export async function gradeWarnings(actor: Actor, q: ScreenQuery): Promise<ScreenGradeWarnings> {
  const scope = await screenScope(actor, q.schoolId, q.orgId);
  const [rows, levels] = await Promise.all([warningsByClass(actor.db, scope, q.schoolId, q), levelRows(actor.db)]);
  const grades = new Map<string, ScreenGradeWarnings['grades'][number]>();
  for (const r of rows) {
    const name = r.grade ?? '';
    const g = grades.get(name) ?? { name, total: 0, open: 0, counts: {} };
    const n = Number(r.warnings);
    g.counts[r.level] = (g.counts[r.level] ?? 0) + n;
    g.total += n;
    if (OPEN.has(r.state)) g.open += n;
    grades.set(name, g);
  }
  return {
    levels: levels.map((l) => ({ code: l.code, name: fromJson<LocalText>(l.name), colour: l.colour })),
    grades: [...grades.values()].sort((a, b) => a.name.localeCompare(b.name, 'zh-CN', { numeric: true })),
  };
}

/** The student tasks of the period with their completion, latest first (manageScreen). */
export async function taskCompletion(actor: Actor, q: ScreenQuery): Promise<ScreenTasks> {
  const scope = await screenScope(actor, q.schoolId, q.orgId);
  const rows = await sheetsByTask(actor.db, scope, q.schoolId, q);
  return {
    list: rows.map((r) => ({
      taskId: Number(r.task_id),
      name: r.name,
      startsAt: Number(r.starts_at),
      assigned: Number(r.assigned),
      done: Number(r.done),
    })),
  };
}

type Stage = (typeof SCHOOL_STAGES)[number];

/**
 * The school stage of a grade by its name (decision 0125): the org tree has no stage, and grades are
 * named 一年级…九年级, 初一…初三, 高一…高三 (十年级…), or Grade 1…12, across the district's schools.
 */
export function stageOfGrade(name: string | null): Stage {
  const n = (name ?? '').replace(/\s/g, '');
  const year = /^grade(\d{1,2})$/i.exec(n)?.[1] ?? /^(\d{1,2})年级/.exec(n)?.[1];
  const number = year === undefined ? Number.NaN : Number(year);
  if (/^(高[一二三123]|高中|十[一二]?年级)/.test(n) || (number >= 10 && number <= 12)) return 'senior';
  if (/^(初[一二三123]|初中|[七八九]年级)/.test(n) || (number >= 7 && number <= 9)) return 'junior';
  if (/^([一二三四五六]年级|小学)/.test(n) || (number >= 1 && number <= 6)) return 'primary';
  return 'other';
}

/** The district overview (districtScreenGs): results and warnings by school stage, from the summary tables. */
export async function stagesCompared(actor: Actor, q: ScreenQuery): Promise<ScreenStages> {
  const scope = await screenScope(actor, q.schoolId, q.orgId);
  const [sheets, results, warnings, levels] = await Promise.all([
    sheetsByGrade(actor.db, scope, q.schoolId, q),
    resultsByGrade(actor.db, scope, q.schoolId, q),
    warningsByClass(actor.db, scope, q.schoolId, q),
    levelRows(actor.db),
  ]);
  const stages = new Map<Stage, ScreenStages['stages'][number] & { names: Set<string> }>();
  const stage = (grade: string | null) => {
    const key = stageOfGrade(grade);
    const s = stages.get(key) ?? {
      stage: key,
      grades: 0,
      assigned: 0,
      done: 0,
      results: 0,
      warned: 0,
      warnings: 0,
      open: 0,
      counts: {},
      names: new Set(),
    };
    if (grade) s.names.add(grade);
    stages.set(key, s);
    return s;
  };
  for (const r of sheets) {
    const s = stage(r.grade);
    s.assigned += Number(r.assigned);
    s.done += Number(r.done);
  }
  for (const r of results) {
    const s = stage(r.grade);
    s.results += Number(r.results);
    s.warned += Number(r.warned);
  }
  for (const w of warnings) {
    const s = stage(w.grade);
    const n = Number(w.warnings);
    s.warnings += n;
    s.counts[w.level] = (s.counts[w.level] ?? 0) + n;
    if (OPEN.has(w.state)) s.open += n;
  }
  return {
    levels: levels.map((l) => ({ code: l.code, name: fromJson<LocalText>(l.name), colour: l.colour })),
    stages: SCHOOL_STAGES.flatMap((key) => {
      const s = stages.get(key);
      if (!s || (s.assigned === 0 && s.results === 0 && s.warnings === 0)) return [];
      const { names, ...figures } = s;
      return [{ ...figures, grades: names.size }];
    }),
  };
}

/** The sub-district walls (streets' district and emotion screens), whose picker this call fills. */
const NODE_SCREENS = ['/districtScreenJd', '/districtScreenEmotionJd'];

/**
 * The sub-districts the caller may open a sub-district wall for (screen/district/nodes, decision
 * 0132): the bureau nodes below their own organisations, with their schools counted.
 */
export async function subDistrictsOf(actor: Actor): Promise<ScreenNodes> {
  const may = actor.auth.superAdmin || NODE_SCREENS.some((path) => hasPermission(actor.auth.permissions, path, 'view'));
  if (!may) throw new AppError(403, 'auth.forbidden');
  const scope = await staffScope(actor);
  const rows = await subDistricts(actor.db, scope.all ? 'all' : scope.orgPaths);
  return { list: rows.map((r) => ({ id: Number(r.id), name: r.name, schools: Number(r.schools ?? 0) })) };
}
