import type { ColumnType, Generated, Selectable } from 'kysely';

/** JSON columns: text in SQLite, jsonb in PostgreSQL; written as strings, read with `fromJson`. */
type Json = ColumnType<unknown, string, string>;
/** Booleans: written as true/false, read back as 0/1 (SQLite) or true/false (PostgreSQL); use `toBool`. */
type Bool = ColumnType<boolean | number, boolean | undefined, boolean>;

export type OrgType = 'bureau' | 'school' | 'campus' | 'grade' | 'class' | 'department';

export interface OrgsTable {
  id: Generated<number>;
  parent_id: number | null;
  type: OrgType;
  name: string;
  code: string | null;
  /** Ids from the root down, `/1/4/9/`: a subtree is every path with this prefix. */
  path: string;
  depth: number;
  sort: number;
  status: 'enabled' | 'disabled';
  logo: string | null;
  created_at: number;
  updated_at: number;
}

export type UserStatus = 'enabled' | 'disabled' | 'pending';
/** Device Cloud account kinds; Mind users are `staff` (their identities say more). */
export type UserType = 'staff' | 'main' | 'sub';

export interface UsersTable {
  id: Generated<number>;
  account: string;
  password_hash: string;
  nickname: string;
  avatar: string | null;
  phone: string | null;
  email: string | null;
  status: Generated<UserStatus>;
  default_pass: Bool;
  password_changed_at: number;
  lang: string | null;
  dept_id: number | null;
  user_type: Generated<UserType>;
  parent_id: number | null;
  vip_level: Generated<number>;
  /** When a bought membership ends; null: no end (decision 0079). */
  vip_expires_at: number | null;
  /** The neutral member on whose domain the account signed up (decision 0116). */
  reseller_id: number | null;
  super_admin: Bool;
  device_level: number | null;
  slave_quota: number | null;
  remark: string | null;
  created_at: number;
  updated_at: number;
  last_login_at: number | null;
  last_login_ip: string | null;
}
export type UserRow = Selectable<UsersTable>;

export interface UserIdentitiesTable {
  id: Generated<number>;
  user_id: number;
  identity_id: number;
  org_id: number | null;
  created_at: number;
}

export interface RolesTable {
  id: Generated<number>;
  app: 'mind' | 'iot' | 'portal';
  code: string;
  name: string;
  description: string | null;
  is_default: Bool;
  builtin: Bool;
  menu_perms: Json;
  point_perms: Json;
  org_id: number | null;
  created_at: number;
  updated_at: number;
}
export type RoleRow = Selectable<RolesTable>;

export interface RolePermissionsTable {
  id: Generated<number>;
  role_id: number;
  path: string;
  perms: string;
}

export interface UserRolesTable {
  id: Generated<number>;
  user_id: number;
  role_id: number;
  org_id: number | null;
  created_at: number;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  role_id: number | null;
  identity_id: number | null;
  /** The administrator acting as this user (`runAs`), when it is not the user. */
  run_as_by: number | null;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
  revoked_reason: string | null;
  ip: string | null;
  user_agent: string | null;
  device_id: string | null;
}
export type SessionRow = Selectable<SessionsTable>;

export interface LoginAttemptsTable {
  key: string;
  failures: number;
  window_start: number;
  last_failure_at: number;
  locked_until: number | null;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  purpose: 'login' | 'register' | 'reset' | 'bind';
  channel: 'sms' | 'email';
  target: string;
  code_hash: string;
  attempts: number;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  user_id: number | null;
  account: string | null;
  action: string;
  result: 'ok' | 'fail';
  target_type: string | null;
  target_id: string | null;
  detail: Json;
  ip: string | null;
  user_agent: string | null;
}

export interface IdentityTables {
  orgs: OrgsTable;
  users: UsersTable;
  user_identities: UserIdentitiesTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  verification_codes: VerificationCodesTable;
  audit_log: AuditLogTable;
}
