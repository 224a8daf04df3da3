import { translate } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { NEW_TRIGGER, payloadOf, type TriggerFormValues, triggerProblems } from './triggerValues.ts';
import { changedPaths } from './validate.ts';

const zh = (key: string, params?: Record<string, string | number>) => translate(key, 'zh-CN', params);
const en = (key: string, params?: Record<string, string | number>) => translate(key, 'en', params);

/** A trigger a user would save: pressure above 100 on device 7, dead zone 10, pushed once. */
const good: TriggerFormValues = {
  ...NEW_TRIGGER,
  name: '压力过高',
  deviceId: 7,
  conditions: [{ kind: 'gt', pointId: 3, value: 100 }],
  deadZone: 10,
  pushInterval: 0,
};

const problemsOf = (values: TriggerFormValues, lang: 'zh-CN' | 'en' = 'zh-CN') =>
  triggerProblems(payloadOf(values), lang).map((p) => ({ field: p.name.join('.'), message: p.message }));

describe('Trigger Add/Edit: the body sent', () => {
  it('sends only what the condition kind uses, the scope target, and trimmed texts', () => {
    const body = payloadOf({
      ...good,
      name: '  压力过高 ',
      scope: 'template',
      templateId: 4,
      conditions: [
        { kind: 'between', pointId: 3, value: 9, min: 1, max: 5, minutes: 3 },
        { kind: 'offline', pointId: 3 },
        { kind: 'noData', minutes: 10 },
      ],
      alarmContent: '   ',
      restoreContent: ' {device} 已恢复 ',
    });
    expect(body).toMatchObject({
      name: '压力过高',
      scope: 'template',
      templateId: 4,
      conditions: [
        { kind: 'between', pointId: 3, min: 1, max: 5 },
        { kind: 'offline' },
        { kind: 'noData', minutes: 10 },
      ],
      alarmContent: undefined,
      restoreContent: '{device} 已恢复',
    });
    expect(body).not.toHaveProperty('deviceId');
    expect(body.conditions[0]).not.toHaveProperty('value');
    expect(body.conditions[1]).not.toHaveProperty('pointId');
  });

  it('sends linkage only when it is on', () => {
    expect(payloadOf({ ...good, linkage: { enabled: false, pointId: 5, value: 1 } }).linkage).toEqual({
      enabled: false,
    });
    expect(payloadOf({ ...good, linkage: { enabled: true, pointId: 5, value: false } }).linkage).toEqual({
      enabled: true,
      pointId: 5,
      value: false,
    });
  });

  it('accepts a well-formed trigger', () => {
    expect(problemsOf(good)).toEqual([]);
  });
});

describe("Trigger Add/Edit: the contract's sentences at their fields", () => {
  it('refuses a dead zone below 0', () => {
    expect(problemsOf({ ...good, deadZone: -1 })).toEqual([{ field: 'deadZone', message: zh('alarm.deadZone.min') }]);
    expect(problemsOf({ ...good, deadZone: -1 }, 'en')).toEqual([
      { field: 'deadZone', message: en('alarm.deadZone.min') },
    ]);
  });

  it('requires the push interval, not negative, at most a day', () => {
    expect(problemsOf({ ...good, pushInterval: null })).toEqual([
      { field: 'pushInterval', message: zh('alarm.pushInterval.required') },
    ]);
    expect(problemsOf({ ...good, pushInterval: -5 })).toEqual([
      { field: 'pushInterval', message: zh('alarm.pushInterval.min') },
    ]);
    expect(problemsOf({ ...good, pushInterval: 1441 })).toEqual([
      { field: 'pushInterval', message: zh('alarm.pushInterval.max', { max: 1440 }) },
    ]);
  });

  it('names the condition field that is missing or wrong', () => {
    expect(problemsOf({ ...good, conditions: [{ kind: 'gt', value: 1 }] })).toEqual([
      { field: 'conditions.0.pointId', message: zh('alarm.condition.pointRequired') },
    ]);
    expect(problemsOf({ ...good, conditions: [{ kind: 'lt', pointId: 3, value: null }] })).toEqual([
      { field: 'conditions.0.value', message: zh('alarm.condition.valueRequired') },
    ]);
    expect(problemsOf({ ...good, conditions: [{ kind: 'outside', pointId: 3, min: 5, max: 1 }] })).toEqual([
      { field: 'conditions.0.max', message: zh('alarm.condition.rangeOrder') },
    ]);
    expect(problemsOf({ ...good, conditions: [{ kind: 'between', pointId: 3, min: 5 }] })).toEqual([
      { field: 'conditions.0.min', message: zh('alarm.condition.rangeRequired') },
    ]);
    expect(problemsOf({ ...good, conditions: [{ kind: 'noData' }] })).toEqual([
      { field: 'conditions.0.minutes', message: zh('alarm.condition.minutesRequired') },
    ]);
  });

  it('wants one to five conditions', () => {
    expect(problemsOf({ ...good, conditions: [] })).toEqual([
      { field: 'conditions', message: zh('alarm.conditions.required') },
    ]);
    const six = Array.from({ length: 6 }, () => ({ kind: 'gt' as const, pointId: 3, value: 1 }));
    expect(problemsOf({ ...good, conditions: six })).toEqual([
      { field: 'conditions', message: zh('alarm.conditions.tooMany', { max: 5 }) },
    ]);
  });

  it('wants the device or the template of the scope, a name, and short push texts', () => {
    expect(problemsOf({ ...good, deviceId: null })).toEqual([
      { field: 'deviceId', message: zh('alarm.trigger.deviceRequired') },
    ]);
    expect(problemsOf({ ...good, scope: 'template', templateId: undefined })).toEqual([
      { field: 'templateId', message: zh('alarm.trigger.templateRequired') },
    ]);
    expect(problemsOf({ ...good, name: '  ' })).toEqual([{ field: 'name', message: zh('v.required') }]);
    expect(problemsOf({ ...good, name: 'x'.repeat(51) })).toEqual([
      { field: 'name', message: zh('alarm.name.max', { max: 50 }) },
    ]);
    expect(problemsOf({ ...good, alarmContent: 'x'.repeat(201) })).toEqual([
      { field: 'alarmContent', message: zh('alarm.content.max', { max: 200 }) },
    ]);
  });

  it("refuses linkage without the alarm, in the spec's words, and linkage without a point or value", () => {
    expect(problemsOf({ ...good, alarmEnabled: false, linkage: { enabled: true, pointId: 5, value: 1 } })).toEqual([
      { field: 'linkage.enabled', message: '报警未启用，无法启用联动' },
    ]);
    expect(problemsOf({ ...good, linkage: { enabled: true } })).toEqual([
      { field: 'linkage.pointId', message: zh('alarm.linkage.pointRequired') },
      { field: 'linkage.value', message: zh('alarm.linkage.valueRequired') },
    ]);
  });
});

describe('clearing the messages of what the user changed', () => {
  it('reaches into list rows', () => {
    expect(changedPaths({ conditions: [undefined, { value: 3 }] })).toEqual([
      ['conditions'],
      ['conditions', 1],
      ['conditions', 1, 'value'],
    ]);
    expect(changedPaths({ linkage: { enabled: true }, name: 'x' })).toEqual([
      ['linkage'],
      ['linkage', 'enabled'],
      ['name'],
    ]);
  });
});
