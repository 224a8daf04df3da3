import { MEMBERSHIP_PLANS, type MembershipLevel, type MembershipPlan } from '@meridian/contracts';

/** The membership columns of an account (users). */
export interface MembershipColumns {
  user_type: string;
  parent_id: number | null;
  vip_level: number;
  vip_expires_at: number | string | null;
}

/**
 * Memberships are bought by main accounts at the top of their tree (decision 0079); a sub-user's
 * devices count against the main account's allowance, as 0041 counts them against its quota.
 */
export const holdsMembership = (a: Pick<MembershipColumns, 'user_type' | 'parent_id'>) =>
  a.user_type === 'main' && a.parent_id === null;

/** The level in force now: a bought level that has run out is the non-member level again. */
export function levelInForce(a: Pick<MembershipColumns, 'vip_level' | 'vip_expires_at'>, now: number): MembershipLevel {
  if (a.vip_expires_at !== null && Number(a.vip_expires_at) <= now) return 0;
  const level = Number(a.vip_level);
  return level === 1 || level === 2 ? level : 0;
}

export const planOf = (level: MembershipLevel): MembershipPlan => MEMBERSHIP_PLANS[level];

/** The slaves a membership allows this account, or null when no membership applies to it. */
export function membershipSlaves(a: MembershipColumns, now: number): number | null {
  return holdsMembership(a) ? planOf(levelInForce(a, now)).slaves : null;
}
