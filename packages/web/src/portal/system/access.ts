import { type Need, usePermissions } from '../../shared/permissions.ts';

export { type Need, usePermissions };

/**
 * The administration pages, each with the permission it needs: one table for the routes, the side
 * menu and the entry links, so that a page the role lacks is neither listed nor opened. The server
 * makes the same check on every call behind them.
 */
export const SYSTEM_PAGES = [
  { key: 'users', to: '/system/users', need: { path: '/system/user', code: 'view' } },
  { key: 'review', to: '/system/users/review', need: { path: '/system/user', code: 'review' } },
  { key: 'roles', to: '/system/roles', need: { path: '/system/role', code: 'view' } },
  { key: 'audit', to: '/system/audit', need: { path: '/system/audit', code: 'view' } },
  // The people of the schools (decision 0023): the organisation tree, then the rosters, then their upkeep.
  { key: 'orgs', to: '/system/orgs', need: { path: '/system/org', code: 'view' } },
  { key: 'students', to: '/system/students', need: { path: '/system/student', code: 'view' } },
  { key: 'parents', to: '/system/parents', need: { path: '/system/parent', code: 'view' } },
  { key: 'teachers', to: '/system/teachers', need: { path: '/system/teacher', code: 'view' } },
  { key: 'reshuffle', to: '/system/teachers/reshuffle', need: { path: '/system/teacher', code: 'audit' } },
  { key: 'depts', to: '/system/depts', need: { path: '/system/dept', code: 'view' } },
  { key: 'xuenian', to: '/system/xuenian', need: { path: '/system/xuenian', code: 'view' } },
  { key: 'dataCheck', to: '/system/dataCheck', need: { path: '/system/dataCheck', code: 'view' } },
] as const satisfies ReadonlyArray<{ key: string; to: string; need: Need }>;

export type SystemPageKey = (typeof SYSTEM_PAGES)[number]['key'];
export type SystemPage = (typeof SYSTEM_PAGES)[number];

/** The administration pages the current role opens, in menu order (none while the grants load). */
export function useSystemPages(): SystemPage[] {
  const { can } = usePermissions();
  return SYSTEM_PAGES.filter((page) => can(page.need));
}
