import { translate } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, describeError, isWorthRetrying } from './errors.ts';

const answer = (code: number, message: string, httpStatus = code, items: { field: string; msg: string }[] = []) =>
  new ApiError({ code, message, httpStatus, items });

describe('describeError follows the error catalogue (Mind spec section 8)', () => {
  it('shows the server message as an error for a refused request', () => {
    expect(describeError(answer(409, '名称已存在'), 'zh-CN')).toEqual({
      kind: 'show',
      level: 'error',
      text: '名称已存在',
    });
  });

  it('puts each broken rule of a 400 on its own line under the message', () => {
    const error = answer(400, 'Some fields are not valid', 400, [
      { field: 'name', msg: 'Name is required' },
      { field: 'sn', msg: 'SN must be exactly 20 characters' },
    ]);
    expect(describeError(error, 'en')).toEqual({
      kind: 'show',
      level: 'error',
      text: 'Some fields are not valid\nName is required\nSN must be exactly 20 characters',
    });
  });

  it('sends every session-invalid code (10020-10029) to sign in again', () => {
    for (const code of [10020, 10023, 10029]) {
      expect(describeError(answer(code, 'expired', 401), 'en')).toEqual({ kind: 'signIn' });
    }
    expect(describeError(answer(10030, 'other', 400), 'en').kind).toBe('show');
  });

  it('warns with the server message on HTTP 500, or the internal-error sentence when it has none', () => {
    expect(describeError(answer(500, 'Disk full'), 'en')).toEqual({
      kind: 'show',
      level: 'warning',
      text: 'Disk full',
    });
    expect(describeError(answer(500, ''), 'zh-CN')).toEqual({
      kind: 'show',
      level: 'warning',
      text: translate('http.internal', 'zh-CN'),
    });
  });

  it('warns "network error, retry" when nothing came back, and says so when time ran out', () => {
    const network = new ApiError({ code: 0, message: '', httpStatus: 0, failure: 'network' });
    const timeout = new ApiError({ code: 0, message: '', httpStatus: 0, failure: 'timeout' });
    expect(describeError(network, 'zh-CN')).toEqual({ kind: 'show', level: 'warning', text: '网络错误，请重试' });
    expect(describeError(timeout, 'en')).toEqual({
      kind: 'show',
      level: 'warning',
      text: translate('http.timeout', 'en'),
    });
  });

  it('names a bodiless 404 instead of showing nothing', () => {
    expect(describeError(answer(404, ''), 'en')).toEqual({ kind: 'show', level: 'error', text: 'Not found' });
  });
});

describe('isWorthRetrying', () => {
  it('retries server and network failures but not refused requests or dead sessions', () => {
    expect(isWorthRetrying(answer(500, 'x'))).toBe(true);
    expect(isWorthRetrying(new ApiError({ code: 0, message: '', httpStatus: 0, failure: 'network' }))).toBe(true);
    expect(isWorthRetrying(answer(404, 'x'))).toBe(false);
    expect(isWorthRetrying(answer(10021, 'x', 401))).toBe(false);
    expect(isWorthRetrying(new Error('a bug'))).toBe(false);
  });
});
