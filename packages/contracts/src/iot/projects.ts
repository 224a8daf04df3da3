import { z } from 'zod';
import { textFilter } from '../paging.ts';
import { phone } from '../portal/identity.ts';
import { bodyId } from '../portal/orgs.ts';

/** Spec section 5: tags (device groups) are at most 3 per device, in at most 5 tag categories. */
export const TAGS_PER_DEVICE_MAX = 3;
export const TAG_CATEGORIES_MAX = 5;
/** Spec section 9: device level 1-3 ("device level > 0 and < 4"). */
export const DEVICE_LEVEL_MIN = 1;
export const DEVICE_LEVEL_MAX = 3;
/** How many devices one call attaches to a project or a tag, like batch adding (1-100). */
export const DEVICES_PER_CALL_MAX = 100;

const remark = z.string().trim().max(200, 'v.project.remark');
const deviceIds = z.array(bodyId).min(1, 'v.project.devices').max(DEVICES_PER_CALL_MAX, 'v.project.devices');

// ---- Projects

export const projectName = z.string().trim().min(1, 'v.project.name').max(50, 'v.project.name');
export const managerName = z.string().trim().min(1, 'v.project.managerName').max(50, 'v.project.managerName');

const projectFields = {
  name: projectName,
  /** A user of the owner's account tree; or, for someone without an account, `managerName`. */
  managerId: bodyId.nullable().optional(),
  managerName: managerName.nullable().optional(),
  phone: phone.nullable().optional(),
  remark: remark.nullable().optional(),
};

export const projectCreate = z.strictObject({
  ...projectFields,
  /** The account the project belongs to: the caller (default) or an account below them. */
  ownerId: bodyId.optional(),
});
export const projectUpdate = z.strictObject(projectFields).partial();

export const projectSearch = z.object({ keyword: textFilter(50) });

export const projectView = z.object({
  id: z.number(),
  ownerId: z.number(),
  ownerAccount: z.string(),
  name: z.string(),
  managerId: z.number().nullable(),
  managerName: z.string().nullable(),
  phone: z.string().nullable(),
  remark: z.string().nullable(),
  userCount: z.number(),
  deviceCount: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ProjectView = z.infer<typeof projectView>;

/** "Project and User", "Project Manager", "All Projects": the projects the caller takes part in. */
export const PROJECT_RELATIONS = ['manager', 'member'] as const;
export const myProjectSearch = projectSearch.extend({ relation: z.enum(PROJECT_RELATIONS).optional() });
export const myProjectView = projectView.extend({ relation: z.enum(PROJECT_RELATIONS) });

export const projectUsersUpdate = z.strictObject({ userIds: z.array(bodyId).max(500, 'v.project.users') });
export const projectUser = z.object({
  id: z.number(),
  account: z.string(),
  nickname: z.string(),
  phone: z.string().nullable(),
});

export const projectDevicesAttach = z.strictObject({ deviceIds });

// ---- Tag categories and tags (device groups)

export const tagCategoryName = z.string().trim().min(1, 'v.tagCategory.name').max(50, 'v.tagCategory.name');
export const tagCategoryCreate = z.strictObject({
  name: tagCategoryName,
  sort: z.number().int().min(0).max(9999).optional(),
});
export const tagCategoryUpdate = tagCategoryCreate.partial();
export const tagCategoryView = z.object({
  id: z.number(),
  ownerId: z.number(),
  name: z.string(),
  sort: z.number(),
  tagCount: z.number(),
  createdAt: z.number(),
});

export const tagName = z.string().trim().min(1, 'v.tag.name').max(50, 'v.tag.name');
export const tagDescription = z.string().trim().max(200, 'v.tag.description');
export const tagCreate = z.strictObject({
  name: tagName,
  categoryId: bodyId.nullable().optional(),
  description: tagDescription.nullable().optional(),
});
export const tagUpdate = tagCreate.partial();
export const tagSearch = z.object({
  keyword: textFilter(50),
  categoryId: z.coerce.number().int().positive().optional(),
});
export const tagView = z.object({
  id: z.number(),
  ownerId: z.number(),
  categoryId: z.number().nullable(),
  categoryName: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  deviceCount: z.number(),
  createdAt: z.number(),
});
export const tagDevices = z.strictObject({ deviceIds });

// ---- Sub-user device permissions

export const deviceGrant = z.strictObject({
  deviceId: bodyId,
  view: z.boolean(),
  edit: z.boolean(),
  delete: z.boolean(),
});
/** The whole set of a sub-user's grants on the devices the granter can see; edit or delete implies view. */
export const deviceGrantsUpdate = z.strictObject({
  grants: z
    .array(deviceGrant)
    .max(1000, 'v.grant.many')
    .refine((list) => new Set(list.map((g) => g.deviceId)).size === list.length, 'v.grant.duplicate'),
});
export const deviceGrantView = z.object({
  deviceId: z.number(),
  deviceName: z.string(),
  sn: z.string().nullable(),
  view: z.boolean(),
  edit: z.boolean(),
  delete: z.boolean(),
  grantedBy: z.number().nullable(),
  createdAt: z.number(),
});

export const deviceLevel = z
  .number()
  .int('v.deviceLevel')
  .min(DEVICE_LEVEL_MIN, 'v.deviceLevel')
  .max(DEVICE_LEVEL_MAX, 'v.deviceLevel');
export const slaveQuota = z.number().int('v.slaveQuota').min(1, 'v.slaveQuota').max(100000, 'v.slaveQuota');
/** Device-level and slave-count authorization, set per user by the accounts above them (spec section 6). */
export const deviceAuthorization = z.strictObject({
  deviceLevel: deviceLevel.nullable().optional(),
  slaveQuota: slaveQuota.nullable().optional(),
});
export const deviceAuthorizationView = z.object({
  userId: z.number(),
  deviceLevel: z.number().nullable(),
  slaveQuota: z.number().nullable(),
});

// ---- Statistics

export const statusCounts = z.object({
  total: z.number(),
  online: z.number(),
  offline: z.number(),
  alarm: z.number(),
  fault: z.number(),
  /** Disabled devices, counted also under their status (a disabled device is normally offline). */
  disabled: z.number(),
});
export type StatusCounts = z.infer<typeof statusCounts>;

export const deviceOverview = z.object({
  devices: statusCounts,
  /** `projectId` null: the devices in no project. */
  byProject: z.array(statusCounts.extend({ projectId: z.number().nullable(), name: z.string().nullable() })),
  byTag: z.array(statusCounts.extend({ tagId: z.number(), name: z.string() })),
});

export const projectStatistics = statusCounts.extend({
  projectId: z.number(),
  name: z.string(),
  managerName: z.string().nullable(),
});
