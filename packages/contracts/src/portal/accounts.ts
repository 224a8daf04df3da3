import { z } from 'zod';
import { pageQuery } from '../paging.ts';
import { accountName, email, nickname, password, phone, verificationCode } from './identity.ts';

/** A verification code lives 5 minutes (both specs). */
export const CODE_TTL_MINUTES = 5;
/** A new code for the same target and purpose only after this wait (decision 0008: not the spec's 3/5 s). */
export const CODE_RESEND_SECONDS = 60;

export const codePurpose = z.enum(['login', 'register', 'reset', 'bind']);
export type CodePurpose = z.infer<typeof codePurpose>;
export const codeChannel = z.enum(['sms', 'email']);
export type CodeChannel = z.infer<typeof codeChannel>;

const PHONE = /^1[3-9]\d{9}$/;

/** Whether a code target is a phone number (else an email address). */
export const isPhone = (target: string) => PHONE.test(target);

/** A phone number or an email address: where a code goes. */
export const codeTarget = z
  .string()
  .trim()
  .max(254)
  .refine((v) => isPhone(v) || email.safeParse(v).success, 'v.codeTarget');

type Passwords = { password?: unknown; confirmPassword?: unknown };

/** The second password entry must match the first; reported on `confirmPassword` beside any other issue. */
function confirmed<T extends z.ZodType<Passwords>>(schema: T) {
  return schema.refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'v.passwordMismatch',
    when: ({ value }) => {
      const v = value as Passwords | undefined;
      return typeof v?.password === 'string' && typeof v?.confirmPassword === 'string';
    },
  });
}

/** A channel and a target that fits it: a phone for SMS, an address for email. */
function fitsChannel<T extends z.ZodType<{ channel?: unknown; target?: unknown }>>(schema: T) {
  return schema.superRefine((v, ctx) => {
    if (typeof v.target !== 'string') return;
    if (v.channel === 'sms' && !isPhone(v.target))
      ctx.addIssue({ code: 'custom', path: ['target'], message: 'v.phone' });
    if (v.channel === 'email' && !email.safeParse(v.target).success)
      ctx.addIssue({ code: 'custom', path: ['target'], message: 'v.email' });
  });
}

export const sendLoginCodeBody = z.strictObject({ phone });
export const phoneLoginBody = z.strictObject({ phone, code: verificationCode });
export const sendCodeBody = fitsChannel(
  z.strictObject({ channel: codeChannel, target: z.string().trim().max(254), purpose: z.enum(['register', 'bind']) }),
);
export const forgetCaptchaBody = fitsChannel(
  z.strictObject({ channel: codeChannel, target: z.string().trim().max(254) }),
);
export const multiVerifyBody = z.strictObject({ target: codeTarget, purpose: codePurpose, code: verificationCode });
export const codeSentSchema = z.object({ resendAfter: z.number().int(), expiresInMinutes: z.number().int() });

export const registerApp = z.enum(['iot', 'mind']);
export type RegisterApp = z.infer<typeof registerApp>;

export const registerBody = confirmed(
  z.strictObject({
    account: accountName,
    password,
    confirmPassword: z.string().max(64),
    nickname: nickname.optional(),
    phone,
    code: verificationCode,
    app: registerApp,
  }),
);
export const registeredSchema = z.object({
  userId: z.number(),
  account: z.string(),
  status: z.enum(['enabled', 'pending']),
});

export const releasePhoneBody = z.strictObject({ phone, code: verificationCode });

export const resetPasswordBody = confirmed(
  z.strictObject({ target: codeTarget, code: verificationCode, password, confirmPassword: z.string().max(64) }),
);

export const updatePasswordBody = confirmed(
  z.strictObject({ oldPassword: z.string().min(1).max(64), password, confirmPassword: z.string().max(64) }),
);

/** With a session: the caller's own password. Without one: `account` names whose expired password changes. */
export const forceUpdatePasswordBody = confirmed(
  z.strictObject({
    account: z.string().trim().min(1).max(64).optional(),
    oldPassword: z.string().min(1).max(64),
    password,
    confirmPassword: z.string().max(64),
  }),
);

/** An avatar is a file of ours (`/api/...`) or an http(s) address; nothing a browser would run. */
export const avatarRef = z
  .string()
  .trim()
  .max(512)
  .regex(/^(\/(?!\/)|https?:\/\/)\S*$/, 'v.avatar');

