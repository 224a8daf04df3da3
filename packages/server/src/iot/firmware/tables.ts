import type { FileChannel, FirmwareType } from '@meridian/contracts';
import type { Generated, Selectable } from 'kysely';

/** One uploaded firmware image of an account; its bytes are in the file store under `storage_key`. */
export interface FirmwareTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  series: string;
  model: string;
  version: string;
  type: FirmwareType;
  size: number;
  /** Lower-case hex, computed by the server from the bytes it stored. */
  sha256: string;
  /** The name the uploader's file had, for display only. */
  file_name: string;
  channel: FileChannel;
  storage_key: string;
  remark: string | null;
  created_at: number;
}
export type FirmwareRow = Selectable<FirmwareTable>;

export interface FirmwareTables {
  firmware: FirmwareTable;
}
