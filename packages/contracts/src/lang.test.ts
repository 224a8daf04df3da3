import { describe, expect, it } from 'vitest';
import { negotiateLang, toLang } from './lang.ts';

describe('language negotiation', () => {
  it('defaults to Chinese when the browser says nothing or nothing we speak', () => {
    expect(negotiateLang(undefined)).toBe('zh-CN');
    expect(negotiateLang('')).toBe('zh-CN');
    expect(negotiateLang('fr-FR,de;q=0.8')).toBe('zh-CN');
  });

  it('follows the preferred language of Accept-Language, by q-value', () => {
    expect(negotiateLang('en-US,en;q=0.9')).toBe('en');
    expect(negotiateLang('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh-CN');
    expect(negotiateLang('fr;q=1, en;q=0.5, zh;q=0.7')).toBe('zh-CN');
    expect(negotiateLang('zh;q=0.2, en;q=0.9')).toBe('en');
  });

  it('reads the spec code "cn" as Chinese', () => {
    expect(toLang('cn')).toBe('zh-CN');
    expect(toLang('zh-Hans-CN')).toBe('zh-CN');
    expect(toLang('EN_gb')).toBe('en');
    expect(toLang('ja')).toBeUndefined();
  });
});
