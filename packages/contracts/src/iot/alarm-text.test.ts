import { describe, expect, it } from 'vitest';
import { type AlarmFacts, alarmText, conditionsText, conditionText } from './alarm-text.ts';

const temperature = { id: 7, name: '温度', unit: '℃' };
const pump = { id: 8, name: 'Pump', unit: null };

describe('conditionText', () => {
  it('names the point, the operator, the threshold with its unit and the dead zone', () => {
    const c = { kind: 'gt', pointId: 7, value: 30 } as const;
    expect(conditionText(c, temperature, 2, 'zh-CN')).toBe('温度 > 30 ℃ (死区 2)');
    expect(conditionText(c, { name: 'Temperature', unit: '℃' }, 2, 'en')).toBe('Temperature > 30 ℃ (dead zone 2)');
    expect(conditionText({ kind: 'lt', pointId: 7, value: -5 }, temperature, 0, 'zh-CN')).toBe('温度 < -5 ℃');
    expect(conditionText({ kind: 'eq', pointId: 7, value: 1 }, temperature, 0.5, 'en')).toBe(
      '温度 = 1 ℃ (dead zone 0.5)',
    );
    // Not equal has no dead zone to show.
    expect(conditionText({ kind: 'ne', pointId: 7, value: 0 }, temperature, 2, 'en')).toBe('温度 ≠ 0 ℃');
  });

  it('shows both bounds of a range', () => {
    const between = { kind: 'between', pointId: 7, min: 10, max: 30 } as const;
    expect(conditionText(between, temperature, 0, 'zh-CN')).toBe('温度 在 10 ℃ ~ 30 ℃ 之间');
    expect(conditionText(between, { name: 'Temperature', unit: '℃' }, 1, 'en')).toBe(
      'Temperature between 10 ℃ and 30 ℃ (dead zone 1)',
    );
    const outside = { kind: 'outside', pointId: 7, min: 10, max: 30 } as const;
    expect(conditionText(outside, temperature, 2, 'zh-CN')).toBe('温度 < 10 ℃ 或 > 30 ℃ (死区 2)');
    expect(conditionText(outside, { name: 'Temperature', unit: null }, 0, 'en')).toBe('Temperature < 10 or > 30');
  });

  it('reads switches, offline and silence naturally, without a dead zone', () => {
    expect(conditionText({ kind: 'switchOn', pointId: 8 }, pump, 2, 'en')).toBe('Pump is on');
    expect(conditionText({ kind: 'switchOff', pointId: 8 }, { name: '水泵', unit: null }, 2, 'zh-CN')).toBe(
      '水泵 关闭',
    );
    expect(conditionText({ kind: 'offline' }, undefined, 2, 'en')).toBe('Device offline');
    expect(conditionText({ kind: 'offline' }, undefined, 2, 'zh-CN')).toBe('设备离线');
    expect(conditionText({ kind: 'noData', minutes: 5 }, undefined, 0, 'en')).toBe('No data for 5 minutes');
    expect(conditionText({ kind: 'noData', minutes: 5 }, undefined, 0, 'zh-CN')).toBe('5 分钟无数据');
  });

  it('names a deleted point by its id, and leaves the point out when asked', () => {
    expect(conditionText({ kind: 'gt', pointId: 99, value: 1 }, undefined, 0, 'en')).toBe('Deleted data point 99 > 1');
    expect(conditionText({ kind: 'gt', pointId: 7, value: 30 }, temperature, 2, 'en', { withPoint: false })).toBe(
      '> 30 ℃ (dead zone 2)',
    );
  });

  it('joins a trigger’s conditions with AND or OR', () => {
    const conditions = [
      { kind: 'gt', pointId: 7, value: 30 },
      { kind: 'switchOn', pointId: 8 },
    ] as const;
    expect(conditionsText(conditions, 'and', [temperature, pump], 2, 'zh-CN')).toBe(
      '温度 > 30 ℃ (死区 2) 且 Pump 打开',
    );
    expect(conditionsText(conditions, 'or', [temperature, pump], 0, 'en')).toBe('温度 > 30 ℃ OR Pump is on');
  });
});

describe('alarmText', () => {
  const fired: AlarmFacts = {
    kind: 'alarm',
    trigger: 'Too hot',
    device: 'Boiler',
    pointId: 7,
    point: 'Temperature',
    unit: '℃',
    condition: { kind: 'gt', pointId: 7, value: 100 },
    deadZone: 2,
    value: '105.5',
    text: null,
  };
  const time = '2026-03-01 08:30:00';

  it('writes the default sentence in the reader’s language, with the condition that fired', () => {
    expect(alarmText(fired, 'en', time)).toBe(
      'Boiler Temperature alarm: value 105.5 ℃, condition > 100 ℃ (dead zone 2)',
    );
    expect(alarmText(fired, 'zh-CN', time)).toBe('Boiler Temperature 报警，当前值 105.5 ℃，条件 > 100 ℃ (死区 2)');
    expect(alarmText({ ...fired, kind: 'restore', value: '97' }, 'en', time)).toBe(
      'Boiler Temperature restored, value 97 ℃',
    );
    expect(alarmText({ ...fired, kind: 'restore', value: '97' }, 'zh-CN', time)).toBe(
      'Boiler Temperature 已恢复，当前值 97 ℃',
    );
  });

  it('words device conditions', () => {
    const offline = { ...fired, pointId: null, point: null, unit: null, value: null, condition: { kind: 'offline' } };
    expect(alarmText(offline as AlarmFacts, 'zh-CN', time)).toBe('Boiler 离线');
    expect(alarmText(offline as AlarmFacts, 'en', time)).toBe('Boiler is offline');
    expect(alarmText({ ...(offline as AlarmFacts), kind: 'restore' }, 'en', time)).toBe('Boiler restored');
    const silent = { ...offline, condition: { kind: 'noData', minutes: 5 } } as AlarmFacts;
    expect(alarmText(silent, 'zh-CN', time)).toBe('Boiler 超过 5 分钟无数据');
    expect(alarmText(silent, 'en', time)).toBe('Boiler sent no data for 5 minutes');
  });

  it('keeps the trigger’s own push content in its owner’s words, placeholders filled', () => {
    const own = { ...fired, text: '{device} 压力 {value} kPa，超过 100 ({trigger}, {time})' };
    expect(alarmText(own, 'en', time)).toBe(`Boiler 压力 105.5 kPa，超过 100 (Too hot, ${time})`);
    expect(alarmText(own, 'zh-CN', time)).toBe(`Boiler 压力 105.5 kPa，超过 100 (Too hot, ${time})`);
  });
});
