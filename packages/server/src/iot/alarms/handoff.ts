import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { requestSnapshots } from '../cameras/snapshot.ts';
import { type AlarmEvent, notifyAlarm, setTriggerRecipients, triggerRecipients } from '../notify/index.ts';

export type { AlarmEvent };
export { setTriggerRecipients, triggerRecipients };

/** Hands an alarm event to the notification area, which writes its outbox jobs in the alarm's own transaction. */
export function handOver(trx: Transaction<Database>, event: AlarmEvent): Promise<void> {
  return notifyAlarm(trx, event);
}

/** Asks the cameras bound to the alarm's device for a snapshot of it, in the alarm's own transaction (decision 0122). */
export function askSnapshots(trx: Transaction<Database>, alarmId: number, deviceId: number): Promise<void> {
  return requestSnapshots(trx, alarmId, deviceId);
}
