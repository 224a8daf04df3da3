import { describe, expect, it } from 'vitest';
import type { FeatureGroup } from './api.ts';
import { codeKey, entriesAfter, grantedKeys, grantsEverything, groupsFor, treeOf } from './permissionTree.ts';

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

describe('the permission editor', () => {
  it("edits a role on its own app's features and the portal's administration pages", () => {
    expect(groupsFor(groups, 'mind').map((g) => g.key)).toEqual(['portal:system', 'mind:home']);
    expect(groupsFor(groups, 'portal').map((g) => g.key)).toEqual(['portal:system']);
  });

  it('ticks the codes the role grants', () => {
    expect(grantedKeys(groups)).toEqual([codeKey('/system/user', 'view'), codeKey('/system/audit', 'view')]);
  });

  it('locks the codes the editor may not grant', () => {
    const tree = treeOf(groups, (path, c) => path === '/system/user' && c !== 'runAs');
    const users = tree[0]?.children?.[0]?.children ?? [];
    expect(users.map((leaf) => [leaf.key, leaf.disableCheckbox])).toEqual([
      ['/system/user#view', false],
      ['/system/user#edit', false],
      ['/system/user#runAs', true],
    ]);
  });

  it('turns ticked codes into one entry per feature, keeping what it did not show', () => {
    const shown = groupsFor(groups, 'portal');
    const before = [
      { path: '/system/user', perms: 'view' },
      { path: '/data/home', perms: 'view' },
    ];
    const ticked = [
      'group:portal:system',
      'feature:/system/user',
      codeKey('/system/user', 'view'),
      '/system/user#edit',
    ];
    expect(entriesAfter(shown, ticked, before)).toEqual([
      { path: '/data/home', perms: 'view' },
      { path: '/system/user', perms: 'view,edit' },
    ]);
  });

  it('drops a feature whose codes are all unticked', () => {
    expect(entriesAfter(groupsFor(groups, 'portal'), [], [{ path: '/system/audit', perms: 'view' }])).toEqual([]);
  });

  it('keeps `*` on a feature while all its codes stay ticked, and lists them once one is not', () => {
    const shown = groupsFor(groups, 'portal');
    const before = [{ path: '/system/user', perms: '*' }];
    const all = ['/system/user#view', '/system/user#edit', '/system/user#runAs'];
    expect(entriesAfter(shown, all, before)).toEqual([{ path: '/system/user', perms: '*' }]);
    expect(entriesAfter(shown, all.slice(0, 2), before)).toEqual([{ path: '/system/user', perms: 'view,edit' }]);
  });

  it('knows a role that grants everything', () => {
    expect(grantsEverything([{ path: '*', perms: '*' }])).toBe(true);
    expect(grantsEverything([{ path: '/system/user', perms: '*' }])).toBe(false);
  });
});
