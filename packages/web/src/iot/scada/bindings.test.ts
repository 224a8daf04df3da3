import { type ScadaElement, scadaElement } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { colourOf, labelText, visibleOf } from './bindings.ts';

const element = (change: Record<string, unknown>): ScadaElement =>
  scadaElement.parse({
    id: 'e',
    kind: 'lamp',
    x: 0,
    y: 0,
    width: 40,
    height: 40,
    rotation: 0,
    colour: '#1677ff',
    binding: { deviceId: 1, pointId: 2 },
    ...change,
  });

describe('what a bound point does to a component', () => {
  it('colours by switch state, keeping its own colour before a value arrives', () => {
    const lamp = element({ colourRule: { by: 'switch', on: '#52c41a', off: '#ff4d4f' } });
    expect([true, 1, '1'].map((v) => colourOf(lamp, v))).toEqual(['#52c41a', '#52c41a', '#52c41a']);
    expect([false, 0].map((v) => colourOf(lamp, v))).toEqual(['#ff4d4f', '#ff4d4f']);
    expect(colourOf(lamp, null)).toBe('#1677ff');
  });

  it('colours by the highest threshold reached, its own colour below the first', () => {
    const tank = element({
      colourRule: {
        by: 'threshold',
        steps: [
          { from: 80, colour: '#ff4d4f' },
          { from: 50, colour: '#faad14' },
        ],
      },
    });
    expect([10, 50, 79.9, 80, 120].map((v) => colourOf(tank, v))).toEqual([
      '#1677ff',
      '#faad14',
      '#faad14',
      '#ff4d4f',
      '#ff4d4f',
    ]);
    expect(colourOf(tank, 'n/a')).toBe('#1677ff');
  });

  it('shows a component only while its condition holds, and hides it until a value arrives', () => {
    const on = element({ visibleWhen: { when: 'on' } });
    expect([visibleOf(on, 1), visibleOf(on, false), visibleOf(on, null)]).toEqual([true, false, false]);
    expect(visibleOf(element({ visibleWhen: { when: 'off' } }), 0)).toBe(true);
    const high = element({ visibleWhen: { when: 'gt', value: 90 } });
    expect([visibleOf(high, 95), visibleOf(high, 90)]).toEqual([true, false]);
    expect(visibleOf(element({ visibleWhen: { when: 'lt', value: 5 } }), 3)).toBe(true);
    expect(visibleOf(element({ visibleWhen: { when: 'eq', value: 2 } }), '2')).toBe(true);
    expect(visibleOf(element({}), null)).toBe(true);
  });

  it('puts the value in a label’s text where it says {value}, or after it', () => {
    expect(labelText(element({ kind: 'label', text: 'Level {value} m' }), '3.2')).toBe('Level 3.2 m');
    expect(labelText(element({ kind: 'label', text: 'Level' }), '3.2')).toBe('Level 3.2');
    expect(labelText(element({ kind: 'label', text: 'Level {value}' }), null)).toBe('Level ');
    expect(labelText(element({ kind: 'label', text: 'Plain', binding: null }), '1')).toBe('Plain');
  });
});
