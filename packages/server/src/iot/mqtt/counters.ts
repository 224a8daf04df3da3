import type { Db } from '../../platform/db/database.ts';

/** What MQTT and HTTP ingest count: accepted traffic, and every kind of bad input by name. */
export const INGEST_EVENTS = [
  'connected',
  'refusedConnect',
  'connectTimedOut',
  'throttled',
  'replaced',
  'messages',
  'values',
  'malformed',
  'tooLarge',
  'unknownPoint',
  'ambiguousPoint',
  'wrongType',
  'clockIgnored',
  'forbiddenTopic',
  'forbiddenSubscribe',
  'storeFailed',
  'rateLimited',
  'commandsSent',
  'commandsFailed',
  'commandsTimedOut',
  'unknownAck',
] as const;
export type IngestEvent = (typeof INGEST_EVENTS)[number];

export class IngestCounters {
  readonly counts = Object.fromEntries(INGEST_EVENTS.map((e) => [e, 0])) as Record<IngestEvent, number>;

  add(event: IngestEvent, n = 1): void {
    this.counts[event] += n;
  }
}

const byDb = new WeakMap<Db, IngestCounters>();

/** The counters of the process that holds this database handle (the broker's and the ingest route's). */
export function countersFor(db: Db): IngestCounters {
  let counters = byDb.get(db);
  if (!counters) {
    counters = new IngestCounters();
    byDb.set(db, counters);
  }
  return counters;
}
