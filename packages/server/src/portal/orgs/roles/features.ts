import {
  FEATURE_GROUP_NAMES,
  FEATURES,
  type FeatureDef,
  hasPermission,
  PERMISSION_CODE_NAMES,
  type PermissionEntry,
  ROLE_APP_NAMES,
  ROLE_APPS,
  type RoleApp,
} from '@meridian/contracts';
import { permissionsOfRole } from '../../access/repository.ts';
import { scopeOf } from '../../access/scope.ts';
import type { Actor } from '../actor.ts';
import { visibleRole } from './service.ts';

async function grantsOf(actor: Actor, roleId: number | undefined): Promise<PermissionEntry[]> {
  if (roleId === undefined) return [];
  const scope = await scopeOf(actor.db, actor.auth);
  return permissionsOfRole(actor.db, (await visibleRole(actor, scope, roleId)).id);
}

interface FeatureNode {
  key: string;
  path: string;
  name: string;
  granted: boolean;
  all: boolean;
  codes: Array<{ code: string; name: string; granted: boolean }>;
}

const grantedCodes = (grants: PermissionEntry[], feature: FeatureDef) =>
  feature.codes.filter((code) => hasPermission(grants, feature.path, code));

/**
 * The features of an app (or of all), grouped as the role editor shows them, each code marked
 * when the role grants it.
 */
export async function featureTree(actor: Actor, app: RoleApp | undefined, roleId: number | undefined) {
  const grants = await grantsOf(actor, roleId);
  const groups = new Map<string, { key: string; app: RoleApp; name: string; children: FeatureNode[] }>();
  for (const feature of FEATURES.filter((f) => app === undefined || f.app === app)) {
    const key = `${feature.app}:${feature.group}`;
    const group = groups.get(key) ?? {
      key,
      app: feature.app,
      name: FEATURE_GROUP_NAMES[feature.group]?.[actor.lang] ?? feature.group,
      children: [],
    };
    const granted = grantedCodes(grants, feature);
    group.children.push({
      key: feature.path,
      path: feature.path,
      name: feature.name[actor.lang],
      granted: granted.length > 0,
      all: granted.length === feature.codes.length,
      codes: feature.codes.map((code) => ({
        code,
        name: PERMISSION_CODE_NAMES[code]?.[actor.lang] ?? code,
        granted: granted.includes(code),
      })),
    });
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** Per app, how many of its features the role grants anything on. */
export async function permsAppCount(actor: Actor, roleId: number) {
  const grants = await grantsOf(actor, roleId);
  return ROLE_APPS.map((app) => {
    const features = FEATURES.filter((f) => f.app === app);
    return {
      app,
      name: ROLE_APP_NAMES[app][actor.lang],
      granted: features.filter((f) => grantedCodes(grants, f).length > 0).length,
      total: features.length,
    };
  });
}
