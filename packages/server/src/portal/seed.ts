import { Identity } from '@meridian/contracts';
import type { Logger } from 'pino';
import type { Config } from '../platform/config.ts';
import type { Db } from '../platform/db/database.ts';
import { anyUserExists, grantIdentity, grantRole, insertUser } from './accounts/repository.ts';
import { hashPassword } from './identity/secrets.ts';
import { readDefaultPassword } from './policy/service.ts';

const PLATFORM_ADMIN_ROLE = 5;

/**
 * On the first start (no user at all), creates the platform administrator `admin`, with
 * ADMIN_PASSWORD or the default password, which must be changed at first sign-in.
 */
export async function seedFirstStart(db: Db, config: Config, log: Logger): Promise<void> {
  if (await anyUserExists(db.kysely)) return;
  const password = config.ADMIN_PASSWORD ?? (await readDefaultPassword(db.kysely)).password;
  await db.kysely.transaction().execute(async (trx) => {
    const id = await insertUser(trx, {
      account: 'admin',
      password_hash: await hashPassword(password),
      nickname: '平台管理员',
      status: 'enabled',
      default_pass: config.ADMIN_PASSWORD === undefined,
      password_changed_at: Date.now(),
      user_type: 'staff',
      super_admin: true,
    });
    await grantRole(trx, id, PLATFORM_ADMIN_ROLE);
    await grantIdentity(trx, id, Identity.operator);
  });
  log.info(
    config.ADMIN_PASSWORD
      ? 'created the administrator "admin" with ADMIN_PASSWORD'
      : `created the administrator "admin" with the default password "${password}": change it at first sign-in`,
  );
}
