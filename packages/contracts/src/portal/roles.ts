import { z } from 'zod';
import { textFilter } from '../paging.ts';
import { ROLE_APPS } from './features.ts';
import { bodyId, bodyPage } from './orgs.ts';

/** A permission entry as a role editor sends it: a feature path and comma-separated codes (`*` for all). */
export const permissionEntry = z.strictObject({
  path: z.string().trim().min(1).max(100),
  perms: z
    .string()
    .trim()
    .regex(/^(\*|[A-Za-z]+)(,(\*|[A-Za-z]+))*$/, 'v.perms'),
});

/**
 * A Device Cloud data-point permission: which point of which template a role may read or write.
 * The points themselves arrive with the devices issue; here only the shape is checked.
 */
export const pointPermission = z.strictObject({
  templateId: bodyId,
  pointKey: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'v.pointKey'),
  read: z.boolean(),
  write: z.boolean(),
});
export type PointPermission = z.infer<typeof pointPermission>;

export const roleName = z.string().trim().min(1, 'v.role.name').max(30, 'v.role.name');
export const roleCode = z.string().regex(/^[a-z][a-z0-9_]{1,39}$/, 'v.role.code');
const description = z.string().trim().max(200);

export const roleCreate = z.strictObject({
  app: z.enum(ROLE_APPS),
  name: roleName,
  code: roleCode.optional(),
  description: description.optional(),
  /** The organisation whose role this is; none for a platform-wide role (platform administrators only). */
  orgId: bodyId.optional(),
  perms: z.array(permissionEntry).max(200).default([]),
  menuPerms: z.array(z.string().max(100)).max(200).optional(),
  pointPerms: z.array(pointPermission).max(5000).optional(),
  isDefault: z.boolean().optional(),
});

export const roleUpdate = z.strictObject({
  roleId: bodyId,
  name: roleName.optional(),
  description: description.nullable().optional(),
  perms: z.array(permissionEntry).max(200).optional(),
  menuPerms: z.array(z.string().max(100)).max(200).optional(),
  pointPerms: z.array(pointPermission).max(5000).optional(),
  isDefault: z.boolean().optional(),
});

export const roleRemove = z.strictObject({
  roleId: bodyId,
  /** Take the role from the users who hold it, then remove it. */
  takeFromUsers: z.boolean().default(false),
});

export const roleAssignment = z.strictObject({
  userId: bodyId,
  roleId: bodyId,
  /** Required for Mind roles: where the user holds the role, which sets their data scope. */
  orgId: bodyId.optional(),
});

export const rolePageQuery = z.strictObject({
  ...bodyPage,
  app: z.enum(ROLE_APPS).optional(),
  name: textFilter(30),
  orgId: bodyId.optional(),
});

export const roleSummary = z.object({
  id: z.number(),
  app: z.enum(ROLE_APPS),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  isDefault: z.boolean(),
  builtin: z.boolean(),
  orgId: z.number().nullable(),
  orgName: z.string().nullable(),
  users: z.number(),
  createdAt: z.number(),
});

export const roleDetail = roleSummary.extend({
  perms: z.array(z.object({ path: z.string(), perms: z.string() })),
  menuPerms: z.array(z.string()),
  pointPerms: z.array(pointPermission),
});
