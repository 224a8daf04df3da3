import { WORK_ORDER_LIMITS, type WorkOrderView } from '@meridian/contracts';
import type { WorkOrderRow } from './tables.ts';

/** Whether an order is past the time its priority allows to be accepted, or to be completed. */
export function overdueOf(
  row: Pick<WorkOrderRow, 'state' | 'priority' | 'created_at' | 'sent_at' | 'accepted_at'>,
  at: number,
): WorkOrderView['overdue'] {
  const limit = WORK_ORDER_LIMITS[row.priority];
  if (row.state === 'pending' || row.state === 'sent') {
    const since = Number(row.sent_at ?? row.created_at);
    return at - since > limit.respondMs ? 'response' : null;
  }
  if (row.state === 'accepted') {
    return at - Number(row.accepted_at ?? row.created_at) > limit.completeMs ? 'completion' : null;
  }
  return null;
}
