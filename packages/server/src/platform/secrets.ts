import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** A secret sealed for the database: `v1.<iv>.<tag>.<ciphertext>`, base64url, AES-256-GCM. */
const VERSION = 'v1';

const keyOf = (secretsKey: string) => createHash('sha256').update(secretsKey).digest();

/** Seals `plain` under the deployment's SECRETS_KEY; a fresh IV each time, so equal secrets differ. */
export function sealSecret(plain: string, secretsKey: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretsKey), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** Opens a sealed secret; null when it was sealed under another key or altered (GCM refuses it). */
export function openSecret(sealed: string, secretsKey: string): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secretsKey), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    // A wrong key or an altered value: the caller says the stored key must be entered again.
    return null;
  }
}
