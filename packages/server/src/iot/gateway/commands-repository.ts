import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/** Commands between processes (decision 0076): NOTIFY, and the rows of payloads too large for it. */

/** Sends a notice on `channel` (PostgreSQL only); inside a transaction it goes out at commit. */
export async function notify(db: Kysely<Database>, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

/** Keeps a payload too large for NOTIFY; its id goes in the notice instead. */
export async function keepMessage(db: Kysely<Database>, body: string, at: number): Promise<number> {
  const row = await db.insertInto('gateway_messages').values({ body, at }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Takes a kept payload: read and deleted at once, so that it is read once. */
export async function takeMessage(db: Kysely<Database>, id: number): Promise<string | undefined> {
  const row = await db.deleteFrom('gateway_messages').where('id', '=', id).returning('body').executeTakeFirst();
  return row?.body;
}

/** Payloads nobody took (their addressee died before reading them). */
export async function removeMessagesBefore(db: Kysely<Database>, before: number): Promise<number> {
  const result = await db.deleteFrom('gateway_messages').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The live gateway process that holds the device's link, and how the device is connected; undefined when none does. */
export async function liveHolderOf(
  db: Kysely<Database>,
  deviceId: number,
  now: number,
): Promise<{ node: string; transport: 'tcp' | 'mqtt' } | undefined> {
  return db
    .selectFrom('device_links')
    .innerJoin('gateway_nodes', 'gateway_nodes.name', 'device_links.node')
    .select(['device_links.node', 'device_links.transport'])
    .where('device_links.device_id', '=', deviceId)
    .where('gateway_nodes.alive_until', '>=', now)
    .executeTakeFirst();
}
