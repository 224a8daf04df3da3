import { describe, expect, it } from 'vitest';
import type { SubUserNode } from './api.ts';
import { idsWithChildren, rowsOf, withRight } from './rules.ts';

const none = { view: false, edit: false, delete: false };

describe('device rights on a sub-user', () => {
  it('ticks view with edit or delete, and clears edit and delete with view', () => {
    expect(withRight(none, 'edit', true)).toEqual({ view: true, edit: true, delete: false });
    expect(withRight(none, 'delete', true)).toEqual({ view: true, edit: false, delete: true });
    expect(withRight({ view: true, edit: true, delete: true }, 'view', false)).toEqual(none);
    // Clearing edit keeps the view that was given.
    expect(withRight({ view: true, edit: true, delete: false }, 'edit', false)).toEqual({
      view: true,
      edit: false,
      delete: false,
    });
    expect(withRight(none, 'view', true)).toEqual({ view: true, edit: false, delete: false });
  });
});

const node = (id: number, account: string, children: SubUserNode[] = []): SubUserNode => ({
  id,
  account,
  nickname: `${account} name`,
  userType: id === 1 ? 'main' : 'sub',
  status: 'enabled',
  phone: id === 3 ? '13800138003' : null,
  remark: null,
  createdAt: 0,
  children,
});

const tree = [node(1, 'owner', [node(2, 'foreman', [node(3, 'fitter')]), node(4, 'clerk')])];
const accounts = (rows: ReturnType<typeof rowsOf>): string[] =>
  rows.flatMap((row) => [row.account, ...accounts(row.children ?? [])]);

describe('the account tree as drawn', () => {
  it('draws leaves without children and opens every branch', () => {
    const rows = rowsOf(tree, undefined);
    expect(accounts(rows)).toEqual(['owner', 'foreman', 'fitter', 'clerk']);
    expect(rows[0]?.children?.[1]?.children).toBeUndefined();
    expect(idsWithChildren(rows)).toEqual([1, 2]);
  });

  it('keeps the matching users, the accounts above them and everyone below them', () => {
    expect(accounts(rowsOf(tree, 'fitter'))).toEqual(['owner', 'foreman', 'fitter']);
    expect(accounts(rowsOf(tree, '13800138003'))).toEqual(['owner', 'foreman', 'fitter']);
    expect(accounts(rowsOf(tree, 'foreman'))).toEqual(['owner', 'foreman', 'fitter']);
    expect(accounts(rowsOf(tree, 'nobody'))).toEqual([]);
  });
});
