import { describe, expect, it } from 'vitest';
import type { MenuApp } from '../shell/api.ts';
import { thisWeek } from './api.ts';
import { shortcutsOf } from './Shortcuts.tsx';

const app = (appId: number): MenuApp => ({
  appId,
  appCode: `a${appId}`,
  appName: `App ${appId}`,
  publishUrl: `/jdp/data/p${appId}`,
  icon: null,
});

describe('the home page', () => {
  it("covers the reader's week from Monday 00:00 to the next Monday", () => {
    const sunday = new Date(2026, 10, 29, 22, 30);
    const { weekFrom, weekTo } = thisWeek(sunday);
    expect(new Date(weekFrom)).toEqual(new Date(2026, 10, 23));
    expect(new Date(weekTo)).toEqual(new Date(2026, 10, 30));
    expect(thisWeek(new Date(2026, 10, 30, 0, 0)).weekFrom).toBe(new Date(2026, 10, 30).getTime());
  });

  it('offers the most opened sidebar items first, then the sidebar order, eight at most', () => {
    const apps = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(app);
    const order = shortcutsOf(apps, [
      { appId: 7, clicks: 5 },
      { appId: 3, clicks: 9 },
      { appId: 99, clicks: 50 },
    ]).map((a) => a.appId);
    expect(order).toEqual([3, 7, 1, 2, 4, 5, 6, 8]);
  });
});
