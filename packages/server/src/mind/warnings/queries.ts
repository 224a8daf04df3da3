import {
  AUTOMATIC_WARNING_SOURCES,
  type AutomaticRules,
  type LocalText,
  type PageQuery,
  type WarningFilters,
  type WarningLevel,
} from '@meridian/contracts';
import { fromJson, toJson } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { staffScope } from '../assessments/tasks.ts';
import { interventionsOut } from '../interventions/records.ts';
import { interventionPage } from '../interventions/records-repository.ts';
import {
  automaticRuleCounts,
  historyOf,
  latestWarnings,
  levelRows,
  openWarningsWithLevels,
  type WarningListRow,
  warningCounts,
  warningPage,
} from './repository.ts';
import { loadWarning } from './step.ts';
import { deleteLevels, upsertLevel } from './workflow-repository.ts';

export const warningOut = (r: WarningListRow) => ({
  id: r.id,
  studentId: r.student_id,
  studentName: r.student_name,
  studentNo: r.student_no,
  schoolId: r.school_id,
  gradeId: r.grade_id,
  classId: r.class_id,
  level: r.level,
  rule: r.rule,
  reason: fromJson<LocalText>(r.reason),
  source: r.source_type,
  sourceId: r.source_id,
  state: r.state,
  pushState: r.push_state,
  psychologyUserId: r.psychology_user_id,
  classTeacherUserId: r.class_teacher_user_id,
  psychologyName: r.psychology_name,
  classTeacherName: r.class_teacher_name,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

type HistoryRow = Awaited<ReturnType<typeof historyOf>>[number];
const historyOut = (h: HistoryRow) => ({
  action: h.action,
  fromState: h.from_state,
  toState: h.to_state,
  fromLevel: h.from_level,
  toLevel: h.to_level,
  reason: h.reason,
  byUserId: h.by_user_id,
  byName: h.by_name,
  at: h.at,
});

export async function listWarnings(actor: Actor, filters: WarningFilters, paging: PageQuery) {
  const scope = await staffScope(actor);
  const page = await warningPage(actor.db, scope, actor.auth.userId, filters, paging);
  return { ...page, list: page.list.map(warningOut) };
}

/** Each student's most recent warning, filtered like the warning page. */
export async function lastWarningLevels(actor: Actor, filters: WarningFilters, paging: PageQuery) {
  const scope = await staffScope(actor);
  const page = await latestWarnings(actor.db, scope, actor.auth.userId, filters, paging);
  return { ...page, list: page.list.map(warningOut) };
}

/** Totals by state and by level within the scope and filters: the statistics and the itemStatus counts. */
export async function warningStatistics(actor: Actor, filters: WarningFilters) {
  const scope = await staffScope(actor);
  const rows = await warningCounts(actor.db, scope, actor.auth.userId, filters);
  const byState: Record<string, number> = {};
  const byLevel: Record<string, number> = {};
  let total = 0;
  for (const r of rows) {
    const n = Number(r.n);
    byState[r.state] = (byState[r.state] ?? 0) + n;
    byLevel[r.level] = (byLevel[r.level] ?? 0) + n;
    total += n;
  }
  return { total, byState, byLevel };
}

type AutomaticRule = AutomaticRules['rules'][number];

/**
 * process/rule/zngy (decision 0135): the rules by which the platform opened warnings by itself (a scale's
 * warning rule, a crisis word in the journal or the tree hole, a low mood streak, an AI interview), each
 * with the warnings it opened in the scope and period by level, and how many are still open.
 */
export async function automaticRules(actor: Actor, filters: WarningFilters): Promise<AutomaticRules> {
  const scope = await staffScope(actor);
  const rows = await automaticRuleCounts(actor.db, scope, actor.auth.userId, filters, AUTOMATIC_WARNING_SOURCES);
  const rules = new Map<string, AutomaticRule>();
  for (const r of rows) {
    const key = [r.source_type, r.rule, r.scale_id ?? '', r.level].join('|');
    const rule = rules.get(key) ?? {
      source: r.source_type as AutomaticRule['source'],
      rule: r.rule,
      scale:
        r.scale_id === null
          ? null
          : { id: Number(r.scale_id), name: { 'zh-CN': r.name_zh ?? '', en: r.name_en || (r.name_zh ?? '') } },
      level: r.level,
      raised: 0,
      open: 0,
      solved: 0,
      cancelled: 0,
      lastAt: 0,
    };
    const n = Number(r.n);
    rule.raised += n;
    if (r.state === 'solved') rule.solved += n;
    else if (r.state === 'cancelled') rule.cancelled += n;
    else rule.open += n;
    rule.lastAt = Math.max(rule.lastAt, Number(r.last_at));
    rules.set(key, rule);
  }
  const list = [...rules.values()].sort((a, b) => b.raised - a.raised || b.lastAt - a.lastAt);
  return { total: list.reduce((sum, r) => sum + r.raised, 0), rules: list };
}

/** One warning with its whole history and its records. The read is audited: it is a student's mental-health record. */
export async function warningDetail(actor: Actor, id: number) {
  const w = await loadWarning(actor, id);
  const [history, records] = await Promise.all([
    historyOf(actor.db, [w.id]),
    interventionPage(
      actor.db,
      { all: true, schoolIds: [], classIds: [], studentIds: [], orgPaths: [] },
      actor.auth.userId,
      { warningId: w.id },
      { page: 1, size: 500 },
    ),
  ]);
  await audit(actor.db, actor.request, {
    action: 'warning.read',
    targetType: 'warning',
    targetId: w.id,
    detail: { studentId: w.student_id },
  });
  return {
    ...warningOut(w),
    history: history.map(historyOut),
    interventions: await interventionsOut(actor, records.list),
  };
}

/** A student's warnings, each with its history (the earlyWarningIntervention page); audited as one read. */
export async function studentWarnings(actor: Actor, studentId: number) {
  const scope = await staffScope(actor);
  const page = await warningPage(actor.db, scope, actor.auth.userId, { studentId }, { page: 1, size: 500 });
  if (page.list.length === 0) {
    // Say nothing about whether the student exists outside the scope.
    return { studentId, warnings: [] };
  }
  const history = await historyOf(
    actor.db,
    page.list.map((w) => w.id),
  );
  await audit(actor.db, actor.request, {
    action: 'warning.student.read',
    targetType: 'student',
    targetId: studentId,
  });
  return {
    studentId,
    warnings: page.list.map((w) => ({
      ...warningOut(w),
      history: history.filter((h) => h.warning_id === w.id).map(historyOut),
    })),
  };
}

export async function listLevels(actor: Actor): Promise<WarningLevel[]> {
  const rows = await levelRows(actor.db);
  return rows.map((r) => ({
    code: r.code,
    name: fromJson<WarningLevel['name']>(r.name),
    colour: r.colour,
    rank: r.rank,
  }));
}

/** Replaces the deployment's levels; a level still carried by an open warning cannot go. */
export async function saveLevels(actor: Actor, levels: WarningLevel[]): Promise<void> {
  const current = await levelRows(actor.db);
  const kept = new Set(levels.map((l) => l.code));
  const removed = current.filter((l) => !kept.has(l.code)).map((l) => l.code);
  const inUse = await openWarningsWithLevels(actor.db, removed);
  // Name the most severe level in use, so that the answer is the same on both engines.
  const blocked = removed.find((code) => inUse.some((u) => u.level === code));
  if (blocked !== undefined) throw new AppError(409, 'warning.levelInUse', { params: { level: blocked } });
  const at = Date.now();
  await actor.db.transaction().execute(async (trx) => {
    if (removed.length > 0) await deleteLevels(trx, removed);
    for (const l of levels) {
      await upsertLevel(trx, l.code, { name: toJson(l.name), colour: l.colour, rank: l.rank, updated_at: at });
    }
    await audit(trx, actor.request, { action: 'warning.levels.save', detail: { levels: levels.map((l) => l.code) } });
  });
}
