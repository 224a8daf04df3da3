import type { TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { type Caller, callerFor } from '../../portal/orgs/testing.ts';

let seq = 0;
/** A fresh 20-character SN. */
/** `n` in the letters A-Z, `width` long: a test SN holds no digits, so a numeric keyword never matches one by chance. */
const letters = (n: number, width: number) =>
  Array.from({ length: width }, (_, i) => String.fromCharCode(65 + (Math.floor(n / 26 ** (width - 1 - i)) % 26))).join(
    '',
  );
export const newSn = () => `SN${letters(Date.now() % 26 ** 9, 9)}${letters(++seq, 9)}`;

/**
 * A main Device Cloud account, signed in: a level-1 member without end (as the platform
 * administrator sets one), so that tests of other things are not bound by the non-member's 10
 * slaves (decision 0079). `nonMemberAccount` is one that has bought nothing.
 */
export async function mainAccount(t: TestApp): Promise<Caller> {
  const caller = await nonMemberAccount(t);
  await t.db.kysely.updateTable('users').set({ vip_level: 1 }).where('id', '=', caller.user.id).execute();
  return caller;
}

/** A main Device Cloud account with no membership, signed in. */
export async function nonMemberAccount(t: TestApp): Promise<Caller> {
  return callerFor(t, await buildUser(t.db.kysely, { roleIds: [10], userType: 'main', identityId: null }));
}

/** A sub-user below `parentId`, signed in. */
export async function subUser(t: TestApp, parentId: number): Promise<Caller> {
  return callerFor(t, await buildUser(t.db.kysely, { roleIds: [11], userType: 'sub', parentId, identityId: null }));
}

/** Adds a device through the API and returns its id (the test fails on a refusal). */
export async function buildDevice(c: Caller, body: Record<string, unknown> = {}): Promise<number> {
  const res = await c.post('/iot/devices', { name: 'Pump', sn: newSn(), mac: 'D8B04C123456', ...body });
  if (res.statusCode !== 200) throw new Error(`device not added: ${res.body}`);
  return res.json().data.id as number;
}

/** A tag of `ownerId`, written directly (the tag calls are another area's). */
export async function buildTag(t: TestApp, ownerId: number, name: string): Promise<number> {
  const row = await t.db.kysely
    .insertInto('tags')
    .values({ owner_id: ownerId, category_id: null, name, description: null, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A project of `ownerId`, written directly (the project calls are another area's). */
export async function buildProject(t: TestApp, ownerId: number, name: string): Promise<number> {
  const now = Date.now();
  const row = await t.db.kysely
    .insertInto('projects')
    .values({
      owner_id: ownerId,
      name,
      manager_id: null,
      manager_name: null,
      phone: null,
      remark: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The `msg` a refusal gave for `field`. */
export function messageFor(body: { data: Array<{ field: string; msg: string }> | null }, field: string): string[] {
  return (body.data ?? []).filter((e) => e.field === field).map((e) => e.msg);
}
