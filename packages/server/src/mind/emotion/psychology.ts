import type {
  CampusPsychology,
  CampusPsychologyClassQuery,
  CampusPsychologyDetail,
  CampusPsychologyGrade,
  CampusPsychologyQuery,
  ScreeningBands,
} from '@meridian/contracts';
import { AppError } from '../../platform/http/errors.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { pinnedDefinition } from '../assessments/scales.ts';
import { listEmotionAlerts } from '../emotion-alerts/service.ts';
import { scaleNames } from '../screens/repository.ts';
import { alertCountsByClass, classPlaces, screeningCounts, tasksWithResults } from './psychology-repository.ts';
import type { EmotionScope } from './repository.ts';
import { emotionBoard, filterOf } from './service.ts';

/** How many of a class's emotion alerts the detail lists (the newest days first). */
const ALERTS_LISTED = 100;

type Figures = Omit<CampusPsychologyGrade, 'gradeId' | 'gradeName' | 'schoolId' | 'schoolName' | 'classes'>;
type Count = Awaited<ReturnType<typeof screeningCounts>>[number];

/**
 * Each school's latest screening: the assessment task whose results reached the school last (the
 * higher id on a tie), named by its task; its main scale is the one with the most results there.
 */
async function latestScreenings(
  actor: Actor,
  scope: EmotionScope,
  f: { schoolId?: number; classId?: number },
): Promise<{ counts: Count[]; label: (schoolId: number, rows: Count[]) => Promise<ScreeningBands | null> }> {
  const tasks = await tasksWithResults(actor.db, scope, f);
  const latest = new Map<number, { taskId: number; name: string; lastDay: number }>();
  for (const t of tasks) {
    const known = latest.get(Number(t.school_id));
    const candidate = { taskId: Number(t.task_id), name: t.task_name, lastDay: Number(t.last_day) };
    if (
      !known ||
      candidate.lastDay > known.lastDay ||
      (candidate.lastDay === known.lastDay && candidate.taskId > known.taskId)
    )
      latest.set(Number(t.school_id), candidate);
  }
  const taskIds = [...new Set([...latest.values()].map((t) => t.taskId))];
  const counts = (await screeningCounts(actor.db, scope, taskIds, f)).filter(
    (c) => latest.get(Number(c.school_id))?.taskId === Number(c.task_id),
  );
  // The main scale of each school's task, its name and its bands in the scale's order.
  const perScale = new Map<string, number>();
  for (const c of counts) {
    const key = `${c.school_id}:${c.scale_id}`;
    perScale.set(key, (perScale.get(key) ?? 0) + Number(c.results));
  }
  const mainOf = new Map<number, number>();
  for (const [key, n] of perScale) {
    const [school, scale] = key.split(':').map(Number) as [number, number];
    const best = mainOf.get(school);
    if (
      best === undefined ||
      n > (perScale.get(`${school}:${best}`) ?? 0) ||
      (n === perScale.get(`${school}:${best}`) && scale < best)
    )
      mainOf.set(school, scale);
  }
  const scales = await scaleNames(actor.db, [...new Set(mainOf.values())]);
  const definitions = new Map(
    await Promise.all(
      scales.map(
        async (s) =>
          [
            s.id,
            s.current_version_id === null ? null : await pinnedDefinition(actor.db, s.current_version_id),
          ] as const,
      ),
    ),
  );
  const label = async (schoolId: number, rows: Count[]): Promise<ScreeningBands | null> => {
    const task = latest.get(schoolId);
    const scaleId = mainOf.get(schoolId);
    const scale = scales.find((s) => s.id === scaleId);
    if (!task || scaleId === undefined || !scale || rows.length === 0) return null;
    const main = rows.filter((r) => Number(r.scale_id) === scaleId);
    const inBand = (id: string) => main.filter((r) => r.band === id).reduce((n, r) => n + Number(r.results), 0);
    const bands = (definitions.get(scaleId)?.bands ?? []).map((b) => ({
      id: b.id,
      label: { 'zh-CN': b.label['zh-CN'], en: b.label.en },
      results: inBand(b.id),
    }));
    if (main.some((r) => r.band === ''))
      bands.push({ id: '', label: { 'zh-CN': '无效或无分段', en: 'Invalid or unbanded' }, results: inBand('') });
    return {
      taskId: task.taskId,
      taskName: task.name,
      scaleName: { 'zh-CN': scale.name_zh, en: scale.name_en },
      results: rows.reduce((n, r) => n + Number(r.results), 0),
      warned: rows.reduce((n, r) => n + Number(r.warned), 0),
      bands,
    };
  };
  return { counts, label };
}

const empty = (): Figures => ({
  negative: null,
  samples: 0,
  trend: [],
  alertsOpen: 0,
  alertsHandled: 0,
  screening: null,
});

/**
 * A school's psychology overview (or, without a school, the caller's schools'): per grade and class
 * the negative-emotion share and its weekly trend, the emotion alerts open and handled, and the
 * latest screening's bands, all from the summary tables (decision 0124). Never a single student.
 */
