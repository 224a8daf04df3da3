import { MIND_MENU_PAGES } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { BUILT_DATA_PAGES } from './builtPages.ts';
import { REACHED_FROM, routeName } from './routeTable.ts';
import { TAB_GROUPS } from './tabs.ts';

const built = Object.keys(BUILT_DATA_PAGES).map(routeName);
const inMenu = new Set(Object.keys(MIND_MENU_PAGES));

/** The tab groups a menu item opens: their other tabs (and the pages they include) are a click away. */
const tabbed = new Set(
  TAB_GROUPS.filter((g) => g.tabs.some((tab) => inMenu.has(tab.route))).flatMap((g) =>
    g.tabs.flatMap((tab) => [tab.route, ...(tab.includes ?? [])]),
  ),
);

describe('the pages the sidebar leads to (decision 0066)', () => {
  it('are all built: no menu item opens a "coming" page', () => {
    for (const page of inMenu) expect(built, page).toContain(page);
  });

  it('reach every built page: by a menu item, a tab beside one, or a link on the list it belongs to', () => {
    const unreachable = built.filter(
      (page) => ![page, REACHED_FROM[page] ?? ''].some((p) => inMenu.has(p) || tabbed.has(p)),
    );
    expect(unreachable).toEqual([]);
  });
});
