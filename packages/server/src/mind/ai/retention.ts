import { AI_RETENTION } from '@meridian/contracts';
import type { Cleanup } from '../../platform/jobs/cleanup.ts';
import { DAY } from '../../platform/time.ts';
import { readSchoolPrivacy } from './repository.ts';
import {
  deleteAttemptTranscript,
  deleteConversationTranscript,
  staleAttempts,
  staleConversations,
} from './transcripts-repository.ts';

const BATCH = 200;
/** Bounded: a night's cleanup ends; what is left goes the next night. */
const MAX_ROUNDS = 500;

/**
 * Walks candidates oldest first and deletes each one past its school's cutoff. Deleted ones leave
 * the candidates; the ones kept stay at the front, so they are skipped by an offset.
 */
async function sweep<T extends { schoolId: number; lastAt: number }>(
  fetch: (limit: number, offset: number) => Promise<T[]>,
  cutoffOf: (schoolId: number) => Promise<number>,
  remove: (candidate: T) => Promise<number>,
): Promise<number> {
  let removed = 0;
  let kept = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const page = await fetch(BATCH, kept);
    for (const c of page) {
      if (c.lastAt < (await cutoffOf(c.schoolId))) removed += await remove(c);
      else kept++;
    }
    if (page.length < BATCH) break;
  }
  return removed;
}

/**
 * The nightly deletion of AI transcripts older than their school's retention (decision 0137):
 * whole interview attempts and whole tree-hole conversations at a time, judged by their last
 * message, each with a marker of when; the scored result and the conversation row stay.
 */
export const transcriptRetentionCleanup: Cleanup = {
  name: 'AI transcripts past their retention',
  async run(db, now) {
    const days = new Map<number, number>();
    const cutoffOf = async (schoolId: number) => {
      let d = days.get(schoolId);
      if (d === undefined) {
        d = (await readSchoolPrivacy(db.kysely, schoolId)).retentionDays;
        days.set(schoolId, d);
      }
      return now - d * DAY;
    };
    // Nothing younger than the shortest retention can be due: read only what may be.
    const before = now - AI_RETENTION.minDays * DAY;
    const marker = (schoolId: number) => ({
      schoolId,
      cause: 'retention' as const,
      reason: null,
      byUserId: null,
      at: now,
    });
    const turns = await sweep(
      (limit, offset) => staleAttempts(db.kysely, before, limit, offset),
      cutoffOf,
      (a) =>
        db.kysely
          .transaction()
          .execute((trx) => deleteAttemptTranscript(trx, a.assigneeId, a.attempt, marker(a.schoolId))),
    );
    const messages = await sweep(
      (limit, offset) => staleConversations(db.kysely, before, limit, offset),
      cutoffOf,
      (c) =>
        db.kysely
          .transaction()
          .execute((trx) => deleteConversationTranscript(trx, c.conversationId, marker(c.schoolId))),
    );
    return turns + messages;
  },
};
