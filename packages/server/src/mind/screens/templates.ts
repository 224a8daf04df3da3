import {
  DEFAULT_TEMPLATES,
  hasPermission,
  type ReportTemplate,
  type SchoolHomeScreen,
  type TemplateChoices,
  type TemplateChoose,
} from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { staffScope } from '../assessments/tasks.ts';
import type { StudentScope } from '../people/students/scope.ts';
import { choicesOf, saveChoice, schoolsByIds } from './templates-repository.ts';

/**
 * A school's templates may be chosen by whoever holds an organisation above it (its bureau, a
 * district's), never by the school itself: the bureau sets what its schools show (decision 0132).
 */
function above(scope: StudentScope, schoolPath: string): boolean {
  return scope.all || scope.orgPaths.some((path) => schoolPath.startsWith(path) && path.length < schoolPath.length);
}

const mayEdit = (actor: Actor) =>
  actor.auth.superAdmin || hasPermission(actor.auth.permissions, '/data/templateHome', 'edit');

/** The caller's schools, each with its home screen and report template (the defaults until one is chosen). */
export async function templateChoicesOf(actor: Actor): Promise<TemplateChoices> {
  const scope = await staffScope(actor);
  const schools = await schoolsByIds(actor.db, scope.all ? 'all' : scope.schoolIds);
  const stored = new Map(
    (
      await choicesOf(
        actor.db,
        schools.map((s) => Number(s.id)),
      )
    ).map((c) => [Number(c.school_id), c]),
  );
  const list = schools.map((s) => {
    const c = stored.get(Number(s.id));
    return {
      schoolId: Number(s.id),
      schoolName: s.name,
      screen: (c?.screen ?? DEFAULT_TEMPLATES.screen) as SchoolHomeScreen,
      report: (c?.report ?? DEFAULT_TEMPLATES.report) as ReportTemplate,
      chosen: c !== undefined,
      chosenBy: c ? (c.nickname ?? null) : null,
      updatedAt: c ? Number(c.updated_at) : null,
    };
  });
  return { canChoose: mayEdit(actor) && schools.some((s) => above(scope, s.path)), list };
}

/** Stores a bureau's choice for one of its schools; the school's home screen link and reports follow it. */
export async function chooseTemplates(actor: Actor, input: TemplateChoose): Promise<void> {
  const scope = await staffScope(actor);
  const [school] = await schoolsByIds(actor.db, [input.schoolId]);
  if (!school || !(scope.all || scope.schoolIds.includes(Number(school.id)))) {
    throw new AppError(403, 'template.outside');
  }
  if (!above(scope, school.path)) throw new AppError(403, 'template.bureauOnly');
  await saveChoice(actor.db, {
    school_id: Number(school.id),
    screen: input.screen,
    report: input.report,
    chosen_by: actor.auth.userId,
    updated_at: Date.now(),
  });
}

/** The report template a school's reports use (the full report until its bureau chose another). */
export async function reportTemplateOf(db: Kysely<Database>, schoolId: number): Promise<ReportTemplate> {
  const [c] = await choicesOf(db, [schoolId]);
  return (c?.report ?? DEFAULT_TEMPLATES.report) as ReportTemplate;
}
