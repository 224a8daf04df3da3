import type { PermissionEntry, RoleApp } from '@meridian/contracts';
import type { FeatureGroup, FeatureNode } from './api.ts';

/** The key of one code of a feature in the editor's state: only codes carry a grant. */
export const codeKey = (path: string, code: string) => `${path}#${code}`;
export const featureKey = (path: string) => `feature:${path}`;
export const groupKey = (key: string) => `group:${key}`;

type MayGrant = (path: string, code: string) => boolean;

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

/** The codes the role grants now. */
export function grantedKeys(groups: FeatureGroup[]): string[] {
  return groups.flatMap((group) =>
    group.children.flatMap((feature) =>
      feature.codes.filter((code) => code.granted).map((code) => codeKey(feature.path, code.code)),
    ),
  );
}

/** The codes of `feature` that are ticked. */
export const tickedCodes = (feature: FeatureNode, ticked: readonly string[]) =>
  feature.codes.filter((code) => ticked.includes(codeKey(feature.path, code.code))).map((code) => code.code);

/**
 * The tree's own boxes, one per group and per feature: ticked when every code below is,
 * half-ticked when some are.
 */
export function treeChecks(groups: FeatureGroup[], ticked: readonly string[]) {
  const checked: string[] = [];
  const halfChecked: string[] = [];
  const mark = (key: string, some: number, all: number) => {
    if (some > 0 && some === all) checked.push(key);
    else if (some > 0) halfChecked.push(key);
  };
  for (const group of groups) {
    let some = 0;
    let all = 0;
    for (const feature of group.children) {
      const count = tickedCodes(feature, ticked).length;
      mark(featureKey(feature.path), count, feature.codes.length);
      some += count;
      all += feature.codes.length;
    }
    mark(groupKey(group.key), some, all);
  }
  return { checked, halfChecked };
}

/**
 * Ticks or unticks every code under a tree box (a group or a feature). Codes the editor may not
 * grant keep their state: the box cannot hand them out, nor take them away unseen.
 */
export function toggle(
  groups: FeatureGroup[],
  ticked: readonly string[],
  key: string,
  on: boolean,
  mayGrant: MayGrant,
): string[] {
  const features = groups.flatMap((group) =>
    groupKey(group.key) === key ? group.children : group.children.filter((f) => featureKey(f.path) === key),
  );
  const keys = features.flatMap((feature) =>
    feature.codes.filter((code) => mayGrant(feature.path, code.code)).map((code) => codeKey(feature.path, code.code)),
  );
  const rest = ticked.filter((k) => !keys.includes(k));
  return on ? [...rest, ...keys] : rest;
}

/** Sets the ticked codes of one feature, as its row of checkboxes says. */
export function setFeatureCodes(ticked: readonly string[], feature: FeatureNode, codes: readonly string[]): string[] {
  const own = new Set(feature.codes.map((code) => codeKey(feature.path, code.code)));
  return [...ticked.filter((k) => !own.has(k)), ...codes.map((code) => codeKey(feature.path, code))];
}

/**
 * The role's entries after editing: one per feature with ticked codes, and every entry of a
 * feature the editor did not show kept as it was (`role/update` replaces them all). A feature
 * that held `*` and still has every code ticked keeps `*`, so that codes a later release adds
 * stay granted.
 */
export function entriesAfter(
  groups: FeatureGroup[],
  ticked: readonly string[],
  before: readonly PermissionEntry[],
): PermissionEntry[] {
  const features = groups.flatMap((group) => group.children);
  const shown = new Set(features.map((feature) => feature.path));
  const edited = features.flatMap((feature) => {
    const codes = tickedCodes(feature, ticked);
    if (codes.length === 0) return [];
    const had = before.find((entry) => entry.path === feature.path);
    const keepsAll = codes.length === feature.codes.length && had?.perms.split(',').includes('*');
    return [{ path: feature.path, perms: keepsAll ? '*' : codes.join(',') }];
  });
  return [...before.filter((entry) => !shown.has(entry.path)), ...edited];
}
