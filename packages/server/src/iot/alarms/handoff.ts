import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { type AlarmEvent, notifyAlarm, setTriggerRecipients, triggerRecipients } from '../notify/index.ts';

export type { AlarmEvent };
export { setTriggerRecipients, triggerRecipients };

/** Hands an alarm event to the notification area, which writes its outbox jobs in the alarm's own transaction. */
export function handOver(trx: Transaction<Database>, event: AlarmEvent): Promise<void> {
  return notifyAlarm(trx, event);
}
