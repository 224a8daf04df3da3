import { Identity } from '@meridian/contracts';

/** Where a signed-in user must go instead of `pathname`, or null to let them through (spec section 4). */
export function sessionDetour(
  user: { identityId: number | null; defaultPass: boolean },
  pathname: string,
): 'noPermission' | 'changePassword' | 'accountCenter' | null {
  // Students and parents use H5; the web platform is not theirs.
  if (user.identityId === Identity.student || user.identityId === Identity.parent) return 'noPermission';
  const inAccountCenter = pathname === '/accountCenter';
  if (user.defaultPass && !inAccountCenter) return 'changePassword';
  // An account not yet bound to an organisation can only manage itself.
  if (user.identityId === Identity.unbound && !inAccountCenter) return 'accountCenter';
  return null;
}
