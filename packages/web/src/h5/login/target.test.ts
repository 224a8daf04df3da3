import { describe, expect, it } from 'vitest';
import { h5SignInAddress, h5Target } from './target.ts';

describe('h5Target', () => {
  it('goes back to a path of this app', () => {
    expect(h5Target('?target=%2Fh5%2Fanswer%2F3%2F4')).toBe('/answer/3/4');
    expect(h5Target('?target=%2Ftasks')).toBe('/tasks');
  });

  it('never leaves for another site nor loops on the sign-in page: the account’s home instead', () => {
    expect(h5Target('?target=https%3A%2F%2Fevil.example')).toBe('/');
    expect(h5Target('?target=%2F%2Fevil.example')).toBe('/');
    expect(h5Target('?target=%2Fh5%2Flogin')).toBe('/');
    expect(h5Target('')).toBe('/');
  });

  it('builds the sign-in address with the target', () => {
    expect(h5SignInAddress('/h5/tasks')).toBe('/h5/login?target=%2Fh5%2Ftasks');
  });
});
