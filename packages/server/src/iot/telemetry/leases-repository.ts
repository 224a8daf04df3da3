import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/**
 * Device link leases (decision 0048): which gateway process holds each connected device
 * (`device_links`), and until when each process is alive (`gateway_nodes`, one row per process,
 * renewed every few seconds). A device's lease lives as long as its holder's.
 */

/**
 * Takes the device's link lease for `holder` and returns who held it before (null: nobody). A
 * compare-and-set rather than a lock, so that it reads the same on both engines: bounded, since
 * each failed turn means another process changed the row in between. It starts with a write: a
 * SQLite transaction that reads first cannot take the write lock after another process's commit.
 */
export async function claimLink(
  db: Kysely<Database>,
  deviceId: number,
  holder: string,
  transport: 'tcp' | 'mqtt',
  at: number,
): Promise<string | null> {
  for (let turn = 0; turn < 5; turn++) {
    const inserted = await db
      .insertInto('device_links')
      .values({ device_id: deviceId, node: holder, transport, since: at })
      .onConflict((oc) => oc.column('device_id').doNothing())
      .returning('device_id')
      .executeTakeFirst();
    if (inserted) return null;
    const current = await db
      .selectFrom('device_links')
      .select('node')
      .where('device_id', '=', deviceId)
      .executeTakeFirst();
    if (!current) continue;
    const taken = await db
      .updateTable('device_links')
      .set({ node: holder, transport, since: at })
      .where('device_id', '=', deviceId)
      .where('node', '=', current.node)
      .returning('device_id')
      .executeTakeFirst();
    if (taken) return current.node;
  }
  throw new Error(`the link of device ${deviceId} kept changing hands`);
}

/** Gives the device's link lease back, if `holder` has it; whether it had. */
export async function dropLink(db: Kysely<Database>, deviceId: number, holder: string): Promise<boolean> {
  const dropped = await db
    .deleteFrom('device_links')
    .where('device_id', '=', deviceId)
    .where('node', '=', holder)
    .returning('device_id')
    .executeTakeFirst();
  return Boolean(dropped);
}

/**
 * Takes up to `limit` links away from `node`, with the holder in the condition of the delete, so
 * that a device that reconnected elsewhere meanwhile stays with its new holder. The devices taken.
 */
export async function dropLinksOf(db: Kysely<Database>, node: string, limit: number): Promise<number[]> {
  const dropped = await db
    .deleteFrom('device_links')
    .where('node', '=', node)
    .where('device_id', 'in', (eb) =>
      eb.selectFrom('device_links').select('device_id').where('node', '=', node).orderBy('device_id').limit(limit),
    )
    .returning('device_id')
    .execute();
  return dropped.map((r) => Number(r.device_id));
}

/** A condition on `devices`: `holder` holds this device's link. */
export const heldBy = (deviceId: number, holder: string) => (eb: ExpressionBuilder<Database, 'devices'>) =>
  eb.exists(
    eb
      .selectFrom('device_links')
      .select('device_links.device_id')
      .where('device_links.device_id', '=', deviceId)
      .where('device_links.node', '=', holder),
  );

/** The gateway process that holds the device's link, if one does. */
export async function linkHolder(db: Kysely<Database>, deviceId: number): Promise<string | undefined> {
  const row = await db.selectFrom('device_links').select('node').where('device_id', '=', deviceId).executeTakeFirst();
  return row?.node;
}

export async function nodeAlive(db: Kysely<Database>, name: string, at: number): Promise<boolean> {
  const row = await db
    .selectFrom('gateway_nodes')
    .select('name')
    .where('name', '=', name)
    .where('alive_until', '>=', at)
    .executeTakeFirst();
  return Boolean(row);
}

/** Gateway processes that still hold links but have no live lease: they died, or stopped without giving them back. */
export async function deadHolders(db: Kysely<Database>, now: number): Promise<string[]> {
  const rows = await db
    .selectFrom('device_links')
    .select('node')
    .distinct()
    .where('node', 'not in', (eb) => eb.selectFrom('gateway_nodes').select('name').where('alive_until', '>=', now))
    .execute();
  return rows.map((r) => r.node);
}

/** Leases that ran out and hold no link any more: nothing will renew or read them. */
export async function forgetDeadNodes(db: Kysely<Database>, now: number): Promise<void> {
  await db
    .deleteFrom('gateway_nodes')
    .where('alive_until', '<', now)
    .where('name', 'not in', (eb) => eb.selectFrom('device_links').select('node'))
    .execute();
}

/** This process's lease under `name`, taken from whichever instance had it; what was there before. */
export async function takeNode(
  db: Kysely<Database>,
  row: { name: string; instance: string; started_at: number; alive_until: number },
): Promise<{ instance: string; alive_until: number } | undefined> {
  const previous = await db
    .selectFrom('gateway_nodes')
    .select(['instance', 'alive_until'])
    .where('name', '=', row.name)
    .executeTakeFirst();
  await db
    .insertInto('gateway_nodes')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ instance: row.instance, started_at: row.started_at, alive_until: row.alive_until }),
    )
    .execute();
  return previous;
}

/** Renews this instance's lease; false when the row is gone (forgotten after it ran out) or another instance took the name. */
export async function renewNode(db: Kysely<Database>, name: string, instance: string, until: number): Promise<boolean> {
  const renewed = await db
    .updateTable('gateway_nodes')
    .set({ alive_until: until })
    .where('name', '=', name)
    .where('instance', '=', instance)
    .returning('name')
    .executeTakeFirst();
  return Boolean(renewed);
}

export async function nodeInstance(db: Kysely<Database>, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('gateway_nodes').select('instance').where('name', '=', name).executeTakeFirst();
  return row?.instance;
}

/** A clean stop: the lease ends now, so that links left behind are released by the next sweep rather than after it runs out. */
export async function endNode(db: Kysely<Database>, name: string, instance: string): Promise<void> {
  await db.deleteFrom('gateway_nodes').where('name', '=', name).where('instance', '=', instance).execute();
}
