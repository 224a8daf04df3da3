import type { Kysely } from 'kysely';
import type { TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import type { Database } from '../../platform/db/schema.ts';
import { type Caller, callerFor } from '../orgs/testing.ts';

/** A main Device Cloud account holding a neutral membership without end (decision 0079). */
export async function buildNeutralMember(db: Kysely<Database>) {
  const user = await buildUser(db, { roleIds: [10], userType: 'main', identityId: null });
  await db.updateTable('users').set({ vip_level: 2, vip_expires_at: null }).where('id', '=', user.id).execute();
  return user;
}

/** A neutral member, signed in. */
export async function neutralMember(t: TestApp): Promise<Caller> {
  return callerFor(t, await buildNeutralMember(t.db.kysely));
}
