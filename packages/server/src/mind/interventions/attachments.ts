import { type AttachedFile, hasPermission, Identity } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { fromJson } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { findFilesByPaths } from '../../portal/files/repository.ts';
import type { FileReadGrant } from '../../portal/files/service.ts';
import { referenceOf } from '../../portal/files/store.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import type { Auth } from '../../portal/sessions/service.ts';
import { studentScopeOf } from '../people/students/scope.ts';
import { attachedInScope, ownFiles } from './records-repository.ts';

/** The paths a record keeps: each once, and each a file its author uploaded (else 400 `intervene.attachment`). */
export async function checkedAttachments(actor: Actor, paths: readonly string[]): Promise<string[]> {
  const unique = [...new Set(paths)];
  if ((await ownFiles(actor.db, unique, actor.auth.userId)) !== unique.length) {
    throw new AppError(400, 'intervene.attachment', { rules: [{ field: 'attachments', key: 'intervene.attachment' }] });
  }
  return unique;
}

/** The paths a stored record holds; records from before attachments were paths held file ids, which name nothing now. */
export function attachmentPaths(stored: unknown): string[] {
  const list = fromJson<unknown>(stored);
  return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : [];
}

/** The files attached to a page of records, read in one query, by path. */
export async function attachedFilesOf(
  db: Kysely<Database>,
  records: ReadonlyArray<{ attachments: unknown }>,
): Promise<Map<string, AttachedFile>> {
  const paths = [...new Set(records.flatMap((r) => attachmentPaths(r.attachments)))];
  const rows = await findFilesByPaths(db, paths);
  return new Map(
    rows.map((row) => {
      const { path, url, name, contentType, size } = referenceOf(row);
      return [row.path, { path, url, name, contentType, size }];
    }),
  );
}

const readsRecords = (auth: Auth) =>
  auth.identityId !== Identity.student &&
  auth.identityId !== Identity.parent &&
  hasPermission(auth.permissions, '/data/intervene', 'view');

/**
 * An attachment of a record is readable by whoever may read the record: staff holding
 * `/data/intervene:view` whose scope sees the warning it is on (decision 0043).
 */
export const recordAttachmentReadable: FileReadGrant = async (db, auth, row) => {
  if (!readsRecords(auth)) return false;
  return attachedInScope(db, await studentScopeOf(db, auth), auth.userId, row.path);
};
