import type { Lang } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { toBool } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { IDENTITY_NAMES } from '../access/service.ts';
import { providerOf } from '../brands/repository.ts';
import { findOrgHeader } from '../orgs/repository.ts';
import { passwordExpiresAt, readPolicy } from '../policy/service.ts';
import type { Auth } from '../sessions/service.ts';
import { findUserById } from './repository.ts';

/** The signed-in user as every front end starts from: the account, the session's identity and role, their unit. */
export async function userInfoOf(db: Kysely<Database>, auth: Auth, lang: Lang) {
  const user = await findUserById(db, auth.userId);
  if (!user) throw new AppError(404, 'account.notFound');
  const policy = await readPolicy(db);
  const dept = user.dept_id ? await findOrgHeader(db, user.dept_id) : undefined;
  return {
    id: user.id,
    account: user.account,
    nickname: user.nickname,
    avatar: user.avatar,
    phone: user.phone,
    email: user.email,
    identityId: auth.identityId,
    identityName: auth.identityId === null ? null : (IDENTITY_NAMES[auth.identityId]?.[lang] ?? null),
    roleId: auth.roleId,
    deptId: user.dept_id,
    dept: dept ?? null,
    userType: user.user_type,
    vipLevel: user.vip_level,
    superAdmin: toBool(user.super_admin),
    defaultPass: toBool(user.default_pass),
    brandCustomer: (await providerOf(db, user.id)) !== null,
    passwordExpiresAt: passwordExpiresAt(policy, user.password_changed_at),
    runAsBy: auth.runAsBy,
    lang: user.lang,
  };
}
