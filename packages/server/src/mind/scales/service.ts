import {
  type AnswerSheet,
  checkAnswers,
  checkDefinition,
  type Lang,
  type Page,
  type PageQuery,
  type ScaleDefinition,
  type ScaleSummary,
  type ScoreResult,
  scoreSheet,
  translate,
} from '@meridian/contracts';
import { fromJson, toBool } from '../../platform/db/sql.ts';
import { AppError, rulesBroken } from '../../platform/http/errors.ts';
import { orgPathInScope, type Scope, scopeOf } from '../../portal/access/scope.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { listScales, type ScaleFilters, type ScaleListRow, scaleRow, versionRow, versionsOf } from './repository.ts';

/** A custom scale of an organisation inside the caller's scope: the only kind a caller may change. */
export function canEdit(scope: Scope, row: ScaleListRow): boolean {
  return !toBool(row.built_in) && row.owner_org_path !== null && orgPathInScope(scope, row.owner_org_path);
}

export function summaryOf(scope: Scope, row: ScaleListRow): ScaleSummary {
  return {
    id: Number(row.id),
    code: row.code,
    name: { 'zh-CN': row.name_zh, en: row.name_en },
    audience: row.audience,
    builtIn: toBool(row.built_in),
    ownerOrgId: row.owner_org_id === null ? null : Number(row.owner_org_id),
    ownerOrgName: row.owner_org_name ?? null,
    status: row.status,
    version: row.version === null ? null : Number(row.version),
    versionId: row.current_version_id === null ? null : Number(row.current_version_id),
    itemCount: Number(row.item_count),
    hasDraft: row.draft !== null,
    editable: canEdit(scope, row),
    updatedAt: Number(row.updated_at),
  };
}

export async function scaleCenter(actor: Actor, filters: ScaleFilters, page: PageQuery): Promise<Page<ScaleSummary>> {
  const scope = await scopeOf(actor.db, actor.auth);
  const rows = await listScales(actor.db, scope, filters, page);
  return { ...rows, list: rows.list.map((row) => summaryOf(scope, row)) };
}

/** A scale the caller may see, or 404: one outside the scope does not exist for them. */
export async function visibleScale(actor: Actor, id: number): Promise<{ scope: Scope; row: ScaleListRow }> {
  const scope = await scopeOf(actor.db, actor.auth);
  const row = await scaleRow(actor.db, scope, id);
  if (!row) throw new AppError(404, 'scale.notFound');
  return { scope, row };
}

const PLACEHOLDER = /^(第 \d+ 题|Item \d+)$/;

/** Licensed text still a placeholder in some item, in every language the scale claims. */
export function needsItemText(definition: ScaleDefinition): boolean {
  return (
    definition.licensedText === true &&
    definition.items.some((item) => Object.values(item.text).some((text) => PLACEHOLDER.test(text ?? '')))
  );
}

export async function scaleDetail(actor: Actor, id: number) {
  const { scope, row } = await visibleScale(actor, id);
  const summary = summaryOf(scope, row);
  const [version, versions] = await Promise.all([
    row.current_version_id === null ? undefined : versionRow(actor.db, Number(row.current_version_id)),
    versionsOf(actor.db, Number(row.id)),
  ]);
  const definition = version ? fromJson<ScaleDefinition>(version.definition) : null;
  // A draft is work in progress of the owner: others see only what was published.
  const draft = summary.editable && row.draft !== null ? fromJson<ScaleDefinition>(row.draft) : null;
  const described = definition ?? draft;
  return {
    ...summary,
    description: described?.description ?? null,
    instructions: described?.instructions ?? null,
    definition,
    draft,
    needsItemText: definition !== null && needsItemText(definition),
    versions: versions.map((v) => ({
      id: Number(v.id),
      version: Number(v.version),
      publishedAt: Number(v.published_at),
      publishedBy: v.nickname ?? null,
      reason: v.reason,
    })),
  };
}

/** The rules of a whole definition, worded for the reader, each at its field (`items[3].options[1].score`). */
export function definitionProblems(definition: ScaleDefinition, lang: Lang, prefix = '') {
  return checkDefinition(definition).map((p) => ({
    field: `${prefix}${p.field}`,
    msg: translate(p.key, lang, p.params),
  }));
}

/** Refuses a definition that breaks a rule, with one field error per broken rule. */
export function assertDefinition(definition: ScaleDefinition, prefix = 'definition.'): void {
  const problems = checkDefinition(definition);
  if (problems.length > 0) {
    throw rulesBroken(problems.map((p) => ({ field: `${prefix}${p.field}`, key: p.key, params: p.params ?? {} })));
  }
}

/**
 * Scores answers the way a submission would, for the editor's preview: against the draft for
 * its editor, otherwise the published version. Nothing is stored.
 */
export async function previewScore(
  actor: Actor,
  input: { id: number; draft?: boolean | undefined; answers: AnswerSheet },
): Promise<ScoreResult> {
  const { scope, row } = await visibleScale(actor, input.id);
  let definition: ScaleDefinition | null = null;
  if (input.draft && canEdit(scope, row) && row.draft !== null) definition = fromJson<ScaleDefinition>(row.draft);
  else if (row.current_version_id !== null) {
    const version = await versionRow(actor.db, Number(row.current_version_id));
    if (version) definition = fromJson<ScaleDefinition>(version.definition);
  }
  if (!definition) throw new AppError(409, 'scale.notPublished');
  assertDefinition(definition);
  const problems = checkAnswers(definition, input.answers);
  if (problems.length > 0) {
    throw rulesBroken(
      problems.map((p) => ({ field: `answers.${p.item}`, key: p.key, params: { no: p.no ?? '', item: p.item } })),
    );
  }
  return scoreSheet(definition, input.answers);
}
