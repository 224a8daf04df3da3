import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

let seq = 0;

/** A work order row as the order would stand, written straight to the table: a pending repair unless `o` says otherwise. */
export async function buildWorkOrder(
  db: Kysely<Database>,
  ownerId: number,
  deviceId: number,
  o: Record<string, number | string | null> = {},
): Promise<void> {
  await db
    .insertInto('work_orders')
    .values({
      owner_id: ownerId,
      number: `WO${String(++seq).padStart(6, '0')}${Math.random().toString(36).slice(2, 6)}`,
      type: 'repair',
      state: 'pending',
      priority: 'normal',
      device_id: deviceId,
      description: 'Seal',
      pictures: '[]',
      alarm_id: null,
      reporter_id: ownerId,
      assignee_id: null,
      result: null,
      result_pictures: '[]',
      created_at: Date.now(),
      sent_at: null,
      accepted_at: null,
      completed_at: null,
      closed_at: null,
      ...o,
    } as never)
    .execute();
}
