import { type StatisticsExport, type StatisticsQuery, type StatisticsReport, translate } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { findVisibleTask } from '../assessments/tasks-repository.ts';
import { stamp, startDownload } from '../downloads/service.ts';
import type { StudentScope } from '../people/students/scope.ts';
import { orgNames } from '../screens/repository.ts';
import { bandsIn, gaugeIn, schoolsIn, screenScope } from '../screens/service.ts';
import { reportTemplateOf } from '../screens/templates.ts';

export interface StatisticsParams {
  scope: StudentScope;
  query: StatisticsQuery;
}

/**
 * The statistical report over a scope resolved earlier (a download task reads what its owner
 * could read when asking). A task the scope cannot see is refused with a sentence, never answered
 * with zeros that would read as a real figure.
 */
export async function statisticsIn(
  db: Kysely<Database>,
  scope: StudentScope,
  q: StatisticsQuery,
): Promise<StatisticsReport> {
  const task = q.taskId === undefined ? undefined : await findVisibleTask(db, scope, q.taskId);
  if (q.taskId !== undefined && !task) throw new AppError(403, 'report.taskOutside');
  // One school's report (chosen, or the caller's only school) takes the template its bureau chose.
  const oneSchool = q.schoolId ?? (!scope.all && scope.schoolIds.length === 1 ? scope.schoolIds[0] : undefined);
  const [schools, bands, warnings, [school], template] = await Promise.all([
    schoolsIn(db, scope, q),
    bandsIn(db, scope, q, 'grade'),
    gaugeIn(db, scope, q),
    orgNames(db, q.schoolId === undefined ? [] : [q.schoolId]),
    oneSchool === undefined ? ('full' as const) : reportTemplateOf(db, oneSchool),
  ]);
  return {
    task: task ? { id: task.id, name: task.name } : null,
    school: school ? { id: school.id, name: school.name } : null,
    empty: schools.schools.length === 0 && warnings.total === 0,
    schools,
    bands,
    warnings,
    template,
  };
}

/** `/data/report`: the report in the caller's scope; a school outside it is refused. */
export async function statistics(actor: Actor, q: StatisticsQuery): Promise<StatisticsReport> {
  return statisticsIn(actor.db, await screenScope(actor, q.schoolId), q);
}

/**
 * The report as a PDF or an xlsx through the download center. What was chosen is checked now,
 * so a refusal reaches the caller as a sentence instead of a failed task later.
 */
export async function exportStatistics(actor: Actor, body: StatisticsExport) {
  const { format, ...query } = body;
  const scope = await screenScope(actor, query.schoolId);
  const report = await statisticsIn(actor.db, scope, query);
  const subject = report.task?.name ?? report.school?.name ?? translate('report.pdf.allSchools', actor.lang);
  const name = translate('report.file.statistics', actor.lang, { name: subject, date: stamp(new Date()) });
  const params: StatisticsParams = { scope, query };
  return startDownload(
    actor,
    format === 'pdf' ? 'statistics' : 'statisticsSheet',
    name,
    params,
    'report.statistics.export',
  );
}
