import { describe, expect, it } from 'vitest';
import { handOff } from './handOff.ts';

const origin = 'http://meridian.test';

describe('the single sign-on hand-off', () => {
  it('returns to an app with the token added to the target address, keeping its query and hash', () => {
    expect(handOff('http://meridian.test/iot/devices?page=2#top', 'tk-1', origin)).toEqual({
      kind: 'app',
      address: 'http://meridian.test/iot/devices?page=2&token=tk-1#top',
    });
    expect(handOff('/jdp/data/home', 'tk 2', origin)).toEqual({
      kind: 'app',
      address: 'http://meridian.test/jdp/data/home?token=tk+2',
    });
  });

  it('replaces a stale token left in the target instead of sending two', () => {
    expect(handOff('/iot/?token=old', 'new', origin)).toEqual({
      kind: 'app',
      address: 'http://meridian.test/iot/?token=new',
    });
  });

  it('goes to the launcher without a target', () => {
    expect(handOff(null, 'tk', origin)).toEqual({ kind: 'portal', path: '/' });
    expect(handOff('', 'tk', origin)).toEqual({ kind: 'portal', path: '/' });
  });

  it('stays in the portal for its own pages, without putting the token in the address', () => {
    expect(handOff('http://meridian.test/accountCenter?tab=password', 'tk', origin)).toEqual({
      kind: 'portal',
      path: '/accountCenter?tab=password',
    });
    expect(handOff('/login?target=%2Fiot%2F', 'tk', origin)).toEqual({ kind: 'portal', path: '/' });
  });

  it('never hands the token to another site or to the API', () => {
    for (const target of [
      'https://evil.example/iot/',
      '//evil.example/iot/',
      'http://meridian.test.evil.example/iot/',
      '/api/apis-authz/authz/logout',
    ]) {
      expect(handOff(target, 'tk', origin), target).toEqual({ kind: 'portal', path: '/' });
    }
  });

  it('does not mistake an address that merely starts like an app for that app', () => {
    expect(handOff('/iotx', 'tk', origin)).toEqual({ kind: 'portal', path: '/iotx' });
  });
});
