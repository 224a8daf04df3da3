import type { ScaleDefinition } from '@meridian/contracts';
import { fromJson, now, toBool, toJson } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { orgPathInScope, type Scope, scopeOf } from '../../portal/access/scope.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import {
  codeTaken,
  deleteScale,
  insertScale,
  insertVersion,
  latestVersionNumber,
  orgById,
  orgByPath,
  type ScaleListRow,
  scaleInUse,
  updateScale,
  versionRow,
} from './repository.ts';
import { assertDefinition, canEdit, scaleDetail, visibleScale } from './service.ts';

/** The organisation a new custom scale belongs to: the one named, or the caller's only one. */
async function owningOrg(actor: Actor, scope: Scope, orgId: number | undefined) {
  if (orgId !== undefined) {
    const org = await orgById(actor.db, orgId);
    if (!org || !orgPathInScope(scope, org.path)) throw new AppError(404, 'org.notFound');
    return org;
  }
  const only =
    scope.all || scope.orgPaths.length !== 1 ? undefined : await orgByPath(actor.db, scope.orgPaths[0] ?? '');
  if (!only) throw new AppError(400, 'scale.orgRequired', { rules: [{ field: 'orgId', key: 'scale.orgRequired' }] });
  return only;
}

async function assertCodeFree(actor: Actor, code: string, ownerOrgId: number, exceptId = 0) {
  if (await codeTaken(actor.db, code, ownerOrgId, exceptId)) {
    throw new AppError(409, 'scale.codeTaken', {
      params: { code },
      rules: [{ field: 'definition.code', key: 'scale.codeTaken', params: { code } }],
    });
  }
}

/** A scale the caller may change: custom, and owned by an organisation in their scope. */
async function editableScale(actor: Actor, id: number): Promise<ScaleListRow> {
  const { scope, row } = await visibleScale(actor, id);
  if (toBool(row.built_in)) throw new AppError(403, 'scale.builtIn');
  if (!canEdit(scope, row)) throw new AppError(403, 'scale.notOwner', { params: { org: row.owner_org_name ?? '' } });
  return row;
}

const described = (d: ScaleDefinition) => ({
  code: d.code,
  name_zh: d.name['zh-CN'] ?? '',
  name_en: d.name.en ?? '',
  audience: d.audience,
  item_count: d.items.length,
});

/** A new custom scale, as a draft: saving never needs a complete scale, publishing does. */
export async function createScale(actor: Actor, input: { orgId?: number | undefined; definition: ScaleDefinition }) {
  const scope = await scopeOf(actor.db, actor.auth);
  const org = await owningOrg(actor, scope, input.orgId);
  await assertCodeFree(actor, input.definition.code, org.id);
  const at = now();
  const id = await actor.db.transaction().execute(async (trx) => {
    const id = await insertScale(trx, {
      ...described(input.definition),
      built_in: false,
      owner_org_id: org.id,
      owner_org_path: org.path,
      status: 'draft',
      draft: toJson(input.definition),
      current_version_id: null,
      created_by: actor.auth.userId,
      created_at: at,
      updated_at: at,
    });
    await audit(trx, actor.request, {
      action: 'scale.create',
      targetType: 'scale',
      targetId: id,
      detail: { code: input.definition.code },
    });
    return id;
  });
  return scaleDetail(actor, id);
}

/** A custom draft copied from a scale the caller sees: how a school sets its own cut-offs for a built-in. */
export async function copyScale(actor: Actor, input: { id: number; orgId?: number | undefined; code: string }) {
  const { row } = await visibleScale(actor, input.id);
  const source =
    row.current_version_id === null ? undefined : await versionRow(actor.db, Number(row.current_version_id));
  if (!source) throw new AppError(409, 'scale.notPublished');
  const definition: ScaleDefinition = { ...fromJson<ScaleDefinition>(source.definition), code: input.code };
  return createScale(actor, { orgId: input.orgId, definition });
}

export async function editDraft(actor: Actor, input: { id: number; definition: ScaleDefinition }) {
  const row = await editableScale(actor, input.id);
  await assertCodeFree(actor, input.definition.code, Number(row.owner_org_id), Number(row.id));
  // A never-published scale lists under its draft's name; a published one keeps its version's until the next publish.
  const listed = row.current_version_id === null ? described(input.definition) : {};
  await updateScale(actor.db, Number(row.id), { ...listed, draft: toJson(input.definition), updated_at: now() });
  return scaleDetail(actor, Number(row.id));
}

/** The draft becomes a new immutable version; results already scored keep the version they used. */
export async function publishScale(actor: Actor, id: number) {
  const row = await editableScale(actor, id);
  if (row.draft === null) {
    // Publishing again what was unpublished: the same version comes back.
    if (row.status === 'unpublished' && row.current_version_id !== null) {
      await updateScale(actor.db, Number(row.id), { status: 'published', updated_at: now() });
      await audit(actor.db, actor.request, {
        action: 'scale.republish',
        targetType: 'scale',
        targetId: Number(row.id),
      });
      return scaleDetail(actor, Number(row.id));
    }
    throw new AppError(409, 'scale.noDraft');
  }
  const definition = fromJson<ScaleDefinition>(row.draft);
  assertDefinition(definition, 'draft.');
  await assertCodeFree(actor, definition.code, Number(row.owner_org_id), Number(row.id));
  const at = now();
  await actor.db.transaction().execute(async (trx) => {
    const version = (await latestVersionNumber(trx, Number(row.id))) + 1;
    const versionId = await insertVersion(trx, {
      scale_id: Number(row.id),
      version,
      definition: toJson(definition),
      published_by: actor.auth.userId,
      published_at: at,
      reason: 'publish',
    });
    await updateScale(trx, Number(row.id), {
      ...described(definition),
      status: 'published',
      draft: null,
      current_version_id: versionId,
      updated_at: at,
    });
    await audit(trx, actor.request, {
      action: 'scale.publish',
      targetType: 'scale',
      targetId: Number(row.id),
      detail: { version },
    });
  });
  return scaleDetail(actor, Number(row.id));
}

/** New tasks can no longer choose it; tasks that already pinned a version go on with it. */
export async function unpublishScale(actor: Actor, id: number) {
  const row = await editableScale(actor, id);
  if (row.status !== 'published') throw new AppError(409, 'scale.notPublished');
  await updateScale(actor.db, Number(row.id), { status: 'unpublished', updated_at: now() });
  await audit(actor.db, actor.request, { action: 'scale.unpublish', targetType: 'scale', targetId: Number(row.id) });
  return scaleDetail(actor, Number(row.id));
}

/** Only a scale no task ever named: results must always find the key they were scored with. */
export async function removeScale(actor: Actor, id: number): Promise<null> {
  const row = await editableScale(actor, id);
  if (await scaleInUse(actor.db, Number(row.id))) throw new AppError(409, 'scale.used');
  await actor.db.transaction().execute(async (trx) => {
    await deleteScale(trx, Number(row.id));
    await audit(trx, actor.request, {
      action: 'scale.delete',
      targetType: 'scale',
      targetId: Number(row.id),
      detail: { code: row.code },
    });
  });
  return null;
}
