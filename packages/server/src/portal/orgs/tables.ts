import type { AppsTables } from '../apps/tables.ts';

/**
 * The tables of organisations, roles and the portal's apps, added to `Database` in
 * platform/db/schema.ts. Orgs, roles and their grants are identity tables (identity/tables.ts);
 * the launcher, menus and code lists are the apps area's.
 */
export type OrgsTables = AppsTables;
