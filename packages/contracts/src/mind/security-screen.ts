import { z } from 'zod';
import { CAMPUS_ALERT_STATES, CAMPUS_EVENT_TYPES } from './campus.ts';

/**
 * The security-warning cockpit (`securityScreen`, decision 0096): the campus behaviour alerts of
 * the caller's schools, or of the one school asked for. Days are China-time days.
 */
export const securityScreenQuery = z.object({
  schoolId: z.coerce.number().int().positive('v.screen.school').optional(),
});
export type SecurityScreenQuery = z.infer<typeof securityScreenQuery>;

const byType = z.array(z.object({ type: z.enum(CAMPUS_EVENT_TYPES), count: z.number() }));

/** Alerts today and over the last seven days by type; the open ones by state and holder; the time to solve. */
export const securitySummary = z.object({
  today: z.object({ total: z.number(), from: z.number(), byType }),
  week: z.object({ total: z.number(), from: z.number(), byType }),
  open: z.object({
    total: z.number(),
    byState: z.array(z.object({ state: z.enum(CAMPUS_ALERT_STATES), count: z.number() })),
    /** Open alerts handed over to a person, most first; the rest are the school's (`unheld`). */
    holders: z.array(z.object({ userId: z.number(), name: z.string(), count: z.number() })),
    unheld: z.number(),
  }),
  /** Alerts solved in the last thirty days, and their mean hours from occurring to solved; null without one. */
  solved: z.object({ count: z.number(), meanHours: z.number().nullable() }),
});
export type SecuritySummary = z.infer<typeof securitySummary>;

/** Cameras and terminals online (a heartbeat or event within `CAMPUS_LIMITS.onlineMs`) and offline. */
export const securityDevices = z.object({
  online: z.number(),
  offline: z.number(),
  byKind: z.array(z.object({ kind: z.enum(['camera', 'terminal']), online: z.number(), offline: z.number() })),
});
export type SecurityDevices = z.infer<typeof securityDevices>;

/** The newest alerts: what, where, when and in what state; never a snapshot or a person. */
export const securityFeed = z.object({
  list: z.array(
    z.object({
      id: z.number(),
      type: z.enum(CAMPUS_EVENT_TYPES),
      schoolName: z.string(),
      location: z.string(),
      occurredAt: z.number(),
      state: z.enum(CAMPUS_ALERT_STATES),
    }),
  ),
});
export type SecurityFeed = z.infer<typeof securityFeed>;

/** Alerts per China-time day over the last thirty days, oldest first, days without one at zero. */
export const securityTrend = z.object({ days: z.array(z.object({ day: z.string(), count: z.number() })) });
export type SecurityTrend = z.infer<typeof securityTrend>;
