import {
  type AlarmCondition,
  DEVICE_KINDS,
  type Lang,
  type LinkageValue,
  RANGE_KINDS,
  THRESHOLD_KINDS,
  type TriggerView,
  triggerInput,
} from '@meridian/contracts';
import type { TriggerFields } from './api.ts';
import { type FieldProblem, problemsOf } from './validate.ts';

/** Trigger Add/Edit's form values: the call's fields, with the empty inputs antd leaves as null. */
export interface TriggerFormValues {
  name?: string;
  scope?: TriggerView['scope'];
  deviceId?: number | null;
  templateId?: number | null;
  conditions?: Array<Partial<Record<keyof AlarmCondition, unknown>> & { kind?: AlarmCondition['kind'] }>;
  join?: TriggerView['join'];
  deadZone?: number | null;
  duration?: number | null;
  pushInterval?: number | null;
  alarmEnabled?: boolean;
  saveRule?: TriggerView['saveRule'];
  alarmContent?: string | null;
  restoreContent?: string | null;
  linkage?: { enabled?: boolean; pointId?: number | null; value?: LinkageValue | null };
  contactIds?: number[];
  groupIds?: number[];
}

/** A new trigger: one "greater than" condition, no dead zone, pushed once per alarm. */
export const NEW_TRIGGER: TriggerFormValues = {
  scope: 'device',
  conditions: [{ kind: 'gt' }],
  join: 'and',
  deadZone: 0,
  duration: 0,
  pushInterval: 0,
  alarmEnabled: true,
  saveRule: 'record',
  linkage: { enabled: false },
  contactIds: [],
  groupIds: [],
};

export function formValuesOf(trigger: TriggerView): TriggerFormValues {
  return {
    ...trigger,
    linkage: { enabled: trigger.linkage.enabled, pointId: trigger.linkage.pointId, value: trigger.linkage.value },
  };
}

const given = <T>(value: T | null | undefined): T | undefined => (value === null || value === '' ? undefined : value);
const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : undefined);

/**
 * The call's body from the form: only the fields a condition's kind uses, empty inputs left out so
 * that the contract's own "required" sentences speak, and the scope's other target dropped.
 */
export function payloadOf(values: TriggerFormValues): TriggerFields {
  const scope = values.scope ?? 'device';
  const conditions = (values.conditions ?? []).map((c) => {
    const kind = c.kind ?? 'gt';
    const number = (field: keyof AlarmCondition) => given(c[field] as number | null | undefined);
    return {
      kind,
      ...(DEVICE_KINDS.includes(kind) ? {} : { pointId: number('pointId') }),
      ...(THRESHOLD_KINDS.includes(kind) ? { value: number('value') } : {}),
      ...(RANGE_KINDS.includes(kind) ? { min: number('min'), max: number('max') } : {}),
      ...(kind === 'noData' ? { minutes: number('minutes') } : {}),
    };
  });
  const linkage = values.linkage?.enabled
    ? { enabled: true, pointId: given(values.linkage.pointId), value: given(values.linkage.value) }
    : { enabled: false };
  return {
    name: values.name?.trim() ?? '',
    scope,
    ...(scope === 'device' ? { deviceId: given(values.deviceId) } : { templateId: given(values.templateId) }),
    conditions: conditions as TriggerFields['conditions'],
    join: values.join ?? 'and',
    deadZone: given(values.deadZone) ?? 0,
    duration: given(values.duration) ?? 0,
    // Left empty, the push interval is missing: the contract says it is required.
    pushInterval: given(values.pushInterval) as number,
    alarmEnabled: values.alarmEnabled ?? true,
    saveRule: values.saveRule ?? 'record',
    alarmContent: text(values.alarmContent),
    restoreContent: text(values.restoreContent),
    linkage,
    contactIds: values.contactIds ?? [],
    groupIds: values.groupIds ?? [],
  };
}

/** The contract's verdict on a Trigger Add/Edit body, each sentence at its field. */
export const triggerProblems = (body: TriggerFields, lang: Lang): FieldProblem[] =>
  problemsOf(triggerInput, body, lang);
