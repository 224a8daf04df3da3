import {
  type PageQuery,
  TAG_CATEGORIES_MAX,
  TAGS_PER_DEVICE_MAX,
  type tagCategoryCreate,
  type tagCategoryUpdate,
  type tagCreate,
  type tagUpdate,
} from '@meridian/contracts';
import type { z } from 'zod';
import { AppError } from '../../../platform/http/errors.ts';
import { accountScopeOf, type Scope } from '../../../portal/access/scope.ts';
import type { Actor } from '../../../portal/orgs/actor.ts';
import { devicesWithRight } from '../repository.ts';
import {
  addDeviceTags,
  categoryCount,
  categoryPage,
  deleteCategory,
  deleteTag,
  findCategory,
  findTag,
  insertCategory,
  insertTag,
  nameTaken,
  removeDeviceTags,
  type TagRecord,
  tagPage,
  tagsOfDevices,
  updateCategory,
  updateTag,
} from './repository.ts';

type CategoryRecord = NonNullable<Awaited<ReturnType<typeof findCategory>>>;

const toCategoryView = (c: CategoryRecord) => ({
  id: c.id,
  ownerId: c.owner_id,
  name: c.name,
  sort: c.sort,
  tagCount: Number(c.tag_count ?? 0),
  createdAt: c.created_at,
});

const toTagView = (t: TagRecord) => ({
  id: t.id,
  ownerId: t.owner_id,
  categoryId: t.category_id,
  categoryName: t.category_name,
  name: t.name,
  description: t.description,
  deviceCount: Number(t.device_count ?? 0),
  createdAt: t.created_at,
});

async function categoryOf(actor: Actor, id: number, scope?: Scope): Promise<CategoryRecord> {
  const category = await findCategory(actor.db, scope ?? (await accountScopeOf(actor.db, actor.auth)), id);
  if (!category) throw new AppError(404, 'tagCategory.notFound');
  return category;
}

async function tagOf(actor: Actor, id: number): Promise<{ scope: Scope; tag: TagRecord }> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const tag = await findTag(actor.db, scope, id);
  if (!tag) throw new AppError(404, 'tag.notFound');
  return { scope, tag };
}

export async function listCategories(actor: Actor, page: PageQuery) {
  const result = await categoryPage(actor.db, await accountScopeOf(actor.db, actor.auth), page);
  return { ...result, list: result.list.map(toCategoryView) };
}

/** Spec section 5: at most 5 tag categories per account. */
export async function createCategory(actor: Actor, input: z.infer<typeof tagCategoryCreate>) {
  const ownerId = actor.auth.userId;
  if ((await categoryCount(actor.db, ownerId)) >= TAG_CATEGORIES_MAX) {
    throw new AppError(409, 'tagCategory.limit', { params: { max: TAG_CATEGORIES_MAX } });
  }
  if (await nameTaken(actor.db, 'tag_categories', ownerId, input.name))
    throw new AppError(409, 'tagCategory.nameTaken');
  const id = await insertCategory(actor.db, { owner_id: ownerId, name: input.name, sort: input.sort ?? 0 });
  return toCategoryView(await categoryOf(actor, id));
}

export async function editCategory(actor: Actor, id: number, input: z.infer<typeof tagCategoryUpdate>) {
  const category = await categoryOf(actor, id);
  if (input.name !== undefined && (await nameTaken(actor.db, 'tag_categories', category.owner_id, input.name, id))) {
    throw new AppError(409, 'tagCategory.nameTaken');
  }
  await updateCategory(actor.db, id, input);
  return toCategoryView(await categoryOf(actor, id));
}

export async function removeCategory(actor: Actor, id: number): Promise<void> {
  await deleteCategory(actor.db, (await categoryOf(actor, id)).id);
}

export async function listTags(actor: Actor, filters: { keyword?: string; categoryId?: number }, page: PageQuery) {
  const result = await tagPage(actor.db, await accountScopeOf(actor.db, actor.auth), filters, page);
  return { ...result, list: result.list.map(toTagView) };
}

export async function getTag(actor: Actor, id: number) {
  return toTagView((await tagOf(actor, id)).tag);
}

export async function createTag(actor: Actor, input: z.infer<typeof tagCreate>) {
  const ownerId = actor.auth.userId;
  if (input.categoryId) await categoryOf(actor, input.categoryId);
  if (await nameTaken(actor.db, 'tags', ownerId, input.name)) throw new AppError(409, 'tag.nameTaken');
  const id = await insertTag(actor.db, {
    owner_id: ownerId,
    name: input.name,
    category_id: input.categoryId ?? null,
    description: input.description || null,
  });
  return getTag(actor, id);
}

export async function editTag(actor: Actor, id: number, input: z.infer<typeof tagUpdate>) {
  const { scope, tag } = await tagOf(actor, id);
  if (input.categoryId) await categoryOf(actor, input.categoryId, scope);
  if (input.name !== undefined && (await nameTaken(actor.db, 'tags', tag.owner_id, input.name, id))) {
    throw new AppError(409, 'tag.nameTaken');
  }
  await updateTag(actor.db, id, {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.categoryId === undefined ? {} : { category_id: input.categoryId }),
    ...(input.description === undefined ? {} : { description: input.description || null }),
  });
  return getTag(actor, id);
}

export async function removeTag(actor: Actor, id: number): Promise<void> {
  await deleteTag(actor.db, (await tagOf(actor, id)).tag.id);
}

/** The devices the caller may edit, or "no such device" naming the first one they may not. */
async function editableDevices(actor: Actor, scope: Scope, deviceIds: number[]) {
  const unique = [...new Set(deviceIds)];
  const devices = await devicesWithRight(actor.db, scope, 'edit', unique);
  const missing = unique.find((d) => !devices.some((row) => row.id === d));
  if (missing !== undefined) throw new AppError(404, 'project.deviceNotFound', { params: { id: missing } });
  return devices;
}

/** Adds devices to a group; a device that would then carry more than 3 tags is refused, and nothing is added. */
export async function addTagDevices(actor: Actor, id: number, deviceIds: number[]) {
  const { scope, tag } = await tagOf(actor, id);
  const devices = await editableDevices(actor, scope, deviceIds);
  const current = await tagsOfDevices(
    actor.db,
    devices.map((d) => d.id),
  );
  const toAdd = devices.filter((d) => !current.some((c) => c.device_id === d.id && c.tag_id === tag.id));
  const full = toAdd.find((d) => current.filter((c) => c.device_id === d.id).length >= TAGS_PER_DEVICE_MAX);
  if (full) throw new AppError(409, 'tag.tooMany', { params: { name: full.name, max: TAGS_PER_DEVICE_MAX } });
  await actor.db.transaction().execute((trx) =>
    addDeviceTags(
      trx,
      tag.id,
      toAdd.map((d) => d.id),
    ),
  );
  return getTag(actor, id);
}

export async function removeTagDevices(actor: Actor, id: number, deviceIds: number[]) {
  const { scope, tag } = await tagOf(actor, id);
  const devices = await editableDevices(actor, scope, deviceIds);
  await actor.db.transaction().execute((trx) =>
    removeDeviceTags(
      trx,
      tag.id,
      devices.map((d) => d.id),
    ),
  );
  return getTag(actor, id);
}
