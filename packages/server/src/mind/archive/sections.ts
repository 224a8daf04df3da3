import type { Lang, TimelineEvent } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { fromJson, toBool } from '../../platform/db/sql.ts';
import { startOfDate } from '../../platform/time.ts';
import { appointmentsOfStudent, groupSessionsOfStudent } from '../counselling/repository.ts';
import { visitsOf } from '../homevisits/repository.ts';
import { signedFormsOf } from '../signing/repository.ts';
import { dailyOfStudent } from './daily-repository.ts';
import { growthOf, interventionsOf, resultsOf, warningStepsOf, warningsOf } from './repository.ts';

type Db = Kysely<Database>;
type Words = Record<Lang, string>;

/** Every record of a student's file, each list oldest first. The caller has checked the student against the scope. */
export async function archiveSections(db: Db, studentId: number, lang: Lang) {
  const [results, warnings, steps, interventions, visits, groups, appointments, growth, daily, signed] =
    await Promise.all([
      resultsOf(db, studentId),
      warningsOf(db, studentId),
      warningStepsOf(db, studentId),
      interventionsOf(db, studentId),
      visitsOf(db, studentId),
      groupSessionsOfStudent(db, studentId),
      appointmentsOfStudent(db, studentId),
      growthOf(db, studentId),
      dailyOfStudent(db, studentId),
      signedFormsOf(db, studentId),
    ]);
  return {
    results: results.map((r) => ({
      id: r.id,
      taskId: r.task_id,
      scaleId: r.scale_id,
      scaleName: lang === 'en' ? r.name_en : r.name_zh,
      valid: toBool(r.valid),
      total: r.total === null ? null : Number(r.total),
      band: r.band,
      warningLevel: r.warning_level,
      submittedAt: Number(r.submitted_at),
    })),
    warnings: warnings.map((w) => ({
      id: w.id,
      level: w.level,
      state: w.state,
      rule: w.rule,
      reason: fromJson<Words | null>(w.reason)?.[lang] ?? null,
      sourceType: w.source_type,
      createdAt: Number(w.created_at),
      closedAt: w.closed_at === null ? null : Number(w.closed_at),
      history: steps
        .filter((s) => s.warning_id === w.id)
        .map((s) => ({
          action: s.action,
          fromState: s.from_state,
          toState: s.to_state,
          fromLevel: s.from_level,
          toLevel: s.to_level,
          reason: s.reason,
          by: s.nickname,
          at: Number(s.at),
        })),
    })),
    interventions: interventions.map((i) => ({
      id: i.id,
      warningId: i.warning_id,
      kind: i.kind,
      happenedAt: Number(i.happened_at),
      place: i.place,
      people: i.people,
      content: i.content,
      assessment: i.assessment,
      nextStep: i.next_step,
      institution: i.institution,
      by: i.nickname,
    })),
    homeVisits: visits.map((v) => ({
      id: v.id,
      taskName: v.task_name,
      visitedAt: Number(v.visited_at),
      way: v.way,
      people: v.people,
      summary: v.summary,
      answers: fromJson<Record<string, string | string[]>>(v.answers),
    })),
    groupCounselling: groups.map((g) => ({
      groupId: g.group_id,
      title: g.title,
      topic: g.topic,
      state: g.state,
      sessionId: g.session_id,
      heldAt: g.held_at === null ? null : Number(g.held_at),
      place: g.place,
      content: g.content,
      absent: g.absent_ids === null ? false : fromJson<number[]>(g.absent_ids).includes(studentId),
    })),
    appointments: appointments.map((a) => ({
      id: a.id,
      state: a.state,
      wantedAt: Number(a.wanted_at),
      reason: a.reason,
      sessionAt: a.session_at === null ? null : Number(a.session_at),
      summary: a.summary,
      rating: a.rating,
      createdAt: Number(a.created_at),
    })),
    growthRecords: growth.map((g) => ({
      id: g.id,
      occurredOn: g.occurred_on,
      category: g.category,
      title: g.title,
      content: g.content,
      authorId: g.author_id,
    })),
    observations: daily.map((d) => ({
      id: d.id,
      kind: d.kind,
      occurredOn: d.occurred_on,
      category: d.category,
      title: d.title,
      content: d.content,
      by: d.author_name,
    })),
    signedForms: signed.map((f) => ({
      id: Number(f.id),
      number: f.number,
      title: f.title,
      signedAt: Number(f.signed_at),
      sha256: f.pdf_sha256 ?? '',
    })),
  };
}
export type ArchiveSections = Awaited<ReturnType<typeof archiveSections>>;

/** A date the record was given (`2025-09-01`), as the instant it began in the deployment's zone. */
const dayOf = (date: string) => startOfDate(date);
const DAILY_EVENT: Record<string, TimelineEvent['kind']> = {
  dailyObservationOfTeachers: 'observation',
  setback: 'setback',
  describeManage: 'describe',
};

/** The timeline (`warningTimerShaft`): every record of the file as one event, in time order, newest last. */
export function timelineOf(s: ArchiveSections): TimelineEvent[] {
  const events: TimelineEvent[] = [
    ...s.results.map((r) => ({
      kind: 'result' as const,
      id: r.id,
      at: r.submittedAt,
      title: r.scaleName,
      detail: r.band,
      level: r.warningLevel,
      byName: null,
    })),
    ...s.warnings.flatMap((w) => [
      {
        kind: 'warning' as const,
        id: w.id,
        at: w.createdAt,
        title: w.rule,
        detail: w.reason,
        level: w.level,
        byName: null,
      },
      ...w.history
        .filter((h) => h.action !== 'open')
        .map((h) => ({
          kind: 'warningStep' as const,
          id: w.id,
          at: h.at,
          title: h.action,
          detail: h.reason,
          level: h.toLevel,
          byName: h.by,
        })),
    ]),
    ...s.interventions.map((i) => ({
      kind: 'intervention' as const,
      id: i.id,
      at: i.happenedAt,
      title: i.kind,
      detail: i.content,
      level: null,
      byName: i.by,
    })),
    ...s.homeVisits.map((v) => ({
      kind: 'homeVisit' as const,
      id: v.id,
      at: v.visitedAt,
      title: v.taskName ?? v.way,
      detail: v.summary,
      level: null,
      byName: null,
    })),
    ...s.groupCounselling
      .filter((g) => g.sessionId !== null && g.heldAt !== null && !g.absent)
      .map((g) => ({
        kind: 'groupSession' as const,
        id: g.sessionId ?? 0,
        at: g.heldAt ?? 0,
        title: g.title,
        detail: g.content,
        level: null,
        byName: null,
      })),
    ...s.appointments.map((a) => ({
      kind: 'appointment' as const,
      id: a.id,
      at: a.sessionAt ?? a.createdAt,
      title: a.state,
      detail: a.summary ?? a.reason,
      level: null,
      byName: null,
    })),
    ...s.growthRecords.map((g) => ({
      kind: 'growth' as const,
      id: g.id,
      at: dayOf(g.occurredOn),
      title: g.title,
      detail: g.content,
      level: null,
      byName: null,
    })),
    ...s.observations.map((o) => ({
      kind: DAILY_EVENT[o.kind] ?? ('observation' as const),
      id: o.id,
      at: dayOf(o.occurredOn),
      title: o.title,
      detail: o.content,
      level: null,
      byName: o.by,
    })),
  ];
  return events.sort((a, b) => a.at - b.at || a.kind.localeCompare(b.kind) || a.id - b.id);
}
