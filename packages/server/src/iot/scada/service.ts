import {
  emptyScadaDocument,
  hasPermission,
  type PageQuery,
  SCADA_VERSIONS_MAX,
  type ScadaApplication,
  type ScadaCreate,
  type ScadaDetail,
  type ScadaDocument,
  type ScadaRevisionOnly,
  type ScadaSave,
  type ScadaSharing,
  type ScadaSummary,
  type ScadaVersion,
  type ScadaVersionRef,
  scadaApplication,
  scadaCreate,
  scadaDocument,
  scadaRevisionOnly,
  scadaSave,
} from '@meridian/contracts';
import { fromJson, toJson } from '../../platform/db/sql.ts';
import { AppError, type RuleBroken } from '../../platform/http/errors.ts';
import { accountScopeOf } from '../../portal/access/scope.ts';
import { isOwnPicture, isOwnSymbol } from '../../portal/files/service.ts';
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

type ScreenRow = NonNullable<Awaited<ReturnType<typeof repo.findScreen>>>;

/** The document of a version of a screen, read through the schema so that an older format comes back in today's. */
async function documentOf(actor: Actor, row: ScreenRow, number: number): Promise<ScadaDocument> {
  if (number === Number(row.draft_version)) return scadaDocument.parse(fromJson<unknown>(row.document));
  const version = await repo.findVersion(actor.db, Number(row.id), number);
  if (!version) throw new AppError(404, 'scada.versionNotFound', { params: { version: number } });
  return scadaDocument.parse(fromJson<unknown>(version.document));
}

/** The published document of a screen: what a running screen shows and what its clicks act on (decision 0127). */
export function publishedDocument(actor: Actor, row: ScreenRow): Promise<ScadaDocument> {
  return documentOf(actor, row, Number(row.published_version));
}

/**
 * One screen, by default its published version (the viewer); the draft or an older version only for
 * a caller who may edit it (decision 0127). A template-based one opened for `device` comes with its
 * bindings naming that device (decision 0120).
 */
export async function screenDetail(
  actor: Actor,
  id: number,
  device?: number,
  version?: ScadaVersionRef,
): Promise<ScadaDetail> {
  refuseWithoutViewOrOperate(actor);
  const scope = await screenScopeOf(actor);
  const row = await screenFor(actor, scope, id);
  const published = Number(row.published_version);
  const number = version === undefined ? published : version === 'draft' ? Number(row.draft_version) : version;
  if (number !== published && !editableBy(actor, scope, Number(row.owner_id))) {
    throw new AppError(403, 'scada.readOnly');
  }
  const stored = await documentOf(actor, row, number);
  const devices = await appliedDevices(actor, scope, stored);
  const document = devices && device !== undefined ? await resolvedFor(actor, scope, stored, device) : stored;
  return {
    ...summaryOf(actor, scope, row),
    elementCount: stored.elements.length,
    document,
    devices,
    device: devices ? (device ?? null) : null,
    version: number,
    draftVersion: Number(row.draft_version),
    publishedVersion: published,
  };
}

/** A screen's kept versions, newest first, for a caller who may edit it. */
export async function screenVersions(actor: Actor, id: number): Promise<ScadaVersion[]> {
  const { row } = await editableScreen(actor, id);
  const rows = await repo.listVersions(actor.db, id);
  return rows.map((v) => ({
    number: Number(v.number),
    elementCount: Number(v.element_count),
    rolledBackFrom: v.rolled_back_from === null ? null : Number(v.rolled_back_from),
    createdBy: Number(v.created_by),
    createdByName: v.nickname ?? '',
    createdAt: Number(v.created_at),
    published: Number(v.number) === Number(row.published_version),
    draft: Number(v.number) === Number(row.draft_version),
  }));
}

/**
 * Keeps `document` as the screen's next version and its new draft, over `revision`; published at
 * once when `publish` says so. Past SCADA_VERSIONS_MAX the oldest versions go, never the published
 * one nor the draft (decision 0127).
 */
async function keepVersion(
  actor: Actor,
  row: ScreenRow,
  revision: number,
  document: ScadaDocument,
  options: { publish: boolean; rolledBackFrom?: number; name?: string; sharing?: ScadaSharing },
): Promise<void> {
  const id = Number(row.id);
  const number = Number(row.draft_version) + 1;
  const published = options.publish ? number : Number(row.published_version);
  const at = Date.now();
  const saved = await actor.db.transaction().execute(async (trx) => {
    const changed = await repo.saveScreen(trx, id, revision, {
      ...(options.name === undefined ? {} : { name: options.name }),
      ...(options.sharing === undefined ? {} : { sharing: options.sharing }),
      document: toJson(document),
      element_count: document.elements.length,
      draft_version: number,
      published_version: published,
      updated_at: at,
    });
    if (!changed) return false;
    await repo.insertVersion(trx, {
      screen_id: id,
      number,
      document: toJson(document),
      element_count: document.elements.length,
      rolled_back_from: options.rolledBackFrom ?? null,
      created_by: actor.auth.userId,
      created_at: at,
    });
    await repo.pruneVersions(trx, id, SCADA_VERSIONS_MAX, [number, published]);
    return true;
  });
  if (!saved) throw new AppError(409, 'scada.stale', { params: { revision: Number(row.revision) } });
}

