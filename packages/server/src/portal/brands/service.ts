import type {
  BrandData,
  BrandView,
  FilePurpose,
  OwnBrand,
  PageQuery,
  PublicBrand,
  ResellerUser,
  ResellerUserQuery,
} from '@meridian/contracts';
import { holdsMembership, levelInForce } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { toBool } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { audit } from '../audit/service.ts';
import { findFileByPath } from '../files/repository.ts';
import type { Actor } from '../orgs/actor.ts';
import { revokeUserSessions } from '../sessions/repository.ts';
import * as repo from './repository.ts';

const NEUTRAL = 2;

/** A host as brands store it: lower case, without a port or a trailing dot. */
const domainOf = (hostname: string) => hostname.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');

function publicOf(row: repo.BrandViewRow): PublicBrand {
  return {
    name: row.name,
    logo: row.logo,
    favicon: row.favicon,
    background: row.background,
    primaryColor: row.primary_color,
    icp: row.icp,
  };
}
const viewOf = (row: repo.BrandViewRow): BrandView => ({
  ...publicOf(row),
  domain: row.domain,
  updatedAt: Number(row.updated_at),
});

/**
 * The brand of the domain a request arrived on, while its owner's neutral membership lasts and the
 * owner is enabled; otherwise none, and the platform shows its own name.
 */
async function liveBrandOfHost(db: Kysely<Database>, hostname: string, now: number) {
  const row = await repo.brandOfDomain(db, domainOf(hostname));
  if (row?.owner_status !== 'enabled' || levelInForce(row, now) !== NEUTRAL) return undefined;
  return row;
}

/** What the pages on `hostname` show instead of the platform's name, or null on the platform's own domains. */
export async function brandOfHost(db: Kysely<Database>, hostname: string): Promise<PublicBrand | null> {
  const row = await liveBrandOfHost(db, hostname, Date.now());
  return row ? publicOf(row) : null;
}

/** The neutral member whose domain a sign-up arrived on: the account it brings in is its customer. */
export async function resellerOfHost(db: Kysely<Database>, hostname: string): Promise<number | undefined> {
  const row = await liveBrandOfHost(db, hostname, Date.now());
  return row ? Number(row.owner_id) : undefined;
}

async function isNeutral(actor: Actor): Promise<boolean> {
  const row = await repo.membershipOf(actor.db, actor.auth.userId);
  return row !== undefined && holdsMembership(row) && levelInForce(row, Date.now()) === NEUTRAL;
}

/** Refuses anyone but a neutral member in force (brand, customers, the brand's articles). */
export async function requireNeutral(actor: Actor): Promise<void> {
  if (!(await isNeutral(actor))) throw new AppError(403, 'brand.notNeutral');
}

export async function ownBrand(actor: Actor): Promise<OwnBrand> {
  const row = await repo.brandOfOwner(actor.db, actor.auth.userId);
  return { neutral: await isNeutral(actor), brand: row ? viewOf(row) : null };
}

/**
 * An image of the brand must be a file the caller uploaded for that use: the upload checked its
 * content (and the logo's 106x60 size), so a path to another kind of file or another's is refused.
 */
async function requireUpload(
  actor: Actor,
  path: string,
  purposes: readonly FilePurpose[],
  field: string,
  key: 'brand.notLogo' | 'brand.notImage',
): Promise<void> {
  const file = await findFileByPath(actor.db, path);
  const fits =
    file !== undefined &&
    purposes.includes(file.purpose) &&
    Number(file.owner_id) === actor.auth.userId &&
    !toBool(file.protected);
  if (!fits) throw new AppError(400, key, { rules: [{ field, key }] });
}

export async function saveOwnBrand(actor: Actor, input: BrandData): Promise<OwnBrand> {
  await requireNeutral(actor);
  await requireUpload(actor, input.logo, ['logo'], 'logo', 'brand.notLogo');
  if (input.favicon) await requireUpload(actor, input.favicon, ['image', 'logo'], 'favicon', 'brand.notImage');
  if (input.background) await requireUpload(actor, input.background, ['image'], 'background', 'brand.notImage');
  const now = Date.now();
  await actor.db.transaction().execute(async (trx) => {
    const holder = await repo.domainOwner(trx, input.domain);
    if (holder !== undefined && holder !== actor.auth.userId) {
      throw new AppError(409, 'brand.domainTaken', {
        params: { domain: input.domain },
        rules: [{ field: 'domain', key: 'brand.domainTaken' }],
      });
    }
    await repo.saveBrand(trx, {
      owner_id: actor.auth.userId,
      name: input.name,
      logo: input.logo,
      favicon: input.favicon,
      background: input.background,
      primary_color: input.primaryColor.toLowerCase(),
      icp: input.icp,
      domain: input.domain,
      created_at: now,
      updated_at: now,
    });
    await audit(trx, actor.request, {
      action: 'brand.save',
      targetType: 'brand',
      targetId: actor.auth.userId,
      detail: { name: input.name, domain: input.domain },
    });
  });
  return ownBrand(actor);
}

/**
 * The accounts that signed up on the caller's domain (reseller users, spec section 6); a platform
 * administrator sees every neutral member's.
 */
export async function listResellerUsers(
  actor: Actor,
  query: ResellerUserQuery,
): Promise<{ list: ResellerUser[]; total: number } & PageQuery> {
  const admin = actor.auth.superAdmin;
  if (!admin) await requireNeutral(actor);
  const { keyword, ...page } = query;
  const result = await repo.resellerUsers(actor.db, admin ? null : actor.auth.userId, keyword, page);
  return {
    ...result,
    list: result.list.map((row) => ({
      id: Number(row.id),
      account: row.account,
      nickname: row.nickname,
      phone: row.phone,
      status: row.status,
      createdAt: Number(row.created_at),
    })),
  };
}

/** Enables or disables one of the caller's customers; disabling ends its sessions at once. */
export async function setResellerUserStatus(
  actor: Actor,
  userId: number,
  status: 'enabled' | 'disabled',
): Promise<void> {
  await requireNeutral(actor);
  const user = await repo.resellerUser(actor.db, actor.auth.userId, userId);
  if (!user) throw new AppError(404, 'brand.customerNotFound');
  if (user.status === 'pending') throw new AppError(409, 'account.awaitsReview');
  const now = Date.now();
  await actor.db.transaction().execute(async (trx) => {
    await repo.setUserStatus(trx, userId, status, now);
    await audit(trx, actor.request, {
      action: 'brand.customerStatus',
      targetType: 'user',
      targetId: userId,
      detail: { account: user.account, from: user.status, to: status },
    });
  });
  if (status === 'disabled') await revokeUserSessions(actor.db, userId, 'account disabled', now);
}
