import {
  emptyScadaDocument,
  hasPermission,
  type PageQuery,
  type ScadaApplication,
  type ScadaCreate,
  type ScadaDetail,
  type ScadaDocument,
  type ScadaSave,
  type ScadaSummary,
  scadaApplication,
  scadaCreate,
  scadaDocument,
  scadaSave,
} from '@meridian/contracts';
import { fromJson, toJson } from '../../platform/db/sql.ts';
import { AppError, type RuleBroken } from '../../platform/http/errors.ts';
import { accountScopeOf } from '../../portal/access/scope.ts';
import { isOwnPicture } from '../../portal/files/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { accountsAbove } from '../workorders/repository.ts';
import * as repo from './repository.ts';
import { appliedDevices, checkTemplate, resolvedFor } from './template.ts';

const PATH = '/iot/scada';

export async function screenScopeOf(actor: Actor): Promise<repo.ScreenScope> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const sharedFrom = scope.all ? [] : await accountsAbove(actor.db, actor.auth.userId);
  return { ...scope, sharedFrom };
}

/** Spec section 6: a screen is shown only to a caller granted view or operate permission. */
function refuseWithoutViewOrOperate(actor: Actor): void {
  const perms = actor.auth.permissions;
  if (!hasPermission(perms, PATH, 'view') && !hasPermission(perms, PATH, 'operate')) {
    throw new AppError(403, 'scada.noPermission');
  }
}

export function editableBy(actor: Actor, scope: repo.ScreenScope, ownerId: number): boolean {
  const own = scope.all || scope.ownerIds.includes(ownerId);
  return own && hasPermission(actor.auth.permissions, PATH, 'edit');
}

function summaryOf(actor: Actor, scope: repo.ScreenScope, row: repo.ScreenSummaryRow): ScadaSummary {
  return {
    id: Number(row.id),
    name: row.name,
    sharing: row.sharing,
    revision: Number(row.revision),
    elementCount: Number(row.element_count),
    ownerId: Number(row.owner_id),
    ownerName: row.owner_name,
    editable: editableBy(actor, scope, Number(row.owner_id)),
    updatedAt: Number(row.updated_at),
  };
}

export async function listScreens(actor: Actor, keyword: string | undefined, page: PageQuery) {
  const scope = await screenScopeOf(actor);
  const result = await repo.listScreens(actor.db, scope, keyword, page);
  return { ...result, ...page, list: result.list.map((row) => summaryOf(actor, scope, row)) };
}

export async function screenFor(actor: Actor, scope: repo.ScreenScope, id: number) {
  const row = await repo.findScreen(actor.db, scope, id);
  if (!row) throw new AppError(404, 'scada.notFound');
  return row;
}

/** One screen; a template-based one opened for `device` comes with its bindings naming that device (decision 0120). */
export async function screenDetail(actor: Actor, id: number, device?: number): Promise<ScadaDetail> {
  refuseWithoutViewOrOperate(actor);
  const scope = await screenScopeOf(actor);
  const row = await screenFor(actor, scope, id);
  // Read through the schema so that a document of an older format comes back in today's.
  const stored = scadaDocument.parse(fromJson<unknown>(row.document));
  const devices = await appliedDevices(actor, scope, stored);
  const document = devices && device !== undefined ? await resolvedFor(actor, scope, stored, device) : stored;
  return { ...summaryOf(actor, scope, row), document, devices, device: devices ? (device ?? null) : null };
}

export async function addScreen(actor: Actor, input: ScadaCreate): Promise<ScadaDetail> {
  const { name, sharing } = scadaCreate.parse(input);
  const at = Date.now();
  const id = await repo.insertScreen(actor.db, {
    owner_id: actor.auth.userId,
    name,
    sharing,
    document: toJson(emptyScadaDocument()),
    element_count: 0,
    revision: 1,
    created_by: actor.auth.userId,
    created_at: at,
    updated_at: at,
  });
  return screenDetail(actor, id);
}

/** Saves a whole screen; every binding and the background are checked first, and nothing is saved if one fails. */
export async function saveScreen(actor: Actor, id: number, input: ScadaSave): Promise<ScadaDetail> {
  const body = scadaSave.parse(input);
  const scope = await screenScopeOf(actor);
  const row = await screenFor(actor, scope, id);
  if (!editableBy(actor, scope, Number(row.owner_id))) throw new AppError(403, 'scada.readOnly');
  const before = fromJson<ScadaDocument>(row.document);
  await checkDocument(actor, scope, body.document, before.background, Number(row.owner_id), before.elements ?? []);
  const saved = await repo.saveScreen(actor.db, id, body.revision, {
    name: body.name,
    sharing: body.sharing,
    document: toJson(body.document),
    element_count: body.document.elements.length,
    updated_at: Date.now(),
  });
  if (!saved) throw new AppError(409, 'scada.stale', { params: { revision: Number(row.revision) } });
  return screenDetail(actor, id);
}

