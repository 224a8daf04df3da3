import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { zhCN } from './zh-CN.ts';

describe('the user agreement', () => {
  it('says the same things in Chinese and English: the same sections with the same number of paragraphs', () => {
    expect(en.sections.map((s) => s.paragraphs.length)).toEqual(zhCN.sections.map((s) => s.paragraphs.length));
    expect(en.intro.length).toBe(zhCN.intro.length);
  });

  it("covers accounts, data, and minors' data for Mind", () => {
    const headings = zhCN.sections.map((s) => s.heading).join(' ');
    expect(headings).toMatch(/账号/);
    expect(headings).toMatch(/个人信息/);
    expect(headings).toMatch(/未成年人/);
    expect(en.sections.map((s) => s.heading).join(' ')).toMatch(/Minors/);
  });
});
