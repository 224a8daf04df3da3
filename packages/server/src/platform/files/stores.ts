import path from 'node:path';
import type { FileChannel } from '@meridian/contracts';
import { type Config, ConfigError } from '../config.ts';
import { LocalStorage } from './local.ts';
import { S3Storage } from './s3.ts';
import type { FileStorage } from './storage.ts';

/** The drivers of a deployment: the local disk always (files stored before a move to S3 stay readable), S3 when configured. */
export interface FileStores {
  /** Where new files go: S3 when `S3_ENDPOINT` is set, else the local disk. */
  current: FileStorage;
  byChannel(channel: FileChannel): FileStorage | undefined;
}

const S3_SETTINGS = ['S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const;

/** Builds the stores a configuration describes; an S3 endpoint without its bucket or keys is a configuration error. */
export function fileStoresFor(config: Config): FileStores {
  const local = new LocalStorage(path.resolve(config.DATA_DIR, 'files'));
  let s3: S3Storage | undefined;
  if (config.S3_ENDPOINT) {
    const missing = S3_SETTINGS.filter((name) => !config[name]);
    if (missing.length > 0) {
      throw new ConfigError(`S3_ENDPOINT is set, so ${missing.join(', ')} must be set too`);
    }
    s3 = new S3Storage({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET ?? '',
      accessKeyId: config.S3_ACCESS_KEY ?? '',
      secretAccessKey: config.S3_SECRET_KEY ?? '',
      region: config.S3_REGION,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return {
    current: s3 ?? local,
    byChannel: (channel) => (channel === 'LOCAL' ? local : s3),
  };
}

const stores = new WeakMap<Config, FileStores>();

/** The stores of one running configuration, built once. */
export function fileStoresOf(config: Config): FileStores {
  let found = stores.get(config);
  if (!found) {
    found = fileStoresFor(config);
    stores.set(config, found);
  }
  return found;
}
