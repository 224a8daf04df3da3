import { describe, expect, it } from 'vitest';
import { browserOf } from './userAgent.ts';

describe('browserOf', () => {
  it('names the browser, its major version and the system', () => {
    expect(
      browserOf(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.127 Safari/537.36',
      ),
    ).toBe('Chrome 126 · Windows');
    expect(
      browserOf(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      ),
    ).toBe('Safari 17 · macOS');
    expect(browserOf('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(
      'Firefox 128 · Linux',
    );
  });

  it('tells Edge and the WeChat browser from the Chrome they are built on', () => {
    expect(
      browserOf(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
      ),
    ).toBe('Edge 126 · Windows');
    expect(
      browserOf(
        'Mozilla/5.0 (Linux; Android 13; V2227A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/111.0 Mobile Safari/537.36 MicroMessenger/8.0.49.2600',
      ),
    ).toBe('WeChat 8 · Android');
  });

  it('shows an unknown client as it came, shortened, and nothing for none', () => {
    expect(browserOf('curl/8.5.0')).toBe('curl/8.5.0');
    expect(browserOf('x'.repeat(60))).toBe(`${'x'.repeat(40)}…`);
    expect(browserOf(null)).toBe('');
  });
});
