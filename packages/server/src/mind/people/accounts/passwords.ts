import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for one another on paper (no 0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * An initial password for a slip: 8 characters, at least one letter and one digit (about 39 bits;
 * it opens one sign-in, throttled like any other, and must be changed there).
 */
export function initialPassword(): string {
  const chars = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)] ?? 'a');
  // One position of each kind, so that the password meets a policy asking for both.
  chars[randomInt(4)] = ALPHABET[randomInt(23)] ?? 'a';
  chars[4 + randomInt(4)] = ALPHABET[23 + randomInt(8)] ?? '2';
  return chars.join('');
}
