import type { ColumnType, Generated } from 'kysely';

/** Booleans: written as true/false, read back as 0/1 (SQLite) or true/false (PostgreSQL); use `toBool`. */
type Bool = ColumnType<boolean | number, boolean | undefined, boolean>;

/** A group of apps: on the launcher (`app_code` null) or in one app's sidebar (`app_code` 'mind'). */
export interface AppCategoriesTable {
  id: Generated<number>;
  code: string;
  name: string;
  name_en: string;
  app_code: string | null;
  icon: string | null;
  sort: number;
  created_at: number;
}

/**
 * An app the launcher or a sidebar opens at its published address. Top-level apps (no parent)
 * are the launcher's; their children are the entries of that app's sidebar.
 */
export interface AppsTable {
  id: Generated<number>;
  code: string;
  name: string;
  name_en: string;
  category_id: number | null;
  parent_id: number | null;
  /** The product the app belongs to ('iot' or 'mind'): hidden when the deployment leaves it out. */
  product: string | null;
  icon: string | null;
  publish_url: string;
  description: string | null;
  sort: number;
  enabled: Bool;
  created_at: number;
  updated_at: number;
}

/** Which roles may see which app (`app/authorizing`). */
export interface AppRolesTable {
  id: Generated<number>;
  app_id: number;
  role_id: number;
}

/** An app granted to one user outside their roles, after an approved application. */
export interface AppUsersTable {
  id: Generated<number>;
  app_id: number;
  user_id: number;
  granted_by: number | null;
  created_at: number;
}

export interface AppFavouritesTable {
  id: Generated<number>;
  user_id: number;
  app_id: number;
  sort: number;
  created_at: number;
}

/** How often a user opened an app (`app/click`), for the home page's most used apps. */
export interface AppUsageTable {
  id: Generated<number>;
  user_id: number;
  app_id: number;
  clicks: number;
  last_clicked_at: number;
}

export interface AppApplicationsTable {
  id: Generated<number>;
  user_id: number;
  app_id: number;
  reason: string | null;
  status: 'pending' | 'approved' | 'rejected';
  created_at: number;
  decided_at: number | null;
  decided_by: number | null;
  remark: string | null;
}

/** The user's account name inside an app that keeps its own accounts (`account/bind`). */
export interface AppAccountsTable {
  id: Generated<number>;
  user_id: number;
  app_id: number;
  account: string;
  created_at: number;
  updated_at: number;
}

export interface DictTypesTable {
  code: string;
  name: string;
  name_en: string;
  sort: number;
}

export interface DictItemsTable {
  id: Generated<number>;
  type_code: string;
  code: string;
  label: string;
  label_en: string;
  sort: number;
}

export interface AppsTables {
  app_categories: AppCategoriesTable;
  apps: AppsTable;
  app_roles: AppRolesTable;
  app_users: AppUsersTable;
  app_favourites: AppFavouritesTable;
  app_usage: AppUsageTable;
  app_applications: AppApplicationsTable;
  app_accounts: AppAccountsTable;
  dict_types: DictTypesTable;
  dict_items: DictItemsTable;
}
