import {
  type FollowUpRules,
  Identity,
  type LocalText,
  type PageQuery,
  type ReminderConfiguration,
} from '@meridian/contracts';
import { fromJson } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { defineJob } from '../../platform/jobs/types.ts';
import { HOUR } from '../../platform/time.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { staffScope } from '../assessments/tasks.ts';
import { levelRows } from '../warnings/repository.ts';
import { addTodos } from '../warnings/todos.ts';
import {
  dueWarnings,
  FALLBACK_DAYS,
  followUpDays,
  markReminded,
  readReminderConfiguration,
  reminderLogPage,
  saveReminderConfiguration,
  unremindedDue,
} from './reminders-repository.ts';

/** How far ahead the attention page looks when asked without a window: the next three days. */
const LOOK_AHEAD = 72 * HOUR;
/** Hours before a follow-up falls due that its reminder goes out, when the level has no rule of its own. */
const DEFAULT_BEFORE_HOURS = 24;

export async function reminderConfiguration(actor: Actor): Promise<ReminderConfiguration> {
  await staffScope(actor);
  const { enabled, rules } = await readReminderConfiguration(actor.db);
  return { enabled, rules };
}

/** Saves the model and its change log (before and after, who, when) in one transaction. */
export async function updateReminderConfiguration(actor: Actor, next: ReminderConfiguration): Promise<void> {
  if (actor.auth.identityId === Identity.student || actor.auth.identityId === Identity.parent) {
    throw new AppError(403, 'auth.forbidden');
  }
  const levels = new Set((await levelRows(actor.db)).map((l) => l.code));
  const unknown = next.rules.findIndex((r) => !levels.has(r.level));
  if (unknown >= 0) {
    throw new AppError(400, 'warning.levelUnknown', {
      rules: [{ field: `rules.${unknown}.level`, key: 'warning.levelUnknown' }],
    });
  }
  const current = await readReminderConfiguration(actor.db);
  const before = { enabled: current.enabled, rules: current.rules };
  await actor.db
    .transaction()
    .execute((trx) => saveReminderConfiguration(trx, current.id, before, next, actor.auth.userId, Date.now()));
}

/**
 * process/rule/djft (decision 0135): the follow-up rule of each warning level as the reminders apply it,
 * most severe first: every how many days, how many hours before, and whether the level has its own rule.
 */
export async function followUpRules(actor: Actor): Promise<FollowUpRules> {
  await staffScope(actor);
  const [config, levels] = await Promise.all([readReminderConfiguration(actor.db), levelRows(actor.db)]);
  return {
    enabled: config.enabled,
    levels: levels.map((l) => {
      const rule = config.rules.find((r) => r.level === l.code);
      return {
        code: l.code,
        name: fromJson<LocalText>(l.name),
        colour: l.colour,
        everyDays: rule?.everyDays ?? FALLBACK_DAYS,
        remindBeforeHours: rule?.remindBeforeHours ?? DEFAULT_BEFORE_HOURS,
        own: rule !== undefined,
      };
    }),
  };
}

export async function reminderChanges(actor: Actor, paging: PageQuery) {
  await staffScope(actor);
  const page = await reminderLogPage(actor.db, paging);
  return {
    ...page,
    list: page.list.map((r) => ({
      id: r.id,
      before: fromJson<ReminderConfiguration>(r.before),
      after: fromJson<ReminderConfiguration>(r.after),
      byUserId: r.by_user_id,
      byName: r.by_name ?? '',
      at: r.at,
    })),
  };
}

/** The attention list: open warnings in the scope whose follow-up is due, or falls due within `withinHours`. */
export async function attentionList(actor: Actor, withinHours: number | undefined, paging: PageQuery) {
  const scope = await staffScope(actor);
  const now = Date.now();
  const until = now + (withinHours === undefined ? LOOK_AHEAD : withinHours * HOUR);
  const page = await dueWarnings(actor.db, scope, actor.auth.userId, until, paging);
  return {
    ...page,
    list: page.list.map((r) => ({
      warningId: r.id,
      studentId: r.student_id,
      studentName: r.student_name,
      schoolId: r.school_id,
      classId: r.class_id,
      level: r.level,
      state: r.state,
      dueAt: r.follow_up_due_at ?? now,
      overdue: (r.follow_up_due_at ?? now) < now,
    })),
  };
}

export const ATTENTION_REMINDER = 'mind.warning.attentionReminder';
/** At most this many warnings per run and level; the next run takes the rest. */
const BATCH = 500;

/**
 * Reminds the handlers of each warning whose follow-up falls due within the level's notice: one
 * to-do per due time. Marking the warning and writing its to-dos share a transaction, and the mark
 * is taken only if the due time is unchanged, so a repeated or overlapping run reminds nobody twice.
 */
export const attentionReminderJob = defineJob({
  kind: ATTENTION_REMINDER,
  maxAttempts: 3,
  async run(_job, { db, signal }) {
    const k = db.kysely;
    const config = await readReminderConfiguration(k);
    if (!config.enabled) return;
    const now = Date.now();
    for (const level of await levelRows(k)) {
      if (signal.aborted) throw new Error('stopped before every level was reminded');
      const before = config.rules.find((r) => r.level === level.code)?.remindBeforeHours ?? DEFAULT_BEFORE_HOURS;
      const due = await unremindedDue(k, level.code, now + before * HOUR, BATCH);
      for (const w of due) {
        await k.transaction().execute(async (trx) => {
          if (!(await markReminded(trx, w.id, w.follow_up_due_at))) return;
          const handlers = [w.psychology_user_id, w.class_teacher_user_id].filter((id): id is number => id !== null);
          await addTodos(trx, handlers, {
            kind: 'warning.followUp',
            titleKey: 'todo.warning.followUp',
            params: { student: w.student_name },
            warningId: w.id,
            at: now,
          });
        });
      }
    }
  },
});

export const attentionReminderSchedule = { kind: ATTENTION_REMINDER, cron: '*/15 * * * *' };
export { followUpDays };