export const updateInfoBody = z.strictObject({
  nickname: nickname.optional(),
  avatar: avatarRef.nullable().optional(),
  /** A new address must come with a code sent to it (purpose `bind`); null removes it. */
  email: email.nullable().optional(),
  emailCode: verificationCode.optional(),
  lang: z.enum(['zh-CN', 'en']).nullable().optional(),
});

/** The spec's password rule (design section 6), as `isStrongPassword` applies it. */
export const PASSWORD_RULES = { minLength: 6, maxLength: 20, minKinds: 2 } as const;

/** What the sign-up and password forms need to know of the policy; anyone may read it. */
export const passwordRulesSchema = z.object({
  minLength: z.number(),
  maxLength: z.number(),
  minKinds: z.number(),
  hint: z.string(),
  expireDays: z.number(),
});

export const policyHint = z.string().trim().max(200, 'v.policyHint');
export const policyUpdateBody = z
  .strictObject({
    expireDays: z.number().int().min(0).max(3650).optional(),
    lockAfter: z.number().int().min(1).max(100).optional(),
    lockMinutes: z.number().int().min(1).max(1440).optional(),
    slowAfter: z.number().int().min(1).max(100).optional(),
    hint: policyHint.optional(),
  })
  .refine((v) => v.slowAfter === undefined || v.lockAfter === undefined || v.slowAfter <= v.lockAfter, {
    path: ['slowAfter'],
    message: 'v.slowAfter',
  });
export const policySchema = z.object({
  expireDays: z.number(),
  lockAfter: z.number(),
  lockMinutes: z.number(),
  slowAfter: z.number(),
  hint: z.string(),
});
export const hintUpdateBody = z.strictObject({ hint: policyHint });
export const defaultPasswordBody = z.strictObject({ password });

export const passwordExpirySchema = z.object({
  expireDays: z.number(),
  passwordChangedAt: z.number(),
  expiresAt: z.number().nullable(),
  daysLeft: z.number().nullable(),
  expired: z.boolean(),
});

/** Membership (Device Cloud spec): 0 non-member, 1 level-1 member, 2 neutral member. */
export const VIP_LEVELS = [0, 1, 2] as const;

const userId = z.number().int().positive();
export const reviewPageQuery = pageQuery.extend({ app: registerApp.optional() });
export const reviewBody = z.strictObject({
  userId,
  approve: z.boolean(),
  reason: z.string().trim().max(200).optional(),
});
export const registrationReviewSchema = z.object({ iot: z.boolean(), mind: z.boolean() });
export const registrationReviewBody = z.strictObject({ iot: z.boolean().optional(), mind: z.boolean().optional() });
export const userRefBody = z.strictObject({ userId });
export const userStatusBody = z.strictObject({ userId, status: z.enum(['enabled', 'disabled']) });
export const vipBody = z.strictObject({
  userId,
  vipLevel: z.number().refine((v) => (VIP_LEVELS as readonly number[]).includes(v), 'v.vipLevel'),
});
export const deviceLevelBody = z.strictObject({
  userId,
  deviceLevel: z.number().int('v.deviceLevel').min(1, 'v.deviceLevel').max(3, 'v.deviceLevel'),
  slaveQuota: z.number().int('v.slaveQuota').min(1, 'v.slaveQuota').max(100_000),
});
export const superAdminBody = z.strictObject({ userId, superAdmin: z.boolean() });

export const pendingAccountSchema = z.object({
  id: z.number(),
  account: z.string(),
  nickname: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  app: z.string().nullable(),
  createdAt: z.number(),
});

/** What every way of signing in answers (Device Cloud spec: token, user name/roleId/unitDeptId, dept logo). */
export const signedInSchema = z.object({
  token: z.string(),
  user: z.object({
    id: z.number(),
    account: z.string(),
    name: z.string(),
    /** Null only for a Mind account not yet bound to an organisation (identity 5). */
    roleId: z.number().nullable(),
    identityId: z.number().nullable(),
    unitDeptId: z.number().nullable(),
    defaultPass: z.boolean(),
  }),
  dept: z.object({ id: z.number(), name: z.string(), logo: z.string().nullable() }).nullable(),
});
