import {
  type IntervalUnit,
  type Lang,
  type MissedRule,
  type ScheduleKind,
  TASK_INTERVALS,
  type TaskValue,
  type TaskView,
  taskInput,
} from '@meridian/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import { type FieldProblem, problemsOf } from '../alarms/validate.ts';
import type { TaskFields } from './api.ts';

/** What the form holds: times as dayjs, the schedule's parts flat enough for antd fields. */
export interface TaskFormValues {
  name?: string;
  kind: ScheduleKind;
  every?: number;
  unit?: IntervalUnit;
  times?: string[];
  weekdays?: number[];
  cron?: string;
  startAt?: Dayjs | null;
  endAt?: Dayjs | null;
  timeZone?: string;
  missed: MissedRule;
  targets: Array<{ deviceId?: number; pointId?: number; value?: TaskValue }>;
}

/** A new task runs every minute from now until stopped. */
export const newTask = (): TaskFormValues => ({
  kind: 'interval',
  every: 1,
  unit: 'minutes',
  missed: 'skip',
  startAt: dayjs().startOf('second'),
  endAt: null,
  targets: [{}],
});

export function formValuesOf(task: TaskView): TaskFormValues {
  const s = task.schedule;
  return {
    name: task.name,
    kind: s.kind,
    every: s.every,
    unit: s.unit,
    times: s.times,
    weekdays: s.weekdays,
    cron: s.cron,
    startAt: dayjs(task.startAt),
    endAt: task.endAt === null ? null : dayjs(task.endAt),
    timeZone: task.timeZone,
    missed: task.missed,
    targets: task.targets.map((t) => ({ deviceId: t.deviceId, pointId: t.pointId, value: t.value })),
  };
}

/** The body the contract takes: only the schedule parts of its kind are sent. */
export function payloadOf(v: TaskFormValues): TaskFields {
  const schedule =
    v.kind === 'interval'
      ? { kind: v.kind, every: v.every, unit: v.unit }
      : v.kind === 'daily'
        ? { kind: v.kind, times: v.times ?? [] }
        : v.kind === 'weekly'
          ? { kind: v.kind, times: v.times ?? [], weekdays: v.weekdays ?? [] }
          : v.kind === 'cron'
            ? { kind: v.kind, cron: v.cron ?? '' }
            : { kind: v.kind };
  return {
    name: v.name ?? '',
    schedule,
    startAt: v.startAt ? v.startAt.valueOf() : (undefined as unknown as number),
    endAt: v.endAt ? v.endAt.valueOf() : null,
    ...(v.timeZone ? { timeZone: v.timeZone } : {}),
    missed: v.missed,
    targets: (v.targets ?? []).map((t) => ({
      deviceId: t.deviceId as number,
      pointId: t.pointId as number,
      value: t.value as TaskValue,
    })),
  };
}

/** The contract's verdict, each sentence at its form field: `schedule.every` is the form's `every`. */
export function taskProblems(body: TaskFields, lang: Lang): FieldProblem[] {
  return problemsOf(taskInput, body, lang).map((p) =>
    p.name[0] === 'schedule' && p.name.length > 1 ? { ...p, name: p.name.slice(1) } : p,
  );
}

export const intervalChoices = (unit: IntervalUnit | undefined): readonly number[] =>
  unit ? TASK_INTERVALS[unit] : [];
