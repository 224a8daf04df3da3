import { describe, expect, it } from 'vitest';
import { chartNumber, historyOption, onlineRateOption, percent, quickRange } from './history.ts';

describe('the Historical Data chart', () => {
  it('reaches back the quick range from now', () => {
    const now = Date.UTC(2026, 0, 31, 12);
    expect(quickRange('1h', now)).toEqual({ from: now - 3_600_000, to: now });
    expect(quickRange('24h', now).from).toBe(now - 86_400_000);
    expect(quickRange('7d', now).from).toBe(now - 7 * 86_400_000);
    expect(quickRange('30d', now).from).toBe(now - 30 * 86_400_000);
  });

  it('charts numbers and switches, and leaves text out', () => {
    expect(chartNumber(21.5)).toBe(21.5);
    expect(chartNumber(true)).toBe(1);
    expect(chartNumber('false')).toBe(0);
    expect(chartNumber('116.4,39.9')).toBeNull();
    expect(chartNumber(null)).toBeNull();
  });

  it('draws one named line per point with its unit, zoomable', () => {
    const option = historyOption({
      from: 0,
      to: 10,
      series: [
        { pointId: 1, name: 'Temperature', unit: '°C', downsampled: false, data: [{ at: 1, value: 20 }] },
        { pointId: 2, name: 'Pump', unit: null, downsampled: true, data: [{ at: 2, value: 1, min: 0, max: 1 }] },
      ],
    });
    expect(option.series.map((s) => s.name)).toEqual(['Temperature (°C)', 'Pump']);
    expect(option.series[0]?.data).toEqual([[1, 20]]);
    expect(option.dataZoom.map((z) => z.type)).toEqual(['inside', 'slider']);
  });

  it('shows the online rate per day in percent', () => {
    const option = onlineRateOption(
      { deviceId: 1, rate: 0.5, days: [{ day: '2026-01-01', onlineMs: 43_200_000, rate: 0.5 }] },
      'Online rate',
    );
    expect(option.xAxis.data).toEqual(['2026-01-01']);
    expect(option.series[0]?.data).toEqual([50]);
    expect(percent(0.97314)).toBe('97.3%');
    expect(percent(0.0002)).toBe('<0.1%');
    expect(percent(0)).toBe('0%');
  });
});
