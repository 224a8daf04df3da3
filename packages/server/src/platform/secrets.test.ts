import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './secrets.ts';

const KEY = 'a-deployment-secrets-key-of-32-chars!';

describe('sealed secrets', () => {
  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const sealed = sealSecret('sk-live-12345', KEY);
    expect(sealed).not.toContain('sk-live');
    expect(sealSecret('sk-live-12345', KEY)).not.toBe(sealed);
    expect(openSecret(sealed, KEY)).toBe('sk-live-12345');
  });

  it('refuses another key and an altered value', () => {
    const sealed = sealSecret('sk-live-12345', KEY);
    expect(openSecret(sealed, `${KEY}x`)).toBeNull();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('sk-live-99999').toString('base64url');
    expect(openSecret(parts.join('.'), KEY)).toBeNull();
    expect(openSecret('plain', KEY)).toBeNull();
  });
});