/** Configuration Application (decision 0120): makes the screen template-based (or a Device Configuration again). */
export async function applyScreen(actor: Actor, id: number, input: ScadaApplication): Promise<ScadaDetail> {
  const body = scadaApplication.parse(input);
  const scope = await screenScopeOf(actor);
  const row = await screenFor(actor, scope, id);
  if (!editableBy(actor, scope, Number(row.owner_id))) throw new AppError(403, 'scada.readOnly');
  const before = scadaDocument.parse(fromJson<unknown>(row.document));
  const template = body.templateId === null ? null : { templateId: body.templateId, devices: body.devices };
  const document: ScadaDocument = { ...before, template };
  await checkDocument(actor, scope, document, before.background, Number(row.owner_id), before.elements);
  const saved = await repo.saveScreen(actor.db, id, body.revision, {
    document: toJson(document),
    updated_at: Date.now(),
  });
  if (!saved) throw new AppError(409, 'scada.stale', { params: { revision: Number(row.revision) } });
  return screenDetail(actor, id);
}

export async function removeScreen(actor: Actor, id: number): Promise<void> {
  const scope = await screenScopeOf(actor);
  const row = await screenFor(actor, scope, id);
  if (!(scope.all || scope.ownerIds.includes(Number(row.owner_id)))) throw new AppError(403, 'scada.readOnly');
  await repo.deleteScreen(actor.db, id);
}

async function checkDocument(
  actor: Actor,
  scope: repo.ScreenScope,
  document: ScadaDocument,
  keptBackground: string | null,
  ownerId: number,
  keptElements: readonly ScadaDocument['elements'][number][] = [],
): Promise<void> {
  const seen = new Set<string>();
  for (const [i, element] of document.elements.entries()) {
    if (seen.has(element.id)) {
      throw refusal(`document.elements.${i}.id`, 'scada.duplicateId', element.id);
    }
    seen.add(element.id);
  }
  const bound = document.elements.flatMap((e, i) => (e.binding ? [{ i, e, binding: e.binding }] : []));
  const deviceIds = [...new Set(bound.map((b) => b.binding.deviceId))];
  const visible = await repo.visiblePoints(actor.db, scope, deviceIds);
  const known = new Set(visible.map((v) => `${Number(v.device_id)}:${Number(v.point_id)}`));
  const broken = bound.find((b) => !known.has(`${b.binding.deviceId}:${b.binding.pointId}`));
  if (broken) {
    throw refusal(`document.elements.${broken.i}.binding`, 'scada.binding', broken.e.text || broken.e.id);
  }
  await checkTemplate(actor, scope, document);
  // A link between screens stays within the account (decision 0120).
  const linking = document.elements.flatMap((e, i) => (e.opens !== null ? [{ i, e, opens: e.opens }] : []));
  const linked = new Set(await repo.screensOfOwner(actor.db, ownerId, [...new Set(linking.map((l) => l.opens))]));
  const stray = linking.find((l) => !linked.has(l.opens));
  if (stray) throw refusal(`document.elements.${stray.i}.opens`, 'scada.opens', stray.e.text || stray.e.id);
  // An image component's picture, like the background: one kept from the stored document stays, a
  // new one must be a picture the caller uploaded (decision 0126).
  const keptPictures = new Set(keptElements.flatMap((e) => (e.picture ? [e.picture] : [])));
  for (const [i, element] of document.elements.entries()) {
    if (element.picture === null || keptPictures.has(element.picture)) continue;
    if (!(await isOwnPicture(actor.db, element.picture, actor.auth.userId)))
      throw refusal(`document.elements.${i}.picture`, 'scada.picture', element.text || element.id);
  }
  // A background kept from the stored document stays; a new one must be a picture the caller uploaded,
  // which the image upload checked by its content.
  if (document.background !== null && document.background !== keptBackground) {
    if (!(await isOwnPicture(actor.db, document.background, actor.auth.userId)))
      throw new AppError(400, 'scada.background', {
        rules: [{ field: 'document.background', key: 'scada.background' }],
      });
  }
}

function refusal(
  field: string,
  key: 'scada.binding' | 'scada.duplicateId' | 'scada.opens' | 'scada.picture',
  element: string,
): AppError {
  const rule: RuleBroken = { field, key, params: { element } };
  return new AppError(400, key, { params: { element }, rules: [rule] });
}
