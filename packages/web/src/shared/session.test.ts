import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession, redirectToSignIn, setSignInRedirect } from './session.ts';
import { memoryStorage } from './testing.ts';

describe('a dead session', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
    vi.stubGlobal('sessionStorage', memoryStorage());
    vi.stubGlobal('window', { location: { href: 'http://meridian.test/jdp/data/home?tab=2' } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('forgets the token, user info and session storage, but keeps the language and device', () => {
    localStorage.setItem('token', 'secret');
    localStorage.setItem('userInfo', '{"nickname":"王老师"}');
    localStorage.setItem('meridian.lang', 'en');
    localStorage.setItem('meridian.deviceId', 'abc');
    sessionStorage.setItem('scaleInfo', '{}');

    endSession();

    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(sessionStorage.getItem('scaleInfo')).toBeNull();
    expect(localStorage.getItem('meridian.lang')).toBe('en');
    expect(localStorage.getItem('meridian.deviceId')).toBe('abc');
  });

  it('sends the user to single sign-on with the current address as target', () => {
    const visited: string[] = [];
    const restore = setSignInRedirect((address) => visited.push(address));
    redirectToSignIn();
    restore();
    expect(visited).toEqual([
      `/api/apis-authz/authz/login/cas?target=${encodeURIComponent('http://meridian.test/jdp/data/home?tab=2')}`,
    ]);
  });
});
