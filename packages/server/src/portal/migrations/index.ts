import type { MeridianMigration } from '../../platform/db/migrate.ts';
import * as m0002 from './0002_identity.ts';
import * as m0003 from './0003_builtin_roles.ts';
import * as m0004 from './0004_files.ts';
import * as m0005 from './0005_accounts.ts';
import * as m0006 from './0006_orgs.ts';
import * as m0007 from './0007_oauth.ts';
import * as m0048 from './0048_membership_expiry.ts';
import * as m0057 from './0057_membership_grandfather.ts';
import * as m0087 from './0087_brands.ts';

/** The migrations of the portal, by name. A name never changes once it has shipped: it orders every feature's migrations. */
export const portalMigrations: Record<string, MeridianMigration> = {
  '0002_identity': m0002,
  '0003_builtin_roles': m0003,
  '0004_files': m0004,
  '0005_accounts': m0005,
  '0006_orgs': m0006,
  '0007_oauth': m0007,
  // Memberships end (issue 24, decision 0079).
  '0048_membership_expiry': m0048,
  // Accounts from before memberships keep what they had (decision 0079).
  '0057_membership_grandfather': m0057,
  // Neutral operation: brands on custom domains, and who brought an account in (decision 0116).
  '0087_brands': m0087,
};
