import { accountName, idCard, isMaskedIdCard, password, phone, verificationCode } from '@meridian/contracts';
import type { FormInstance, FormRule } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../testing.ts';
import { maskedNumberRule, sameAsRule, schemaRule } from './rules.ts';

type Validator = (rule: unknown, value: unknown) => Promise<void>;

/** What the form shows for `value` under `rule`: the sentence, or null when it passes. */
async function shown(rule: FormRule, value: unknown, form: Partial<FormInstance> = {}): Promise<string | null> {
  const object = typeof rule === 'function' ? rule(form as FormInstance) : rule;
  const validator = object.validator as Validator;
  return validator({}, value).then(
    () => null,
    (error: Error) => error.message,
  );
}

describe('form rules from the shared schemas', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it("word each broken rule as the server does, in the reader's language", async () => {
    expect(await shown(schemaRule(accountName), 'ab')).toBe('用户名为 3-20 位中文、字母、数字或下划线');
    expect(await shown(schemaRule(password), 'abcdefg')).toBe(
      '密码为 6-20 位，至少包含字母、数字、符号中的两种，不能有空格',
    );
    expect(await shown(schemaRule(phone), '1234')).toBe('手机号格式不正确');
    localStorage.setItem('meridian.lang', 'en');
    expect(await shown(schemaRule(verificationCode), '12a')).toBe('The verification code is 6 digits');
  });

  it('let good values through and leave an empty field to the required rule', async () => {
    expect(await shown(schemaRule(accountName), '李工_2026')).toBeNull();
    expect(await shown(schemaRule(password), 'Secret#2026')).toBeNull();
    expect(await shown(schemaRule(password), '')).toBeNull();
  });

  it('ask the second password to match the first', async () => {
    const form = { getFieldValue: () => 'Secret#2026' };
    expect(await shown(sameAsRule('password'), 'Secret#2027', form)).toBe('两次输入的密码不一致');
    expect(await shown(sameAsRule('password'), 'Secret#2026', form)).toBeNull();
  });

  it('let a masked number through only as it was given, and check a typed one whole', async () => {
    const rule = maskedNumberRule(idCard, isMaskedIdCard, '1101**********0013');
    expect(await shown(rule, '1101**********0013')).toBeNull();
    expect(await shown(rule, '1101**********0000')).toBe('号码已隐藏：请输入完整号码，或保持原样不改');
    expect(await shown(rule, '110105201809010014')).toBe('身份证号不正确，应为 18 位且校验位正确');
    expect(await shown(rule, '110105201809010013')).toBeNull();
    expect(await shown(rule, '')).toBeNull();
    // Nothing was given (an empty field, or a new student): a masked value is never accepted.
    expect(await shown(maskedNumberRule(idCard, isMaskedIdCard, null), '1101**********0013')).not.toBeNull();
  });
});
