import { TIMELINE_KINDS, type TimelineEvent, type TimelineKind, VISIT_WAYS } from '@meridian/contracts';

/**
 * How an event of the timeline is named: the server sends codes for some kinds (a workflow action,
 * an intervention kind, an appointment's state, a visit's way) and free text for others, so the
 * page translates a code by its key and shows the rest as written.
 */
export type EventTitle = { key: string } | { text: string };

const ways: readonly string[] = VISIT_WAYS;

export function eventTitle(event: TimelineEvent): EventTitle {
  switch (event.kind) {
    case 'warningStep':
      return { key: `archive.warning.actions.${event.title}` };
    case 'intervention':
      return { key: `archive.intervention.kinds.${event.title}` };
    case 'appointment':
      return { key: `archive.timeline.appointmentStates.${event.title}` };
    case 'homeVisit':
      // A visit without a task is titled by its way: it is an unplanned visit.
      return ways.includes(event.title) ? { key: 'archive.visit.unplanned' } : { text: event.title };
    case 'warning':
      // The rule is a code; the reason says it in the reader's language.
      return event.detail ? { text: event.detail } : { key: 'archive.timeline.kinds.warning' };
    default:
      return { text: event.title };
  }
}

/**
 * The detail shown under the title; a warning's reason is already its title. A record's step on a
 * warning carries the record's kind (`interview`, `returnVisit`) as its reason: it is said in words.
 */
export function eventDetail(event: TimelineEvent): EventTitle | null {
  if (event.kind === 'warning' || event.detail === null) return null;
  if (event.kind === 'warningStep' && event.title === 'intervene')
    return { key: `archive.intervention.kinds.${event.detail}` };
  return { text: event.detail };
}

/** The colour of each kind's dot: warnings red, help given green, the rest blue or grey. */
export const KIND_COLOUR: Record<TimelineKind, string> = {
  result: 'blue',
  warning: 'red',
  warningStep: 'orange',
  intervention: 'green',
  homeVisit: 'green',
  groupSession: 'cyan',
  appointment: 'cyan',
  growth: 'purple',
  observation: 'gray',
  setback: 'volcano',
  describe: 'gray',
};

/** The kinds present in the events, in the contract's order, for the filter. */
export function kindsOf(events: TimelineEvent[]): TimelineKind[] {
  const present = new Set(events.map((e) => e.kind));
  return TIMELINE_KINDS.filter((k) => present.has(k));
}

/** Newest first for reading; the server sends them oldest first. */
export function newestFirst(events: TimelineEvent[], kind: TimelineKind | 'all'): TimelineEvent[] {
  return events.filter((e) => kind === 'all' || e.kind === kind).toReversed();
}

/** Kinds recorded by the day, not the minute: their time is shown as a date. */
export const DATED_KINDS: ReadonlySet<TimelineKind> = new Set(['growth', 'observation', 'setback', 'describe']);
