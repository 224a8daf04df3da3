import {
  type BehaviorJournalDay,
  type BehaviorJournalQuery,
  CAMPUS_EVENT_TYPES,
  type Lang,
  translate,
} from '@meridian/contracts';
import { writeWorkbook } from '../../platform/excel/sheet.ts';
import { AppError } from '../../platform/http/errors.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { schoolScope } from '../campus/devices.ts';
import { emotionAlertsBetween, securityAlertsBetween, securityStepsOf } from './repository.ts';
import { checkRange } from './service.ts';

// The behaviour journal (behaviorJournal, decision 0118): a school's day-by-day record of its
// security and emotion alerts, how they stand and what was done.

const DAY_MS = 86_400_000;
/** China time: an alert at 07:00 Beijing time belongs to that Beijing day. */
const ZONE_MS = 8 * 3_600_000;
const beijingDay = (at: number) => new Date(at + ZONE_MS).toISOString().slice(0, 10);

/** The days of the school (or the caller's schools) with any alert, newest first. */
export async function behaviorJournal(actor: Actor, q: BehaviorJournalQuery): Promise<BehaviorJournalDay[]> {
  checkRange(q.from, q.to);
  const scope = await schoolScope(actor);
  if (q.schoolId !== undefined && !(scope.all || scope.schoolIds.includes(q.schoolId))) {
    throw new AppError(403, 'emotionAlert.notSchool');
  }
  const schools = q.schoolId !== undefined ? [q.schoolId] : scope.all ? 'all' : scope.schoolIds;
  const fromMs = Date.parse(`${q.from}T00:00:00Z`) - ZONE_MS;
  const toMs = Date.parse(`${q.to}T00:00:00Z`) - ZONE_MS + DAY_MS;
  const [security, steps, emotion] = await Promise.all([
    securityAlertsBetween(actor.db, schools, fromMs, toMs),
    securityStepsOf(actor.db, schools, fromMs, toMs),
    emotionAlertsBetween(actor.db, schools, q.from, q.to),
  ]);
  const days = new Map<string, BehaviorJournalDay>();
  const dayOf = (day: string) => {
    const known = days.get(day);
    if (known) return known;
    const fresh: BehaviorJournalDay = {
      day,
      security: { total: 0, solved: 0, falseAlarm: 0, open: 0, byType: [] },
      emotion: { total: 0, handled: 0, serious: 0 },
      actions: [],
    };
    days.set(day, fresh);
    return fresh;
  };
  const types = new Map<string, Map<string, number>>();
  for (const a of security) {
    const d = dayOf(beijingDay(Number(a.occurred_at)));
    d.security.total += 1;
    if (a.state === 'solved') d.security.solved += 1;
    else if (a.state === 'falseAlarm') d.security.falseAlarm += 1;
    else d.security.open += 1;
    const counted = types.get(d.day) ?? new Map<string, number>();
    counted.set(a.type, (counted.get(a.type) ?? 0) + 1);
    types.set(d.day, counted);
  }
  for (const [day, counted] of types) {
    dayOf(day).security.byType = [...counted]
      .map(([type, count]) => ({ type, count }))
      .sort(
        (a, b) =>
          b.count - a.count ||
          CAMPUS_EVENT_TYPES.indexOf(a.type as never) - CAMPUS_EVENT_TYPES.indexOf(b.type as never),
      );
  }
  for (const s of steps) {
    dayOf(beijingDay(Number(s.occurred_at))).actions.push({
      kind: 'security',
      at: Number(s.at),
      byName: s.by_name,
      text: translate(`journal.step.${s.action}`, actor.lang, {
        type: translate(`journal.type.${s.type}`, actor.lang),
        location: s.location,
        result: s.result ?? '',
      }),
    });
  }
  for (const e of emotion) {
    const d = dayOf(e.day);
    d.emotion.total += 1;
    if (e.state === 'handled') d.emotion.handled += 1;
    if (e.level === 'serious') d.emotion.serious += 1;
    if (e.handled_at !== null && e.note !== null) {
      d.actions.push({
        kind: 'emotion',
        at: Number(e.handled_at),
        byName: e.by_name,
        text: translate('journal.emotionHandled', actor.lang, { className: e.class_name, note: e.note }),
      });
    }
  }
  for (const d of days.values()) d.actions.sort((a, b) => a.at - b.at);
  return [...days.values()].sort((a, b) => b.day.localeCompare(a.day));
}

const HEADER: Record<Lang, string[]> = {
  'zh-CN': ['日期', '安全预警', '已解决', '误报', '未结', '事件类型', '情绪预警', '已处理', '严重', '处理记录'],
  en: [
    'Day',
    'Security alerts',
    'Solved',
    'False alarms',
    'Open',
    'Event types',
    'Emotion alerts',
    'Handled',
    'Serious',
    'What was done',
  ],
};

/** The journal as an xlsx workbook, one row per day; audited, as every export of school data. */
export async function exportBehaviorJournal(
  actor: Actor,
  q: BehaviorJournalQuery,
): Promise<{ name: string; body: Buffer }> {
  const days = await behaviorJournal(actor, q);
  await audit(actor.db, actor.request, { action: 'behaviorJournal.export', targetType: 'org', targetId: q.schoolId });
  const lang = actor.lang;
  const time = (at: number) => new Date(at + ZONE_MS).toISOString().slice(11, 16);
  const rows = days.map((d) => [
    d.day,
    d.security.total,
    d.security.solved,
    d.security.falseAlarm,
    d.security.open,
    d.security.byType.map((t) => `${translate(`journal.type.${t.type}`, lang)} ${t.count}`).join(', '),
    d.emotion.total,
    d.emotion.handled,
    d.emotion.serious,
    d.actions.map((a) => `${time(a.at)} ${a.byName ?? ''} ${a.text}`).join('\n'),
  ]);
  return {
    name: `behavior-journal-${q.from}-${q.to}.xlsx`,
    body: writeWorkbook([
      {
        name: translate('journal.sheet', lang),
        rows: [HEADER[lang], ...rows],
        widths: [12, 10, 8, 8, 8, 30, 10, 8, 8, 80],
      },
    ]),
  };
}
