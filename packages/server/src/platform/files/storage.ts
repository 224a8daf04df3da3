import type { Readable } from 'node:stream';
import type { FileChannel } from '@meridian/contracts';

/**
 * Where file bytes live, keyed by a storage path the file service generates (never one a caller
 * typed). One driver per channel: the local disk, or an S3-compatible store.
 */
export interface FileStorage {
  readonly channel: FileChannel;
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The stored bytes as a stream; a missing key throws a `StorageError` of kind `notFound`. */
  get(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export type StorageErrorKind = 'notFound' | 'refused' | 'unreachable';

/** A store that could not do what was asked; `message` says what the store answered, for the log. */
export class StorageError extends Error {
  readonly kind: StorageErrorKind;
  readonly channel: FileChannel;

  constructor(channel: FileChannel, kind: StorageErrorKind, message: string, options?: { cause?: unknown }) {
    super(`${channel}: ${message}`, options);
    this.name = 'StorageError';
    this.kind = kind;
    this.channel = channel;
  }
}

/** Storage keys are generated ids (`image/202605/<hex>.png`); anything else never reaches a driver. */
const SAFE_KEY = /^[a-z]+\/\d{6}\/[0-9a-f]{32}\.[a-z]{3,4}$/;

/** Refuses a key that is not one the file service generates, so that no key can climb out of its store. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
}
