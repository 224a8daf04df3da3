import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Feature } from '../platform/feature.ts';
import { DAY } from '../platform/time.ts';
import { accessRoutes } from './access/routes.ts';
import { accountLifecycleRoutes } from './accounts/lifecycle-routes.ts';
import type { AccountLifecycleTables } from './accounts/lifecycle-tables.ts';
import { accountRoutes } from './accounts/routes.ts';
import { brandRoutes } from './brands/routes.ts';
import type { BrandsTables } from './brands/tables.ts';
import { deleteExpiredCodes, deleteOldSends } from './codes/repository.ts';
import { filesRoutes } from './files/routes.ts';
import type { FilesTables } from './files/tables.ts';
import type { IdentityTables } from './identity/tables.ts';
import { portalMigrations } from './migrations/index.ts';
import { oauthRoutes } from './oauth/routes.ts';
import type { OauthTables } from './oauth/tables.ts';
import { orgsRoutes } from './orgs/routes.ts';
import type { OrgsTables } from './orgs/tables.ts';
import { seedFirstStart } from './seed.ts';
import { deleteDeadSessions } from './sessions/repository.ts';
import { sessionRoutes } from './sessions/routes.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(sessionRoutes);
  await app.register(accountRoutes);
  await app.register(accessRoutes);
  await app.register(accountLifecycleRoutes);
  await app.register(filesRoutes);
  await app.register(orgsRoutes);
  await app.register(oauthRoutes);
  await app.register(brandRoutes);
};

/** The tables of the portal, added to the `Database` type in `src/features.ts`. */
export interface PortalTables
  extends IdentityTables,
    AccountLifecycleTables,
    FilesTables,
    OrgsTables,
    OauthTables,
    BrandsTables {}

/** Identity, access and the portal: what both apps sign in, authorise and store files with. */
export const portal: Feature = {
  name: 'portal',
  migrations: portalMigrations,
  seeds: [({ db, config, log }) => seedFirstStart(db, config, log)],
  routes,
  cleanups: [
    // Dead sessions are kept a month so that the audit trail can still name the session.
    { name: 'dead sessions', run: (db, now) => deleteDeadSessions(db.kysely, now - 30 * DAY) },
    { name: 'verification code sends', run: (db, now) => deleteOldSends(db.kysely, now - 30 * DAY) },
    { name: 'used verification codes', run: (db, now) => deleteExpiredCodes(db.kysely, now - DAY) },
  ],
};
