import { describe, expect, it } from 'vitest';
import { clock, localized } from './text.ts';

describe('localized', () => {
  it('reads the wanted language, else the other one', () => {
    expect(localized({ 'zh-CN': '中', en: 'En' }, 'en')).toBe('En');
    expect(localized({ 'zh-CN': '中' }, 'en')).toBe('中');
    expect(localized({ en: 'En' }, 'zh-CN')).toBe('En');
    expect(localized(null, 'en')).toBe('');
  });
});

describe('clock', () => {
  it('shows minutes and seconds left, never below zero', () => {
    expect(clock(65_000)).toBe('1:05');
    expect(clock(599_001)).toBe('10:00');
    expect(clock(-5)).toBe('0:00');
  });
});
