import { useEffect } from 'react';
import { useRoles } from '../shell/api.ts';

/** Spec section 6: the role id lives in session storage. */
export const ROLE_ID_SESSION_KEY = 'roleId';

function storedRoleId(): number | null {
  const raw = globalThis.sessionStorage?.getItem(ROLE_ID_SESSION_KEY);
  const id = raw ? Number(raw) : Number.NaN;
  return Number.isInteger(id) ? id : null;
}

/**
 * The role the user acts as: from session storage, or else the first role of the role query,
 * which is then kept there. Undefined while the query is still answering.
 */
export function useRoleId(): number | null | undefined {
  const stored = storedRoleId();
  const roles = useRoles(stored === null);
  const first = roles.data?.[0]?.roleId ?? null;
  useEffect(() => {
    if (stored === null && first !== null) globalThis.sessionStorage?.setItem(ROLE_ID_SESSION_KEY, String(first));
  }, [stored, first]);
  if (stored !== null) return stored;
  if (roles.data) return first;
  return roles.isError ? null : undefined;
}
