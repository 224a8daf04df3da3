import {
  canPlaceOrg,
  ORG_PARENTS,
  ORG_TYPE_NAMES,
  ORG_TYPES,
  type OrgNode,
  type OrgTreeNode,
  type OrgTypeName,
  type orgCreate,
  type orgUpdate,
  type PageQuery,
} from '@meridian/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/http/errors.ts';
import { isScopeRoot, type Scope, scopeOf } from '../access/scope.ts';
import { audit } from '../audit/service.ts';
import type { Actor } from './actor.ts';
import {
  childCounts,
  childrenOf,
  deleteOrg,
  findOrg,
  insertOrg,
  memberCount,
  moveSubtree,
  namesOf,
  type OrgFilters,
  type OrgRow,
  orgInUse,
  orgsOfTypes,
  schoolsAbove,
  searchOrgs,
  siblingNamed,
  statusOf,
  toNode,
  updateOrg,
} from './repository.ts';

const notFound = () => new AppError(404, 'org.notFound');

/** The node if the caller's scope holds it; "no such organisation" otherwise, so that nothing leaks. */
async function nodeInScope(actor: Actor, scope: Scope, id: number): Promise<OrgRow> {
  const node = await findOrg(actor.db, scope, id);
  if (!node) throw notFound();
  return node;
}

/** Moving, disabling or removing the top of one's own subtree would take it out of one's own hands. */
function refuseOwnRoot(scope: Scope, node: OrgRow): void {
  if (isScopeRoot(scope, node.path)) throw new AppError(403, 'org.ownRoot');
}

function refusePlacement(type: OrgTypeName, parentType: OrgTypeName | null): void {
  if (!canPlaceOrg(type, parentType)) {
    throw new AppError(400, 'org.typeNotAllowed', { data: { type, allowedParents: ORG_PARENTS[type] } });
  }
}

export function nodeTypes(actor: Actor) {
  return ORG_TYPES.map((type) => ({
    type,
    name: ORG_TYPE_NAMES[type][actor.lang],
    parents: [...ORG_PARENTS[type]],
    children: ORG_TYPES.filter((child) => ORG_PARENTS[child].includes(type)),
  }));
}

export async function createOrg(actor: Actor, input: z.infer<typeof orgCreate>): Promise<OrgNode> {
  const scope = await scopeOf(actor.db, actor.auth);
  const parent = input.parentId ? await nodeInScope(actor, scope, input.parentId) : null;
  if (!parent && !scope.all) throw new AppError(403, 'org.topLevelPlatformOnly');
  refusePlacement(input.type, parent?.type ?? null);
  if (parent?.status === 'disabled') throw new AppError(400, 'org.parentDisabled');
  if (await siblingNamed(actor.db, parent?.id ?? null, input.name)) throw new AppError(409, 'org.nameTaken');
  const created = await actor.db.transaction().execute(async (trx) => {
    const org = await insertOrg(trx, {
      parent,
      type: input.type,
      name: input.name,
      code: input.code || null,
      sort: input.sort ?? 0,
      logo: input.logo ?? null,
    });
    await audit(trx, actor.request, {
      action: 'createOrg',
      targetType: 'org',
      targetId: org.id,
      detail: { type: input.type, name: input.name, parentId: parent?.id ?? null },
    });
    return org;
  });
  return toNode(await nodeInScope(actor, scope, created.id), actor.lang);
}

export async function editOrg(actor: Actor, input: z.infer<typeof orgUpdate>): Promise<OrgNode> {
  const scope = await scopeOf(actor.db, actor.auth);
  const node = await nodeInScope(actor, scope, input.id);
  if (input.name !== undefined && input.name !== node.name) {
    if (await siblingNamed(actor.db, node.parent_id, input.name, node.id)) throw new AppError(409, 'org.nameTaken');
  }
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.code !== undefined ? { code: input.code || null } : {}),
    ...(input.sort !== undefined ? { sort: input.sort } : {}),
    ...(input.logo !== undefined ? { logo: input.logo } : {}),
  };
  await actor.db.transaction().execute(async (trx) => {
    await updateOrg(trx, node.id, changes);
    await audit(trx, actor.request, { action: 'updateOrg', targetType: 'org', targetId: node.id, detail: changes });
  });
  return toNode(await nodeInScope(actor, scope, node.id), actor.lang);
}

export async function moveOrg(actor: Actor, id: number, parentId: number): Promise<OrgNode> {
  const scope = await scopeOf(actor.db, actor.auth);
  const node = await nodeInScope(actor, scope, id);
  refuseOwnRoot(scope, node);
  const parent = await nodeInScope(actor, scope, parentId);
  if (parent.path.startsWith(node.path)) throw new AppError(400, 'org.moveIntoItself');
  refusePlacement(node.type, parent.type);
  if (parent.status === 'disabled') throw new AppError(400, 'org.parentDisabled');
  if (await siblingNamed(actor.db, parent.id, node.name, node.id)) throw new AppError(409, 'org.nameTaken');
  await actor.db.transaction().execute(async (trx) => {
    const moved = await moveSubtree(trx, node, parent);
    await audit(trx, actor.request, {
      action: 'moveOrg',
      targetType: 'org',
      targetId: node.id,
      detail: { from: node.parent_id, to: parent.id, subtree: moved },
    });
  });
  return toNode(await nodeInScope(actor, scope, node.id), actor.lang);
}

