import { describe, expect, it } from 'vitest';
import { trimmed } from './filters.ts';

describe('the filters a list searches with', () => {
  it('trims text, drops text left empty, and keeps every other value as it is', () => {
    const day = new Date(0);
    expect(
      trimmed({ keyword: '  pump 7 ', sn: '   ', state: 'running', deviceId: 3, range: [day], off: false }),
    ).toEqual({
      keyword: 'pump 7',
      sn: undefined,
      state: 'running',
      deviceId: 3,
      range: [day],
      off: false,
    });
  });
});
