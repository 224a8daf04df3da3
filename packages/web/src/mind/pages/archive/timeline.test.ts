import type { TimelineEvent } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { eventDetail, eventTitle, kindsOf, newestFirst } from './timeline.ts';

const event = (over: Partial<TimelineEvent>): TimelineEvent => ({
  kind: 'growth',
  id: 1,
  at: 1,
  title: 'Sports day',
  detail: null,
  level: null,
  byName: null,
  ...over,
});

describe('the timeline', () => {
  it('translates the codes the server sends and shows free text as written', () => {
    expect(eventTitle(event({ kind: 'warningStep', title: 'setup' }))).toEqual({
      key: 'archive.warning.actions.setup',
    });
    expect(eventTitle(event({ kind: 'intervention', title: 'returnVisit' }))).toEqual({
      key: 'archive.intervention.kinds.returnVisit',
    });
    expect(eventTitle(event({ kind: 'appointment', title: 'done' }))).toEqual({
      key: 'archive.timeline.appointmentStates.done',
    });
    expect(eventTitle(event({ kind: 'homeVisit', title: 'Autumn visits' }))).toEqual({ text: 'Autumn visits' });
    expect(eventTitle(event({ kind: 'homeVisit', title: 'phone' }))).toEqual({ key: 'archive.visit.unplanned' });
    expect(eventTitle(event({ kind: 'growth', title: 'Sports day' }))).toEqual({ text: 'Sports day' });
  });

  it('names a warning by its reason, not its rule code, and does not repeat the reason below', () => {
    const warning = event({ kind: 'warning', title: 'phq9.item9', detail: 'Item 9 above 0' });
    expect(eventTitle(warning)).toEqual({ text: 'Item 9 above 0' });
    expect(eventDetail(warning)).toBeNull();
    expect(eventTitle(event({ kind: 'warning', title: 'phq9.item9' }))).toEqual({
      key: 'archive.timeline.kinds.warning',
    });
    expect(eventDetail(event({ kind: 'homeVisit', detail: 'Calm home' }))).toEqual({ text: 'Calm home' });
  });

  it('says in words which record a step of intervention added, never its code', () => {
    for (const kind of ['interview', 'returnVisit', 'plan', 'referral']) {
      const step = event({ kind: 'warningStep', title: 'intervene', detail: kind });
      expect(eventDetail(step)).toEqual({ key: `archive.intervention.kinds.${kind}` });
    }
    expect(eventDetail(event({ kind: 'warningStep', title: 'cancel', detail: 'Moved away' }))).toEqual({
      text: 'Moved away',
    });
  });

  it('lists newest first, filters by kind and offers only the kinds present', () => {
    const events = [
      event({ kind: 'result', id: 1, at: 1 }),
      event({ kind: 'warning', id: 2, at: 2 }),
      event({ kind: 'growth', id: 3, at: 3 }),
    ];
    expect(newestFirst(events, 'all').map((e) => e.id)).toEqual([3, 2, 1]);
    expect(newestFirst(events, 'warning').map((e) => e.id)).toEqual([2]);
    expect(kindsOf(events)).toEqual(['result', 'warning', 'growth']);
    expect(events.map((e) => e.id)).toEqual([1, 2, 3]);
  });
});
