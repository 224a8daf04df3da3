import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { runScheduledOnce } from '../../platform/jobs/testing.ts';
import { buildWarningWorld, openTodoKinds, step, type WarningWorld } from '../warnings/testing.ts';
import { attentionReminderJob } from './reminders.ts';

let t: TestApp;
let w: WarningWorld;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWarningWorld(t);
}, 90_000);
afterAll(() => t.close());

const rules = [
  { level: 'red', everyDays: 3, remindBeforeHours: 12 },
  { level: 'orange', everyDays: 14, remindBeforeHours: 24 },
];

describe('the reminder model', () => {
  it('starts with a rule per default level, and logs each change with before and after', async () => {
    const start = await w.psychologyTeacher.get('/apis-psychology/reminderConfiguration');
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().data.rules.map((r: { level: string }) => r.level)).toEqual(['red', 'orange', 'yellow']);
    const denied = await w.psychologyTeacher.post('/apis-psychology/reminderConfiguration/save', {
      enabled: true,
      rules,
    });
    expect(denied.statusCode).toBe(403);
    const saved = await w.schoolAdmin.post('/apis-psychology/reminderConfiguration/save', { enabled: true, rules });
    expect(saved.statusCode, saved.body).toBe(200);
    const log = await w.psychologyTeacher.get('/apis-psychology/reminderConfigurationManagement/page');
    expect(log.json().data.list).toMatchObject([
      {
        before: { enabled: true, rules: start.json().data.rules },
        after: { enabled: true, rules },
        byUserId: w.schoolAdmin.user.id,
      },
    ]);
  });

  it('refuses a rule out of range, twice for a level, or for an unknown level', async () => {
    const bad = async (body: unknown, message: string) => {
      const res = await w.schoolAdmin.post('/apis-psychology/reminderConfiguration/save', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().data.map((d: { msg: string }) => d.msg)).toContain(message);
    };
    await bad(
      { enabled: true, rules: [{ level: 'red', everyDays: 0, remindBeforeHours: 1 }] },
      'Follow up every 1 to 90 days',
    );
    await bad(
      { enabled: true, rules: [{ level: 'red', everyDays: 1, remindBeforeHours: 100 }] },
      'Remind 0 to 72 hours before',
    );
    await bad({ enabled: true, rules: [rules[0], rules[0]] }, 'One rule per warning level');
    await bad(
      {
        enabled: true,
        rules: Array.from({ length: 11 }, (_, i) => ({ level: `l${i}`, everyDays: 1, remindBeforeHours: 1 })),
      },
      'At most 10 reminder rules',
    );
    await bad(
      { enabled: true, rules: [{ level: 'purple', everyDays: 1, remindBeforeHours: 1 }] },
      'No such warning level; choose one of the configured levels',
    );
  });
});

describe('follow-up reminders', () => {
  it('sets the first due time at publishing from the level’s interval', async () => {
    const id = w.warnings.a2;
    await step(w.psychologyTeacher, 'setup', { id, psychologyUserId: w.psychologyTeacher.user.id });
    const before = Date.now();
    await step(w.psychologyTeacher, 'publish', { id });
    const row = await t.db.kysely
      .selectFrom('warnings')
      .select('follow_up_due_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.follow_up_due_at).toBeGreaterThanOrEqual(before + 3 * 24 * HOUR);
    expect(row.follow_up_due_at).toBeLessThan(before + 3 * 24 * HOUR + 60_000);
  });

  it('reminds the handlers once per due time, within the level’s notice', async () => {
    const id = w.warnings.a2;
    const me = w.psychologyTeacher.user.id;
    const setDue = (at: number) =>
      t.db.kysely.updateTable('warnings').set({ follow_up_due_at: at }).where('id', '=', id).execute();
    await setDue(Date.now() + 20 * HOUR); // outside red's 12-hour notice
    await runScheduledOnce(t.db, attentionReminderJob);
    expect(await openTodoKinds(t, me, id)).toEqual(['warning.handle']);
    await setDue(Date.now() + 6 * HOUR);
    await runScheduledOnce(t.db, attentionReminderJob);
    await runScheduledOnce(t.db, attentionReminderJob);
    expect(await openTodoKinds(t, me, id)).toEqual(['warning.handle', 'warning.followUp']);
    expect(await openTodoKinds(t, w.classTeacher.user.id, id)).toEqual(['warning.handle', 'warning.followUp']);
    const attention = await w.psychologyTeacher.get('/apis-psychology/attentionReminder/page?withinHours=12');
    expect(attention.json().data.list).toMatchObject([{ warningId: id, level: 'red', overdue: false }]);

    // A return visit answers the reminder and sets the next due time from its own date.
    const next = Date.now() + 5 * 24 * HOUR;
    const visit = await w.psychologyTeacher.post('/apis-psychology/intervene/save', {
      warningId: id,
      kind: 'returnVisit',
      happenedAt: Date.now(),
      method: 'visit',
      content: 'Better',
      nextFollowUpAt: next,
    });
    expect(visit.statusCode, visit.body).toBe(200);
    expect(await openTodoKinds(t, me, id)).toEqual(['warning.handle']);
    const row = await t.db.kysely
      .selectFrom('warnings')
      .select('follow_up_due_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.follow_up_due_at).toBe(next);
  });

  it('sends nothing while the model is switched off', async () => {
    const id = w.warnings.a2;
    await t.db.kysely
      .updateTable('warnings')
      .set({ follow_up_due_at: Date.now() + HOUR })
      .where('id', '=', id)
      .execute();
    const off = await w.schoolAdmin.post('/apis-psychology/reminderConfiguration/save', { enabled: false, rules });
    expect(off.statusCode, off.body).toBe(200);
    await runScheduledOnce(t.db, attentionReminderJob);
    expect(await openTodoKinds(t, w.psychologyTeacher.user.id, id)).toEqual(['warning.handle']);
  });
});
