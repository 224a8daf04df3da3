import type { MembershipColumns } from '@meridian/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { membershipSlaves } from '../billing/membership.ts';
import { accountTreeIds } from '../projects/repository.ts';
import { accountsWithQuota, slavesOfOwners, slavesPerTemplate, usersWithRole } from './quota-repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The built-in test account role (0003): view only, with 3 slaves free (spec section 9). */
export const TEST_ACCOUNT_ROLE = 19;
export const TEST_ACCOUNT_FREE_SLAVES = 3;
/** Account trees are a few levels deep; the walk up stops here whatever the data says. */
const MAX_DEPTH = 32;

/** Slaves moving onto (positive) or off (negative) the devices of one owner. */
export interface SlaveChange {
  ownerId: number;
  slaves: number;
}

/** How many slaves each of these templates has (a template without slaves, or none, counts 0). */
export async function slaveCounts(db: Db, templateIds: readonly (number | null | undefined)[]) {
  const ids = [...new Set(templateIds.filter((id): id is number => typeof id === 'number'))];
  const counts = new Map<number, number>();
  if (ids.length === 0) return counts;
  for (const row of await slavesPerTemplate(db, ids)) counts.set(row.templateId, row.slaves);
  return counts;
}

interface QuotaAccount {
  account: string;
  parentId: number | null;
  quota: number | null;
  membership: MembershipColumns | null;
}

/** Each account with its parent, walking up from `ids` to the top of their trees. */
async function parentsUp(db: Db, ids: readonly number[]) {
  const accounts = new Map<number, QuotaAccount>();
  let wanted = [...new Set(ids)];
  for (let depth = 0; wanted.length > 0 && depth < MAX_DEPTH; depth++) {
    const rows = await accountsWithQuota(db, wanted);
    for (const r of rows)
      accounts.set(r.id, {
        account: r.account,
        parentId: r.parent_id,
        quota: r.slave_quota,
        membership: {
          user_type: r.user_type,
          parent_id: r.parent_id,
          vip_level: r.vip_level,
          vip_expires_at: r.vip_expires_at,
        },
      });
    wanted = rows.flatMap((r) => (r.parent_id !== null && !accounts.has(r.parent_id) ? [r.parent_id] : []));
  }
  return accounts;
}

/** The slaves the devices of an account and of every account below it use now. */
export async function slavesInUse(db: Db, accountId: number): Promise<number> {
  // The sum of the tree's devices' slave counts.
  return slavesOfOwners(db, await accountTreeIds(db, accountId));
}

/**
 * The slave-count authorization that applies to each account: the one set on it; for a test
 * account without one, the 3 slaves it gets free; for a main account, what its membership allows
 * now (decision 0079). Null means no limit.
 */
async function quotasOf(db: Db, accounts: Map<number, Pick<QuotaAccount, 'quota' | 'membership'>>, now = Date.now()) {
  const ids = [...accounts.keys()];
  const testers = new Set(ids.length === 0 ? [] : await usersWithRole(db, ids, TEST_ACCOUNT_ROLE));
  const quotas = new Map<number, number | null>();
  for (const [id, a] of accounts) {
    const membership = a.membership ? membershipSlaves(a.membership, now) : null;
    quotas.set(id, a.quota ?? (testers.has(id) ? TEST_ACCOUNT_FREE_SLAVES : membership));
  }
  return quotas;
}

/** The slave-count authorization of one account (null: no limit) and the slaves its tree uses. */
export async function slaveUsage(db: Db, accountId: number) {
  const accounts = await parentsUp(db, [accountId]);
  const own = accounts.get(accountId);
  const quotas = await quotasOf(
    db,
    new Map([[accountId, { quota: own?.quota ?? null, membership: own?.membership ?? null }]]),
  );
  return { quota: quotas.get(accountId) ?? null, used: await slavesInUse(db, accountId) };
}

/**
 * Refuses a change that would take an account over its slave-count authorization (decision 0041).
 * An account's quota bounds the slaves of the devices owned by it and by every account below it, so
 * the change is checked against the owner and each account above it that has a quota. A change
 * that lowers the count is never refused, even for an account already over a lowered quota.
 */
export async function refuseOverQuota(db: Db, changes: readonly SlaveChange[]): Promise<void> {
  const live = changes.filter((c) => c.slaves !== 0);
  if (live.length === 0) return;
  const accounts = await parentsUp(
    db,
    live.map((c) => c.ownerId),
  );
  const chain = (id: number) => {
    const ids: number[] = [];
    for (let at: number | null | undefined = id; at != null && ids.length < MAX_DEPTH; ) {
      ids.push(at);
      at = accounts.get(at)?.parentId;
    }
    return ids;
  };
  const delta = new Map<number, number>();
  for (const c of live) for (const id of chain(c.ownerId)) delta.set(id, (delta.get(id) ?? 0) + c.slaves);
  const quotas = await quotasOf(db, accounts);
  // Nearest account first, so that the message names the quota the user is most likely to know.
  const order = [...new Set(live.flatMap((c) => chain(c.ownerId)))];
  for (const id of order) {
    const quota = quotas.get(id) ?? null;
    const more = delta.get(id) ?? 0;
    if (quota === null || more <= 0) continue;
    const used = await slavesInUse(db, id);
    if (used + more > quota) {
      throw new AppError(409, 'device.slaveQuota.exceeded', {
        params: { account: accounts.get(id)?.account ?? String(id), quota, count: used + more, used },
        data: { accountId: id, quota, used, wanted: used + more },
      });
    }
  }
}

/** A device as the quota sees it: whose it is and which template (with its slaves) it uses. */
export interface DeviceSlaves {
  ownerId: number;
  templateId: number | null | undefined;
}

/**
 * Refuses devices arriving (`added`) in place of others (`removed`: the same devices as they were,
 * for an edit or a template application) when an account would go over its quota.
 */
export async function refuseDevicesOverQuota(
  db: Db,
  added: readonly DeviceSlaves[],
  removed: readonly DeviceSlaves[] = [],
): Promise<void> {
  const counts = await slaveCounts(
    db,
    [...added, ...removed].map((d) => d.templateId),
  );
  const slavesOf = (d: DeviceSlaves) => (d.templateId == null ? 0 : (counts.get(d.templateId) ?? 0));
  await refuseOverQuota(db, [
    ...added.map((d) => ({ ownerId: d.ownerId, slaves: slavesOf(d) })),
    ...removed.map((d) => ({ ownerId: d.ownerId, slaves: -slavesOf(d) })),
  ]);
}
