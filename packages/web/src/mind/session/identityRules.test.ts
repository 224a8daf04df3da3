import { describe, expect, it } from 'vitest';
import { sessionDetour } from './identityRules.ts';

const user = (identityId: number | null, defaultPass = false) => ({ identityId, defaultPass });

describe('session start after the user info (spec section 4)', () => {
  it('sends students and parents to /noPermission, wherever they go', () => {
    expect(sessionDetour(user(2), '/data/home')).toBe('noPermission');
    expect(sessionDetour(user(3), '/accountCenter')).toBe('noPermission');
  });

  it('sends a default password to the account center, and lets it stay there', () => {
    expect(sessionDetour(user(1, true), '/data/home')).toBe('changePassword');
    expect(sessionDetour(user(1, true), '/accountCenter')).toBeNull();
  });

  it('confines identity 5 to the account center', () => {
    expect(sessionDetour(user(5), '/data/report')).toBe('accountCenter');
    expect(sessionDetour(user(5), '/accountCenter')).toBeNull();
  });

  it('lets staff through', () => {
    expect(sessionDetour(user(1), '/data/home')).toBeNull();
  });
});
