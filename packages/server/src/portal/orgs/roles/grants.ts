import { featureAt, hasPermission, type PermissionEntry, type PointPermission } from '@meridian/contracts';
import type { RuleBroken } from '../../../platform/http/errors.ts';

const codesOf = (perms: string) => [
  ...new Set(
    perms
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean),
  ),
];

/** Checks a role's entries against the feature catalogue: known paths, and codes each feature has. */
export function checkEntries(entries: readonly PermissionEntry[]): RuleBroken[] {
  const broken: RuleBroken[] = [];
  entries.forEach((entry, i) => {
    const field = `perms[${i}].perms`;
    if (entry.path === '*') {
      if (entry.perms !== '*')
        broken.push({ field, key: 'role.unknownCode', params: { path: '*', code: entry.perms } });
      return;
    }
    const feature = featureAt(entry.path);
    if (!feature) {
      broken.push({ field: `perms[${i}].path`, key: 'role.unknownPath', params: { path: entry.path } });
      return;
    }
    for (const code of codesOf(entry.perms)) {
      if (code !== '*' && !feature.codes.includes(code)) {
        broken.push({ field, key: 'role.unknownCode', params: { path: entry.path, code } });
      }
    }
  });
  return broken;
}

/** One entry per path, each code once, `*` standing alone: the form roles are stored in. */
export function normaliseEntries(entries: readonly PermissionEntry[]): PermissionEntry[] {
  const byPath = new Map<string, Set<string>>();
  for (const entry of entries) {
    const codes = byPath.get(entry.path) ?? new Set<string>();
    for (const code of codesOf(entry.perms)) codes.add(code);
    byPath.set(entry.path, codes);
  }
  return [...byPath.entries()]
    .filter(([, codes]) => codes.size > 0)
    .map(([path, codes]) => ({ path, perms: codes.has('*') ? '*' : [...codes].sort().join(',') }));
}

/**
 * The grants among `entries` that the caller's own permissions do not hold: an administrator may
 * hand on what they have, never more (no privilege escalation).
 */
export function beyondCaller(
  caller: readonly PermissionEntry[],
  entries: readonly PermissionEntry[],
): PermissionEntry[] {
  return entries.filter((entry) => codesOf(entry.perms).some((code) => !hasPermission(caller, entry.path, code)));
}

/** Menu permissions name Device Cloud pages of the catalogue. */
export function checkMenus(menus: readonly string[]): RuleBroken[] {
  return menus.flatMap((path, i) =>
    featureAt(path)?.app === 'iot'
      ? []
      : [{ field: `menuPerms[${i}]`, key: 'role.menuNotIot' as const, params: { path } }],
  );
}

/** A data point is granted once per role. */
export function checkPoints(points: readonly PointPermission[]): RuleBroken[] {
  const seen = new Set<string>();
  return points.flatMap((point, i) => {
    const key = `${point.templateId}/${point.pointKey}`;
    if (!seen.has(key)) {
      seen.add(key);
      return [];
    }
    return [
      {
        field: `pointPerms[${i}]`,
        key: 'role.pointDuplicate' as const,
        params: { templateId: point.templateId, pointKey: point.pointKey },
      },
    ];
  });
}
