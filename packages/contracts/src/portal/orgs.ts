import { z } from 'zod';
import type { Lang } from '../lang.ts';
import { textFilter } from '../paging.ts';

/** The kinds of organisation in the Mind tree. */
export const ORG_TYPES = ['bureau', 'school', 'campus', 'grade', 'class', 'department'] as const;
export type OrgTypeName = (typeof ORG_TYPES)[number];

/**
 * Where each kind may sit: the parent kinds it accepts, `null` meaning the top of the tree. A
 * city bureau may hold district bureaus; a school without campuses holds its grades directly.
 */
export const ORG_PARENTS: Record<OrgTypeName, readonly (OrgTypeName | null)[]> = {
  bureau: [null, 'bureau'],
  school: [null, 'bureau'],
  campus: ['school'],
  grade: ['school', 'campus'],
  class: ['grade'],
  department: ['bureau', 'school'],
};

export function canPlaceOrg(type: OrgTypeName, parentType: OrgTypeName | null): boolean {
  return ORG_PARENTS[type].includes(parentType);
}

export const ORG_TYPE_NAMES: Record<OrgTypeName, Record<Lang, string>> = {
  bureau: { 'zh-CN': '教育局', en: 'Education bureau' },
  school: { 'zh-CN': '学校', en: 'School' },
  campus: { 'zh-CN': '校区', en: 'Campus' },
  grade: { 'zh-CN': '年级', en: 'Grade' },
  class: { 'zh-CN': '班级', en: 'Class' },
  department: { 'zh-CN': '部门', en: 'Department' },
};

/** A database id in a JSON body. */
export const bodyId = z.number().int().positive();
/** A database id in a query string, which arrives as text. */
export const queryId = z.coerce.number().int().positive();

/** Paging fields for a JSON body (`POST .../page`); query strings use `pageQuery`. */
export const bodyPage = {
  page: z.number().int().min(1).default(1),
  size: z.number().int().min(1).max(500).default(20),
};

export const orgName = z.string().trim().min(1, 'v.org.name').max(50, 'v.org.name');
export const orgCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{0,32}$/, 'v.org.code');
const orgSort = z.number().int().min(0).max(9999);

export const orgCreate = z.strictObject({
  parentId: bodyId.nullable().optional(),
  type: z.enum(ORG_TYPES),
  name: orgName,
  code: orgCode.optional(),
  sort: orgSort.optional(),
  logo: z.string().max(500).nullable().optional(),
});

export const orgUpdate = z.strictObject({
  id: bodyId,
  name: orgName.optional(),
  code: orgCode.optional(),
  sort: orgSort.optional(),
  logo: z.string().max(500).nullable().optional(),
});

export const orgMove = z.strictObject({ id: bodyId, parentId: bodyId });
export const orgStatus = z.strictObject({ id: bodyId, status: z.enum(['enabled', 'disabled']) });
export const orgRemove = z.strictObject({ id: bodyId });

export const orgSearch = z.object({
  keyword: textFilter(50),
  type: z.enum(ORG_TYPES).optional(),
  status: z.enum(['enabled', 'disabled']).optional(),
});

export const orgNode = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  type: z.enum(ORG_TYPES),
  typeName: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  path: z.string(),
  depth: z.number(),
  sort: z.number(),
  status: z.enum(['enabled', 'disabled']),
  logo: z.string().nullable(),
  hasChildren: z.boolean(),
});
export type OrgNode = z.infer<typeof orgNode>;

export interface OrgTreeNode extends OrgNode {
  children: OrgTreeNode[];
}
export const orgTreeNode: z.ZodType<OrgTreeNode> = orgNode.extend({
  get children() {
    return z.array(orgTreeNode);
  },
});