export async function setOrgStatus(actor: Actor, id: number, status: 'enabled' | 'disabled'): Promise<OrgNode> {
  const scope = await scopeOf(actor.db, actor.auth);
  const node = await nodeInScope(actor, scope, id);
  refuseOwnRoot(scope, node);
  if (status === 'enabled' && node.parent_id !== null && (await statusOf(actor.db, node.parent_id)) === 'disabled') {
    throw new AppError(400, 'org.parentDisabled');
  }
  await actor.db.transaction().execute(async (trx) => {
    await updateOrg(trx, node.id, { status });
    await audit(trx, actor.request, {
      action: 'setOrgStatus',
      targetType: 'org',
      targetId: node.id,
      detail: { status },
    });
  });
  return toNode(await nodeInScope(actor, scope, node.id), actor.lang);
}

export async function removeOrg(actor: Actor, id: number): Promise<void> {
  const scope = await scopeOf(actor.db, actor.auth);
  const node = await nodeInScope(actor, scope, id);
  refuseOwnRoot(scope, node);
  if (await orgInUse(actor.db, node.id)) throw new AppError(409, 'org.notEmpty');
  await actor.db.transaction().execute(async (trx) => {
    await deleteOrg(trx, node.id);
    await audit(trx, actor.request, {
      action: 'removeOrg',
      targetType: 'org',
      targetId: node.id,
      detail: { name: node.name, type: node.type, path: node.path },
    });
  });
}

export async function children(actor: Actor, parentId: number | undefined, page: PageQuery) {
  const scope = await scopeOf(actor.db, actor.auth);
  if (parentId !== undefined) await nodeInScope(actor, scope, parentId);
  const result = await childrenOf(actor.db, scope, parentId ?? null, page);
  return { ...result, list: result.list.map((row) => toNode(row, actor.lang)) };
}

/**
 * Organisations by name, type and status, optionally under `parentId`. A parent above the scope
 * (a class teacher's school or grade) is allowed too: the answer is then what the caller sees
 * below it, with the levels on the way down to their scope (the grade of their class), which
 * the filters of their lists pick from.
 */
export async function search(actor: Actor, filters: OrgFilters & { parentId?: number }, page: PageQuery) {
  const scope = await scopeOf(actor.db, actor.auth);
  let under: string | undefined;
  let above: number[] = [];
  if (filters.parentId) {
    const inside = await findOrg(actor.db, scope, filters.parentId);
    above = inside ? [] : idsAboveScope(scope);
    if (!inside && !above.includes(filters.parentId)) throw notFound();
    under = (inside ?? (await findOrg(actor.db, { ...scope, all: true }, filters.parentId)))?.path;
  }
  const result = await searchOrgs(actor.db, scope, { ...filters, under, alsoIds: above }, page);
  return { ...result, list: result.list.map((row) => toNode(row, actor.lang)) };
}

/** The organisations on the paths from the top down to the scope's subtrees (their roots excluded). */
function idsAboveScope(scope: Scope): number[] {
  const ids = scope.orgPaths.flatMap((path) => path.split('/').filter(Boolean).map(Number).slice(0, -1));
  return [...new Set(ids)];
}

/** Builds the trees of the given rows: a row whose parent is not among them is a root. */
function treeOf(rows: OrgRow[], actor: Actor): OrgTreeNode[] {
  const byId = new Map(rows.map((row) => [row.id, { ...toNode(row, actor.lang), children: [] as OrgTreeNode[] }]));
  const roots: OrgTreeNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId === null ? undefined : byId.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Bureaus, schools and campuses of the scope as trees: what school pickers show. */
export async function schoolTree(actor: Actor): Promise<OrgTreeNode[]> {
  const scope = await scopeOf(actor.db, actor.auth);
  return treeOf(await orgsOfTypes(actor.db, scope, ['bureau', 'school', 'campus']), actor);
}

/**
 * The schools the caller's data belongs to: the schools inside the scope, or, for a scope inside
 * one school (a class teacher's classes), the school above it.
 */
export async function schoolsOfScope(actor: Actor, keyword: string | undefined, page: PageQuery) {
  const scope = await scopeOf(actor.db, actor.auth);
  const inside = await searchOrgs(actor.db, scope, { keyword, type: 'school' }, page);
  const result = inside.total > 0 || scope.all ? inside : await schoolsAbove(actor.db, scope, page);
  return { ...result, list: result.list.map((row) => toNode(row, actor.lang)) };
}

export async function preview(actor: Actor, id: number) {
  const scope = await scopeOf(actor.db, actor.auth);
  const node = await nodeInScope(actor, scope, id);
  const ancestorIds = node.path
    .split('/')
    .filter(Boolean)
    .map(Number)
    .filter((a) => a !== node.id);
  const names = new Map((await namesOf(actor.db, ancestorIds)).map((row) => [row.id, row]));
  const counts = await childCounts(actor.db, node.id);
  return {
    node: toNode(node, actor.lang),
    ancestors: ancestorIds.flatMap((a) => {
      const row = names.get(a);
      return row ? [{ id: row.id, name: row.name, type: row.type }] : [];
    }),
    children: counts.map((c) => ({ type: c.type, typeName: ORG_TYPE_NAMES[c.type][actor.lang], count: c.count })),
    members: await memberCount(actor.db, node.path),
  };
}

/** A class of the caller's scope: "no such organisation" outside it, "choose a class" for another kind of node. */
export async function classInScope(actor: Actor, classId: number): Promise<OrgRow> {
  const node = await nodeInScope(actor, await scopeOf(actor.db, actor.auth), classId);
  if (node.type !== 'class') throw new AppError(400, 'org.notClass');
  return node;
}