export async function campusPsychologyOf(actor: Actor, q: CampusPsychologyQuery): Promise<CampusPsychology> {
  const { filter, school } = await filterOf(actor, q);
  const scope = filter.scope;
  const where = { schoolId: filter.schoolId };
  const [board, alerts, screening] = await Promise.all([
    emotionBoard(actor, { schoolId: q.schoolId, from: q.from, to: q.to, by: 'week' }),
    alertCountsByClass(actor.db, scope, { ...where, from: q.from, to: q.to }),
    latestScreenings(actor, scope, where),
  ]);
  const classIds = new Set<number>([
    ...board.classes.map((c) => c.classId),
    ...alerts.map((a) => Number(a.class_id)),
    ...screening.counts.map((c) => Number(c.class_id)),
  ]);
  const places = await classPlaces(actor.db, [...classIds]);
  const grades = new Map<number, CampusPsychologyGrade>();
  let open = 0;
  let handled = 0;
  const sortedPlaces = [...places].sort(
    (a, b) =>
      a.grade_sort - b.grade_sort || a.sort - b.sort || a.name.localeCompare(b.name, 'zh-CN', { numeric: true }),
  );
  for (const p of sortedPlaces) {
    const classId = Number(p.id);
    const emotion = board.classes.find((c) => c.classId === classId);
    const mine = alerts.filter((a) => Number(a.class_id) === classId);
    const openHere = mine.filter((a) => a.state === 'open').reduce((n, a) => n + Number(a.alerts), 0);
    const handledHere = mine.filter((a) => a.state === 'handled').reduce((n, a) => n + Number(a.alerts), 0);
    open += openHere;
    handled += handledHere;
    const schoolId = Number(p.school_id);
    const rows = screening.counts.filter((c) => Number(c.class_id) === classId);
    const klass = {
      classId,
      className: p.name,
      negative: emotion ? emotion.negative : null,
      samples: emotion?.samples ?? 0,
      trend: (emotion?.trend ?? []).map(({ period, negative }) => ({ period, negative })),
      alertsOpen: openHere,
      alertsHandled: handledHere,
      screening: await screening.label(schoolId, rows),
    };
    const gradeId = Number(p.grade_id);
    const grade = grades.get(gradeId) ?? {
      gradeId,
      gradeName: p.grade_name,
      schoolId,
      schoolName: p.school_name,
      classes: [],
      ...empty(),
    };
    grade.classes.push(klass);
    grades.set(gradeId, grade);
  }
  // A grade's figures: its classes' alerts and results added up; its negative share over its classes' faces.
  const gradeRows: CampusPsychologyGrade[] = [];
  for (const g of grades.values()) {
    const ids = new Set(g.classes.map((c) => c.classId));
    const emotions = board.classes.filter((c) => ids.has(c.classId));
    const faces = emotions.reduce((n, c) => n + c.faces, 0);
    const periods = new Map<string, { negative: number; weight: number }>();
    for (const c of emotions) {
      for (const t of c.trend) {
        // Each class's week weighs by the faces it saw that week.
        const p = periods.get(t.period) ?? { negative: 0, weight: 0 };
        p.negative += t.negative * t.faces;
        p.weight += t.faces;
        periods.set(t.period, p);
      }
    }
    const rows = screening.counts.filter((c) => ids.has(Number(c.class_id)));
    gradeRows.push({
      ...g,
      negative: faces > 0 ? round(emotions.reduce((n, c) => n + c.negative * c.faces, 0) / faces) : null,
      samples: emotions.reduce((n, c) => n + c.samples, 0),
      trend: [...periods.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([period, p]) => ({ period, negative: p.weight > 0 ? round(p.negative / p.weight) : 0 })),
      alertsOpen: g.classes.reduce((n, c) => n + c.alertsOpen, 0),
      alertsHandled: g.classes.reduce((n, c) => n + c.alertsHandled, 0),
      screening: await screening.label(g.schoolId, rows),
    });
  }
  return {
    schoolId: school?.id ?? null,
    schoolName: school?.name ?? null,
    alertsOpen: open,
    alertsHandled: handled,
    grades: gradeRows,
  };
}

const round = (share: number) => Math.round(share * 1000) / 1000;

/**
 * One class: its emotion trend by day, its emotion alerts and its latest screening by band. The
 * summaries hold no student, so no student's emotion is ever answered here (decision 0124).
 */
export async function campusPsychologyDetailOf(
  actor: Actor,
  q: CampusPsychologyClassQuery,
): Promise<CampusPsychologyDetail> {
  const { filter, school, klass } = await filterOf(actor, q);
  if (!klass || !school) throw new AppError(403, 'emotion.notClass');
  const [board, alerts, screening] = await Promise.all([
    emotionBoard(actor, { classId: q.classId, from: q.from, to: q.to, by: 'day' }),
    listEmotionAlerts(actor, { classId: q.classId, from: q.from, to: q.to, page: 1, size: ALERTS_LISTED }),
    latestScreenings(actor, filter.scope, { classId: q.classId }),
  ]);
  return {
    classId: klass.id,
    className: klass.name,
    schoolId: school.id,
    schoolName: school.name,
    total: board.total,
    trend: board.trend,
    alerts: alerts.list,
    screening: await screening.label(school.id, screening.counts),
  };
}
