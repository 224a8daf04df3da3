import { holdsMembership, levelInForce, type MembershipColumns, planOf } from '@meridian/contracts';

/** The slaves a membership allows this account, or null when no membership applies to it. */
export function membershipSlaves(a: MembershipColumns, now: number): number | null {
  return holdsMembership(a) ? planOf(levelInForce(a, now)).slaves : null;
}
