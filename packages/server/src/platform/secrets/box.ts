import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Secrets the server must read back (an HMAC key, a password it presents elsewhere), sealed at rest
 * with AES-256-GCM under the deployment's key (decision 0088). Each sealed value is bound to its
 * place (`context`, e.g. the row it belongs to): moved to another row, it no longer opens.
 */
export interface SecretBox {
  seal(plain: string, context: string): string;
  /** The plain secret; throws when the value was altered, moved, or sealed under another key. */
  open(sealed: string, context: string): string;
}

/** How a sealed value begins: the format's version. */
export const SEALED_PREFIX = 'sb1.';
const PREFIX = SEALED_PREFIX;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_FILE = 'secrets.key';

/** Whether a stored value is sealed, as opposed to a plain secret written before sealing existed. */
export const isSealed = (value: string) => value.startsWith(PREFIX);

export function secretBoxWith(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secrets key must be 32 bytes');
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
    },
    open(sealed, context) {
      if (!isSealed(sealed)) throw new Error('not a sealed secret');
      const bytes = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('sealed secret too short');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * The deployment's key: `SECRETS_KEY` (32 bytes, base64), the same on every process of a cluster;
 * unset, a key made once in `DATA_DIR/secrets.key` (readable by the server's user only), which a
 * single server keeps across restarts. Two processes starting at once agree on one file: it is
 * written aside and linked into place, and the one that finds it there reads it.
 */
function deploymentKey(config: { SECRETS_KEY?: string; DATA_DIR: string }): Buffer {
  if (config.SECRETS_KEY) return Buffer.from(config.SECRETS_KEY, 'base64');
  const file = path.resolve(config.DATA_DIR, KEY_FILE);
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(aside, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  try {
    fs.linkSync(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(aside, { force: true });
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
}

const boxes = new Map<string, SecretBox>();

/** The secret box of a configuration, made once per key source. */
export function secretBoxOf(config: { SECRETS_KEY?: string; DATA_DIR: string }): SecretBox {
  const id = config.SECRETS_KEY ? `key:${config.SECRETS_KEY}` : `dir:${path.resolve(config.DATA_DIR)}`;
  let box = boxes.get(id);
  if (!box) {
    box = secretBoxWith(deploymentKey(config));
    boxes.set(id, box);
  }
  return box;
}
