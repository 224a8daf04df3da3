import type { PageQuery } from '@meridian/contracts';
import { fromJson, toBool } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { findResult, type ResultFilters, resultPage } from './results-repository.ts';
import { pinnedDefinition } from './scales.ts';
import { type StoredScore, scoreOf } from './stored-score.ts';
import { staffScope } from './tasks.ts';

type ListRow = Awaited<ReturnType<typeof resultPage>>['list'][number];

const rowOf = (r: ListRow) => ({
  id: r.id,
  taskId: r.task_id,
  scaleId: r.scale_id,
  scaleVersionId: r.version_id,
  studentId: r.student_id,
  name: r.name,
  schoolId: r.school_id,
  gradeId: r.grade_id,
  classId: r.class_id,
  valid: toBool(r.valid),
  total: r.total === null ? null : Number(r.total),
  band: r.band,
  warningLevel: r.warning_level,
  submittedAt: r.submitted_at,
});

/** Results of the caller's scope; a list shows scores, not answers, so it is not audited per row. */
export async function listResults(actor: Actor, filters: ResultFilters, paging: PageQuery) {
  const scope = await staffScope(actor);
  const page = await resultPage(actor.db, scope, filters, paging);
  return { ...page, list: page.list.map(rowOf) };
}

/**
 * One individual result, with its scoring and answers. Every read is written to the audit log
 * (design section 6), and a result outside the scope is "not found", not "forbidden", so that
 * its existence is not revealed either.
 */
export async function resultDetail(actor: Actor, id: number, scaleCode?: string) {
  const scope = await staffScope(actor);
  const row = await findResult(actor.db, scope, id);
  if (!row) throw new AppError(404, 'result.notFound');
  const definition = await pinnedDefinition(actor.db, row.version_id);
  if (scaleCode !== undefined && !codeMatches(definition.code, scaleCode)) {
    throw new AppError(404, 'result.otherScale');
  }
  await audit(actor.db, actor.request, {
    action: 'assessment.result.read',
    targetType: 'assessment_result',
    targetId: row.id,
    detail: { studentId: row.student_id, scaleId: row.scale_id },
  });
  return {
    ...rowOf(row),
    score: scoreOf(fromJson<StoredScore>(row.score), definition),
    answers: fromJson<Record<string, string>>(row.answers),
    durationMs: row.duration_ms,
  };
}

/** The spec's per-scale paths name scales loosely (`phq` for PHQ-9): compare letters and digits only. */
function codeMatches(code: string, named: string): boolean {
  const plain = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  return plain(code).startsWith(plain(named));
}