/** A screen the caller may change: one of their account tree's, with edit permission. */
export async function editableScreen(actor: Actor, id: number) {
  const scope = await screenScopeOf(actor);
  const row = await screenFor(actor, scope, id);
  if (!editableBy(actor, scope, Number(row.owner_id))) throw new AppError(403, 'scada.readOnly');
  return { scope, row };
}

/** Publishes the draft: the viewer and shared links show it from now on. */
export async function publishScreen(actor: Actor, id: number, input: ScadaRevisionOnly): Promise<ScadaDetail> {
  const { revision } = scadaRevisionOnly.parse(input);
  const { row } = await editableScreen(actor, id);
  const changed = await repo.publishDraft(actor.db, id, revision, Date.now());
  if (!changed) throw new AppError(409, 'scada.stale', { params: { revision: Number(row.revision) } });
  return screenDetail(actor, id);
}

/**
 * Rolls back to a kept version: a copy of it becomes the next version, the draft and the published
 * one; nothing is deleted. Its bindings are checked again, since a point may have gone since.
 */
export async function rollBackScreen(
  actor: Actor,
  id: number,
  number: number,
  input: ScadaRevisionOnly,
): Promise<ScadaDetail> {
  const { revision } = scadaRevisionOnly.parse(input);
  const { scope, row } = await editableScreen(actor, id);
  const document = await documentOf(actor, row, number);
  // Its own pictures were checked when it was saved: rolling back keeps them (decision 0126).
  await checkDocument(actor, scope, document, document.background, Number(row.owner_id), document.elements);
  await keepVersion(actor, row, revision, document, { publish: true, rolledBackFrom: number });
  return screenDetail(actor, id);
}

export async function addScreen(actor: Actor, input: ScadaCreate): Promise<ScadaDetail> {
  const { name, sharing } = scadaCreate.parse(input);
  const at = Date.now();
  const document = toJson(emptyScadaDocument());
  const id = await actor.db.transaction().execute((trx) =>
    repo.insertScreen(trx, {
      owner_id: actor.auth.userId,
      name,
      sharing,
      document,
      element_count: 0,
      revision: 1,
      created_by: actor.auth.userId,
      created_at: at,
      updated_at: at,
    }),
  );
  return screenDetail(actor, id);
}

/**
 * Saves a whole screen as its next version, the new draft (decision 0127); the viewer keeps showing
 * the published version until the draft is published. Every binding and the background are checked
 * first, and nothing is saved if one fails.
 */
export async function saveScreen(actor: Actor, id: number, input: ScadaSave): Promise<ScadaDetail> {
  const body = scadaSave.parse(input);
  const { scope, row } = await editableScreen(actor, id);
  const before = fromJson<ScadaDocument>(row.document);
  await checkDocument(actor, scope, body.document, before.background, Number(row.owner_id), before.elements ?? []);
  await keepVersion(actor, row, body.revision, body.document, {
    publish: false,
    name: body.name,
    sharing: body.sharing,
  });
  return screenDetail(actor, id, undefined, 'draft');
}

/**
 * Configuration Application (decision 0120): makes the screen template-based (or a Device
 * Configuration again) as a new version, published at once when the draft was the published version
 * (so that nothing unpublished goes live with it); otherwise it waits for the next Publish (0127).
 */
export async function applyScreen(actor: Actor, id: number, input: ScadaApplication): Promise<ScadaDetail> {
  const body = scadaApplication.parse(input);
  const { scope, row } = await editableScreen(actor, id);
  const before = scadaDocument.parse(fromJson<unknown>(row.document));
  const template = body.templateId === null ? null : { templateId: body.templateId, devices: body.devices };
  const document: ScadaDocument = { ...before, template };
  await checkDocument(actor, scope, document, before.background, Number(row.owner_id), before.elements);
  const live = Number(row.draft_version) === Number(row.published_version);
  await keepVersion(actor, row, body.revision, document, { publish: live });
  return screenDetail(actor, id, undefined, 'draft');
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
  // new one must be a picture the caller uploaded (decision 0126); a symbol's, one of the caller's
  // symbols (decision 0149).
  const keptPictures = new Set(keptElements.flatMap((e) => (e.picture ? [e.picture] : [])));
  for (const [i, element] of document.elements.entries()) {
    if (element.picture === null || keptPictures.has(element.picture)) continue;
    const own = element.kind === 'symbol' ? isOwnSymbol : isOwnPicture;
    if (!(await own(actor.db, element.picture, actor.auth.userId)))
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
