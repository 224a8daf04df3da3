import { hasPermission } from '@meridian/contracts';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { usePermissionEntries } from '../shell/api.ts';

/**
 * Whether the current page's permission entry grants `code` (spec section 6): an empty code is
 * always allowed, `*` grants every code, and a single entry of path `*` with `*` allows everything.
 * False while the entries are loading, so that nothing flashes and then disappears.
 */
export function usePermission(code: string): boolean {
  const { pathname } = useLocation();
  const entries = usePermissionEntries();
  if (!code) return true;
  return hasPermission(entries.data ?? [], pathname, code);
}

/** Renders `children` only when the current page grants `code`; the server refuses the call anyway. */
export function Permission({ code, children }: { code: string; children: ReactNode }) {
  return usePermission(code) ? children : null;
}
