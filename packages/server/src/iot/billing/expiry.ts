import { defineJob } from '../../platform/jobs/types.ts';
import { closeUnpaid } from './repository.ts';
import { ORDER_EXPIRY_JOB } from './service.ts';

/**
 * An unpaid order expires at the end of its pay window (enqueued with the order). WeChat Pay was
 * given the same `time_expire`, so it stops taking the code then; a payment or a cancel that came
 * first leaves nothing to do.
 */
export const orderExpiryJob = defineJob<{ orderId: number }>({
  kind: ORDER_EXPIRY_JOB,
  run: async (job, { db }) => {
    await closeUnpaid(db.kysely, job.payload.orderId, 'expired', Date.now());
  },
});
