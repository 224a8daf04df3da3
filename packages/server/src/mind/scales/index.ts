import type { ScaleDefinition } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { fromJson } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { Scope } from '../../portal/access/scope.ts';
import { scaleRow, scaleRowById, versionRow } from './repository.ts';

/** What other features (assessment tasks) read of the scale library; they never read its tables. */

export interface ScaleVersion {
  scaleId: number;
  versionId: number;
  version: number;
  code: string;
  definition: ScaleDefinition;
}

/**
 * The version a task pins when it is published: the scale's newest published one. Throws 404
 * `scale.notFound` for no such scale (or one outside `scope`, when given) and 409
 * `scale.notPublished` for a draft or an unpublished scale.
 */
export async function publishedScaleVersion(
  db: Kysely<Database>,
  scaleId: number,
  scope?: Scope,
): Promise<ScaleVersion> {
  const row = scope ? await scaleRow(db, scope, scaleId) : await scaleRowById(db, scaleId);
  if (!row) throw new AppError(404, 'scale.notFound');
  if (row.status !== 'published' || row.current_version_id === null) throw new AppError(409, 'scale.notPublished');
  return scaleVersionById(db, Number(row.current_version_id));
}

/** A version by id, published or not since: results read the definition they were scored with. */
export async function scaleVersionById(db: Kysely<Database>, versionId: number): Promise<ScaleVersion> {
  const version = await versionRow(db, versionId);
  if (!version) throw new AppError(404, 'scale.notFound');
  const definition = fromJson<ScaleDefinition>(version.definition);
  return {
    scaleId: Number(version.scale_id),
    versionId: Number(version.id),
    version: Number(version.version),
    code: definition.code,
    definition,
  };
}
