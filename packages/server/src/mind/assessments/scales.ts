import type { ScaleDefinition } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { Scope } from '../../portal/access/scope.ts';
import { publishedScaleVersion, scaleVersionById } from '../scales/index.ts';

/**
 * The scale library as tasks see it: the version to pin at publish, and a pinned version's
 * definition. Versions never change once published, so definitions are kept in memory: the
 * submit path reads no scale table at all after the first sheet of a version.
 */
const definitions = new Map<number, ScaleDefinition>();
/** Far above the scales a deployment holds; a bound so that memory cannot grow without end. */
const KEEP = 2000;

export interface PinnedScale {
  scaleId: number;
  versionId: number;
  definition: ScaleDefinition;
}

/**
 * The published version a task pins; throws the library's own "not found / not published". With
 * a scope, only a scale the caller may use (built-in, or custom of their organisations).
 */
export async function publishedScale(db: Kysely<Database>, scaleId: number, scope?: Scope): Promise<PinnedScale> {
  const v = await publishedScaleVersion(db, scaleId, scope);
  remember(v.versionId, v.definition);
  return { scaleId, versionId: v.versionId, definition: v.definition };
}

/** The definition a sheet is answered and scored with. */
export async function pinnedDefinition(db: Kysely<Database>, versionId: number): Promise<ScaleDefinition> {
  const known = definitions.get(versionId);
  if (known) return known;
  const v = await scaleVersionById(db, versionId);
  remember(versionId, v.definition);
  return v.definition;
}

function remember(versionId: number, definition: ScaleDefinition): void {
  if (definitions.size >= KEEP) definitions.clear();
  definitions.set(versionId, definition);
}
