import { createHash, randomBytes } from 'node:crypto';
import {
  FIRMWARE_MAX_BYTES,
  FIRMWARE_UPLOAD_FIELDS,
  type FirmwareSearch,
  type FirmwareUpload,
  type FirmwareView,
  firmwareUpload,
  type PageQuery,
} from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/schema.ts';
import { formatSize, receiveUpload } from '../../platform/files/receive.ts';
import { fileStoresOf } from '../../platform/files/stores.ts';
import { AppError, RequestValidationError } from '../../platform/http/errors.ts';
import { accountScopeOf } from '../../portal/access/scope.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { firmwareInUse } from '../upgrade/repository.ts';
import { deleteFirmware, findFirmware, insertFirmware, listFirmware, versionTaken } from './repository.ts';
import type { FirmwareRow } from './tables.ts';

function viewOf(row: FirmwareRow): FirmwareView {
  return {
    id: Number(row.id),
    ownerId: Number(row.owner_id),
    name: row.name,
    series: row.series,
    model: row.model,
    version: row.version,
    type: row.type,
    size: Number(row.size),
    sha256: row.sha256,
    fileName: row.file_name,
    remark: row.remark,
    createdAt: Number(row.created_at),
  };
}

export async function firmwareList(actor: Actor, filter: Omit<FirmwareSearch, 'page' | 'size'>, page: PageQuery) {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const result = await listFirmware(actor.db, scope, filter, page);
  return { ...result, list: result.list.map(viewOf) };
}

async function firmwareFor(actor: Actor, id: number): Promise<FirmwareRow> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const row = await findFirmware(actor.db, scope, id);
  if (!row) throw new AppError(404, 'firmware.notFound');
  return row;
}

export async function firmwareDetail(actor: Actor, id: number): Promise<FirmwareView> {
  return viewOf(await firmwareFor(actor, id));
}

/** `firmware/202611/<32 hex>.bin`: a key the file stores accept (platform/files/storage.ts). */
function storageKey(at: Date): string {
  const month = `${at.getUTCFullYear()}${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
  return `firmware/${month}/${randomBytes(16).toString('hex')}.bin`;
}

/**
 * Stores one firmware image for an owner: its bytes in the current file store, then its row with the
 * SHA-256 the server computes (refused when the given one differs, or when the version is taken). The
 * bytes are removed again if the row cannot be written: nothing half-saved. Uploads and the demo's
 * seeded image (iot/demo/seed.ts) both come through here.
 */
export async function saveFirmware(
  db: Kysely<Database>,
  config: Config,
  log: Pick<Logger, 'warn'>,
  ownerId: number,
  input: FirmwareUpload,
  file: { name: string; bytes: Buffer },
  written: (trx: Transaction<Database>, id: number, sha256: string) => Promise<void> = async () => {},
): Promise<number> {
  const data = { file: file.name };
  if (file.bytes.length === 0) throw new AppError(400, 'files.emptyFile', { data });
  if (file.bytes.length > FIRMWARE_MAX_BYTES) {
    throw new AppError(413, 'files.tooLarge', { params: { limit: formatSize(FIRMWARE_MAX_BYTES) }, data });
  }
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  if (input.sha256 !== undefined && input.sha256 !== sha256) {
    throw new AppError(400, 'firmware.checksumMismatch', { data: { ...data, sha256 } });
  }
  const key = { ownerId, series: input.series, model: input.model, version: input.version };
  const taken = () => new AppError(409, 'firmware.versionTaken', { params: { version: input.version } });
  if (await versionTaken(db, key)) throw taken();

  const at = new Date();
  const store = fileStoresOf(config).current;
  const storage_key = storageKey(at);
  await store.put(storage_key, file.bytes, 'application/octet-stream');
  try {
    return await db.transaction().execute(async (trx) => {
      // Checked again inside: two uploads of one version at once meet the unique index here.
      if (await versionTaken(trx, key)) throw taken();
      const created = await insertFirmware(trx, {
        owner_id: ownerId,
        name: input.name,
        series: input.series,
        model: input.model,
        version: input.version,
        type: input.type,
        size: file.bytes.length,
        sha256,
        file_name: file.name.slice(0, 200),
        channel: store.channel,
        storage_key,
        remark: input.remark || null,
        created_at: at.getTime(),
      });
      await written(trx, created, sha256);
      return created;
    });
  } catch (error) {
    await store.delete(storage_key).catch((cause: unknown) => {
      log.warn({ err: cause, storage_key }, 'could not remove the bytes of a firmware that was not saved');
    });
    throw error;
  }
}

/**
 * Upload firmware: one file of at most FIRMWARE_MAX_BYTES and its fields. Any bytes are firmware, so
 * the content check is the size and the SHA-256 the server computes (and the uploader's, when given).
 * The bytes are stored before the row and removed again if the row cannot be written: nothing half-saved.
 */
export async function uploadFirmware(actor: Actor, request: FastifyRequest): Promise<FirmwareView> {
  const received = await receiveUpload(request, {
    maxBytes: FIRMWARE_MAX_BYTES,
    maxFiles: 1,
    fields: FIRMWARE_UPLOAD_FIELDS,
  });
  const form = firmwareUpload.safeParse(received.fields);
  if (!form.success) throw new RequestValidationError(form.error.issues);
  const [file] = received.files;
  if (!file) throw new AppError(400, 'files.noFile');
  const id = await saveFirmware(
    actor.db,
    request.server.config,
    request.log,
    actor.auth.userId,
    form.data,
    file,
    (trx, created, sha256) =>
      audit(trx, actor.request, {
        action: 'uploadFirmware',
        result: 'ok',
        targetType: 'firmware',
        targetId: String(created),
        detail: {
          name: form.data.name,
          series: form.data.series,
          model: form.data.model,
          version: form.data.version,
          sha256,
        },
      }),
  );
  return firmwareDetail(actor, id);
}

/** Deletes the row, then the bytes; an image an upgrade job uses is kept (decision 0064). */
export async function removeFirmware(actor: Actor, id: number): Promise<void> {
  const row = await firmwareFor(actor, id);
  if (await firmwareInUse(actor.db, Number(row.id))) throw new AppError(409, 'upgrade.firmwareInUse');
  await actor.db.transaction().execute(async (trx) => {
    await deleteFirmware(trx, Number(row.id));
    await audit(trx, actor.request, {
      action: 'deleteFirmware',
      result: 'ok',
      targetType: 'firmware',
      targetId: String(row.id),
      detail: { name: row.name, version: row.version },
    });
  });
  const store = fileStoresOf(actor.request.server.config).byChannel(row.channel);
  await store?.delete(row.storage_key).catch((cause: unknown) => {
    actor.request.log.warn({ err: cause, key: row.storage_key }, 'could not remove the bytes of a deleted firmware');
  });
}
