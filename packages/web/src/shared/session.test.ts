import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  acceptedSignIn,
  endSession,
  redirectToSignIn,
  type SignedIn,
  setSignInRedirect,
  storedUser,
  storeSession,
  takeTokenFromAddress,
} from './session.ts';
import { memoryStorage } from './testing.ts';

const signedIn: SignedIn = {
  token: 'tk-1',
  user: {
    id: 7,
    account: 'zhang_wei',
    name: '张伟',
    roleId: 10,
    identityId: 1,
    unitDeptId: 3,
    defaultPass: false,
  },
  dept: { id: 3, name: '华东工厂', logo: 'logo/202601/abc.png' },
};

/** A browser address bar and history that `takeTokenFromAddress` can read and rewrite. */
function browserAt(href: string) {
  const location = { href };
  const history = {
    state: { idx: 0 },
    replaceState: vi.fn((_state: unknown, _title: string, url: string) => {
      location.href = new URL(url, location.href).toString();
    }),
  };
  vi.stubGlobal('window', { location, history });
  return { location, history };
}

describe('a sign-in', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
    vi.stubGlobal('sessionStorage', memoryStorage());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is accepted only with the success text and a token (Device Cloud spec section 4)', () => {
    expect(acceptedSignIn({ code: 200, message: '操作成功', data: signedIn })).toEqual(signedIn);
    expect(acceptedSignIn({ code: 200, message: 'Success', data: signedIn })).toEqual(signedIn);
    expect(acceptedSignIn({ code: 200, message: '登录成功了', data: signedIn })).toBeNull();
    expect(acceptedSignIn({ code: 200, message: '操作成功', data: { ...signedIn, token: '' } })).toBeNull();
    expect(acceptedSignIn({ code: 200, message: '操作成功', data: null })).toBeNull();
  });

  it('stores user, token, name, role, unit and logo, and remembers the account', () => {
    storeSession(signedIn);
    expect(localStorage.getItem('token')).toBe('tk-1');
    expect(storedUser()).toEqual(signedIn.user);
    expect(localStorage.getItem('name')).toBe('张伟');
    expect(localStorage.getItem('roleId')).toBe('10');
    expect(localStorage.getItem('unitDeptId')).toBe('3');
    expect(localStorage.getItem('logo')).toBe('logo/202601/abc.png');
    expect(localStorage.getItem('meridian.lastAccount')).toBe('zhang_wei');
  });

  it('leaves no unit or logo of a previous user behind', () => {
    storeSession(signedIn);
    storeSession({ ...signedIn, user: { ...signedIn.user, unitDeptId: null }, dept: null });
    expect(localStorage.getItem('unitDeptId')).toBeNull();
    expect(localStorage.getItem('logo')).toBeNull();
  });
});

describe('a token handed over in the address', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
    vi.stubGlobal('sessionStorage', memoryStorage());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is stored and taken out of the address bar, keeping the rest of the address', () => {
    const { location, history } = browserAt('http://meridian.test/iot/devices?page=2&token=tk-9#top');
    expect(takeTokenFromAddress()).toBe(true);
    expect(localStorage.getItem('token')).toBe('tk-9');
    expect(location.href).toBe('http://meridian.test/iot/devices?page=2#top');
    expect(history.replaceState).toHaveBeenCalledOnce();
  });

  it("replaces another user's stored session, but keeps the same session's details", () => {
    storeSession(signedIn);
    browserAt('http://meridian.test/iot/?token=tk-1');
    takeTokenFromAddress();
    expect(localStorage.getItem('logo')).toBe('logo/202601/abc.png');

    browserAt('http://meridian.test/iot/?token=someone-else');
    takeTokenFromAddress();
    expect(localStorage.getItem('token')).toBe('someone-else');
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(localStorage.getItem('logo')).toBeNull();
  });

  it('leaves an address without a token alone', () => {
    const { history } = browserAt('http://meridian.test/iot/');
    expect(takeTokenFromAddress()).toBe(false);
    expect(history.replaceState).not.toHaveBeenCalled();
  });
});

describe('a dead session', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
    vi.stubGlobal('sessionStorage', memoryStorage());
    vi.stubGlobal('window', { location: { href: 'http://meridian.test/jdp/data/home?tab=2' } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('forgets every session value and session storage, but keeps the language, device and last account', () => {
    storeSession(signedIn);
    localStorage.setItem('meridian.lang', 'en');
    localStorage.setItem('meridian.deviceId', 'abc');
    sessionStorage.setItem('scaleInfo', '{}');

    endSession();

    for (const key of ['token', 'userInfo', 'name', 'roleId', 'unitDeptId', 'logo']) {
      expect(localStorage.getItem(key), key).toBeNull();
    }
    expect(sessionStorage.getItem('scaleInfo')).toBeNull();
    expect(localStorage.getItem('meridian.lang')).toBe('en');
    expect(localStorage.getItem('meridian.deviceId')).toBe('abc');
    expect(localStorage.getItem('meridian.lastAccount')).toBe('zhang_wei');
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
