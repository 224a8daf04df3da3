import type { Rights, SubUserNode } from './api.ts';

/** What the Subordinate User page works out for itself: the tree as drawn, and rights that go together. */

export const NO_RIGHTS: Rights = { view: false, edit: false, delete: false };

/** Edit or delete without view means nothing, so ticking either ticks view, and clearing view clears both. */
export function withRight(current: Rights, right: keyof Rights, on: boolean): Rights {
  if (right === 'view') return on ? { ...current, view: true } : NO_RIGHTS;
  return { ...current, [right]: on, view: on ? true : current.view };
}

/** A tree row: a leaf has no `children`, so the table draws no expand button for it. */
export type TreeRow = Omit<SubUserNode, 'children'> & { children?: TreeRow[] };

const matches = (node: SubUserNode, keyword: string) =>
  [node.account, node.nickname, node.phone ?? ''].some((text) => text.toLowerCase().includes(keyword));

/**
 * The account tree as the table draws it. With a keyword (lower case): the users who match, with
 * everyone below them, and the accounts on the way down to them.
 */
export function rowsOf(nodes: SubUserNode[], keyword: string | undefined): TreeRow[] {
  return nodes.flatMap((node) => {
    const whole = keyword === undefined || matches(node, keyword);
    const children = rowsOf(node.children, whole ? undefined : keyword);
    if (!whole && children.length === 0) return [];
    return [{ ...node, children: children.length ? children : undefined }];
  });
}

/** The rows that can open: every row with children (the tree starts fully open). */
export const idsWithChildren = (rows: TreeRow[]): number[] =>
  rows.flatMap((row) => (row.children ? [row.id, ...idsWithChildren(row.children)] : []));
