import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { requestSnapshots } from '../cameras/snapshot.ts';
import { queueAlarmPush } from '../datapush/push.ts';
import { type AlarmEvent, notifyAlarm, setTriggerRecipients, triggerRecipients } from '../notify/index.ts';

export type { AlarmEvent };
export { setTriggerRecipients, triggerRecipients };

/**
 * Hands an alarm event to the notification area and, raised or recovered, to the account's data
 * push targets subscribed to alarms (decision 0138): both write their outbox jobs in the alarm's
 * own transaction.
 */
export async function handOver(trx: Transaction<Database>, event: AlarmEvent): Promise<void> {
  await notifyAlarm(trx, event);
  if (event.kind !== 'repeat') await queueAlarmPush(trx, { ...event, kind: event.kind });
}

/** Asks the cameras bound to the alarm's device for a snapshot of it, in the alarm's own transaction (decision 0122). */
export function askSnapshots(trx: Transaction<Database>, alarmId: number, deviceId: number): Promise<void> {
  return requestSnapshots(trx, alarmId, deviceId);
}
