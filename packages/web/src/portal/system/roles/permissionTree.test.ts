import { describe, expect, it } from 'vitest';
import type { FeatureGroup } from './api.ts';
import {
  codeKey,
  entriesAfter,
  featureKey,
  grantedKeys,
  grantsEverything,
  groupKey,
  groupsFor,
  setFeatureCodes,
  toggle,
  treeChecks,
} from './permissionTree.ts';

const code = (name: string, granted = false) => ({ code: name, name, granted });

const groups: FeatureGroup[] = [
  {
    key: 'portal:system',
    app: 'portal',
    name: 'System',
    children: [
      {
        key: '/system/user',
        path: '/system/user',
        name: 'Users',
        granted: true,
        all: false,
        codes: [code('view', true), code('edit'), code('runAs')],
      },
      {
        key: '/system/audit',
        path: '/system/audit',
        name: 'Audit',
        granted: true,
        all: true,
        codes: [code('view', true)],
      },
    ],
  },
  {
    key: 'mind:home',
    app: 'mind',
    name: 'Home',
    children: [
      { key: '/data/home', path: '/data/home', name: 'Home', granted: false, all: false, codes: [code('view')] },
    ],
  },
  {
    key: 'iot:monitoring',
    app: 'iot',
    name: 'Monitoring',
    children: [
      { key: '/iot/home', path: '/iot/home', name: 'Home', granted: false, all: false, codes: [code('view')] },
    ],
  },
];
const portal = groupsFor(groups, 'portal');
const anything = () => true;

describe('the permission editor', () => {
  it("edits a role on its own app's features and the portal's administration pages", () => {
    expect(groupsFor(groups, 'mind').map((g) => g.key)).toEqual(['portal:system', 'mind:home']);
    expect(portal.map((g) => g.key)).toEqual(['portal:system']);
  });

  it('starts from the codes the role grants', () => {
    expect(grantedKeys(groups)).toEqual([codeKey('/system/user', 'view'), codeKey('/system/audit', 'view')]);
  });

  it('ticks a feature when all its codes are, and half-ticks it and its group when some are', () => {
    expect(treeChecks(portal, grantedKeys(portal))).toEqual({
      checked: [featureKey('/system/audit')],
      halfChecked: [featureKey('/system/user'), groupKey('portal:system')],
    });
    const every = ['/system/user#view', '/system/user#edit', '/system/user#runAs', '/system/audit#view'];
    expect(treeChecks(portal, every).checked).toEqual([
      featureKey('/system/user'),
      featureKey('/system/audit'),
      groupKey('portal:system'),
    ]);
  });

  it('ticks every code under a box, except those the editor may not grant', () => {
    const mayGrant = (path: string, c: string) => !(path === '/system/user' && c === 'runAs');
    expect(toggle(portal, [], groupKey('portal:system'), true, mayGrant)).toEqual([
      '/system/user#view',
      '/system/user#edit',
      '/system/audit#view',
    ]);
    // Unticking leaves a code the editor could not have granted, as it was.
    const held = ['/system/user#runAs', '/system/user#view'];
    expect(toggle(portal, held, featureKey('/system/user'), false, mayGrant)).toEqual(['/system/user#runAs']);
  });

  it("sets one feature's codes from its row of checkboxes", () => {
    const users = portal[0]?.children[0];
    if (!users) throw new Error('the fixture has a users feature');
    expect(setFeatureCodes(['/system/user#view', '/system/audit#view'], users, ['edit', 'runAs'])).toEqual([
      '/system/audit#view',
      '/system/user#edit',
      '/system/user#runAs',
    ]);
  });

  it('turns ticked codes into one entry per feature, keeping what it did not show', () => {
    const before = [
      { path: '/system/user', perms: 'view' },
      { path: '/data/home', perms: 'view' },
    ];
    expect(entriesAfter(portal, ['/system/user#view', '/system/user#edit'], before)).toEqual([
      { path: '/data/home', perms: 'view' },
      { path: '/system/user', perms: 'view,edit' },
    ]);
  });

  it('drops a feature whose codes are all unticked', () => {
    expect(entriesAfter(portal, [], [{ path: '/system/audit', perms: 'view' }])).toEqual([]);
  });

  it('keeps `*` on a feature while all its codes stay ticked, and lists them once one is not', () => {
    const before = [{ path: '/system/user', perms: '*' }];
    const all = toggle(portal, [], featureKey('/system/user'), true, anything);
    expect(entriesAfter(portal, all, before)).toEqual([{ path: '/system/user', perms: '*' }]);
    expect(entriesAfter(portal, all.slice(0, 2), before)).toEqual([{ path: '/system/user', perms: 'view,edit' }]);
  });

  it('knows a role that grants everything', () => {
    expect(grantsEverything([{ path: '*', perms: '*' }])).toBe(true);
    expect(grantsEverything([{ path: '/system/user', perms: '*' }])).toBe(false);
  });
});
