import { z } from 'zod';
import { textFilter } from '../paging.ts';
import { accountName, email, nickname, password, phone } from './identity.ts';
import { bodyId, bodyPage } from './orgs.ts';

/** The filters of the administrators' account list (`queryAllAccount`). */
export const accountQuery = z.strictObject({
  ...bodyPage,
  /** Matches the account name, the nickname or the phone. */
  keyword: textFilter(64),
  orgId: bodyId.optional(),
  roleId: bodyId.optional(),
  status: z.enum(['enabled', 'disabled', 'pending']).optional(),
  userType: z.enum(['staff', 'main', 'sub']).optional(),
});

export const accountRow = z.object({
  id: z.number(),
  account: z.string(),
  nickname: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  status: z.string(),
  userType: z.string(),
  parentId: z.number().nullable(),
  deptId: z.number().nullable(),
  deptName: z.string().nullable(),
  vipLevel: z.number(),
  superAdmin: z.boolean(),
  roles: z.array(z.object({ roleId: z.number(), roleName: z.string(), orgId: z.number().nullable() })),
  createdAt: z.number(),
  lastLoginAt: z.number().nullable(),
});

const remark = z.string().trim().max(200);

/** A Device Cloud sub-user, created by the account above it. */
export const subUserCreate = z
  .strictObject({
    account: accountName,
    password,
    confirmPassword: z.string(),
    nickname: nickname.optional(),
    phone: phone.optional(),
    email: email.optional(),
    remark: remark.optional(),
    /** The account to place it under; the caller by default. */
    parentId: bodyId.optional(),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: 'v.passwordMismatch',
    path: ['confirmPassword'],
  });

export const subUserUpdate = z.strictObject({
  nickname: nickname.optional(),
  phone: phone.nullable().optional(),
  email: email.nullable().optional(),
  remark: remark.nullable().optional(),
});

export interface SubUserNode {
  id: number;
  account: string;
  nickname: string;
  userType: string;
  status: string;
  phone: string | null;
  remark: string | null;
  createdAt: number;
  children: SubUserNode[];
}
export const subUserNode: z.ZodType<SubUserNode> = z.object({
  id: z.number(),
  account: z.string(),
  nickname: z.string(),
  userType: z.string(),
  status: z.string(),
  phone: z.string().nullable(),
  remark: z.string().nullable(),
  createdAt: z.number(),
  get children() {
    return z.array(subUserNode);
  },
});

/** The filters of the audit log search. Times are epoch milliseconds. */
export const auditQuery = z
  .strictObject({
    ...bodyPage,
    account: textFilter(64),
    action: textFilter(64),
    result: z.enum(['ok', 'fail']).optional(),
    from: z.number().int().min(0).optional(),
    to: z.number().int().min(0).optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from < q.to, {
    message: 'v.timeRange',
    path: ['to'],
  });
