import type { PermissionEntry, RoleApp } from '@meridian/contracts';
import type { FeatureGroup } from './api.ts';

/** A node of the permission editor's tree: a group, a feature (page) or one of its codes. */
export interface PermissionNode {
  key: string;
  title: string;
  disableCheckbox?: boolean;
  children?: PermissionNode[];
}

/** The tree key of one code of a feature: only these leaves carry a grant. */
export const codeKey = (path: string, code: string) => `${path}#${code}`;

const isCodeKey = (key: string) => key.includes('#');

/**
 * The groups a role of `app` is edited on: its own app's features and the portal's administration
 * pages, which a role of any app may open (a school administrator manages users too).
 */
export function groupsFor(groups: FeatureGroup[], app: RoleApp): FeatureGroup[] {
  return groups.filter((group) => group.app === app || group.app === 'portal');
}

/** Whether entries grant everything (`*` on `*`): such a role is not narrowed feature by feature. */
export const grantsEverything = (entries: readonly PermissionEntry[]) =>
  entries.some((entry) => entry.path === '*' && entry.perms.split(',').includes('*'));

/**
 * The tree of groups, features and codes. A code the editor's own role does not hold cannot be
 * ticked (the server refuses to grant more than the granter has).
 */
export function treeOf(groups: FeatureGroup[], mayGrant: (path: string, code: string) => boolean): PermissionNode[] {
  return groups.map((group) => ({
    key: `group:${group.key}`,
    title: group.name,
    children: group.children.map((feature) => ({
      key: `feature:${feature.path}`,
      title: feature.name,
      children: feature.codes.map((code) => ({
        key: codeKey(feature.path, code.code),
        title: code.name,
        disableCheckbox: !mayGrant(feature.path, code.code),
      })),
    })),
  }));
}

/** The code leaves the role grants now. */
export function grantedKeys(groups: FeatureGroup[]): string[] {
  return groups.flatMap((group) =>
    group.children.flatMap((feature) =>
      feature.codes.filter((code) => code.granted).map((code) => codeKey(feature.path, code.code)),
    ),
  );
}

/**
 * The role's entries after editing: one per feature with ticked codes, and every entry of a
 * feature the editor did not show kept as it was (`role/update` replaces them all). A feature
 * that held `*` and still has every code ticked keeps `*`, so that codes a later release adds
 * stay granted.
 */
export function entriesAfter(
  groups: FeatureGroup[],
  checked: readonly string[],
  before: readonly PermissionEntry[],
): PermissionEntry[] {
  const ticked = new Set(checked.filter(isCodeKey));
  const features = groups.flatMap((group) => group.children);
  const shown = new Set(features.map((feature) => feature.path));
  const edited = features.flatMap((feature) => {
    const codes = feature.codes.filter((code) => ticked.has(codeKey(feature.path, code.code))).map((c) => c.code);
    if (codes.length === 0) return [];
    const had = before.find((entry) => entry.path === feature.path);
    const keepsAll = codes.length === feature.codes.length && had?.perms.split(',').includes('*');
    return [{ path: feature.path, perms: keepsAll ? '*' : codes.join(',') }];
  });
  return [...before.filter((entry) => !shown.has(entry.path)), ...edited];
}
