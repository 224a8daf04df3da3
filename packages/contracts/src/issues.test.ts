import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { localizeIssues } from './issues.ts';

function errorsOf(schema: z.ZodType, input: unknown, lang: 'zh-CN' | 'en' = 'en') {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) throw new Error('expected the input to be refused');
  return localizeIssues(result.error.issues, lang);
}

describe('field errors', () => {
  const form = z.strictObject({
    name: z.string().min(3).max(20),
    age: z.number().int().min(0),
    email: z.email(),
    tags: z.array(z.string()).max(3),
    kind: z.enum(['dtu', 'gateway']),
    address: z.object({ city: z.string() }),
  });
  const valid = { name: 'abc', age: 3, email: 'a@b.cn', tags: [], kind: 'dtu', address: { city: 'x' } };

  it('names the field and the rule in English', () => {
    expect(errorsOf(form, { ...valid, name: 'ab' })).toEqual([{ field: 'name', msg: 'must be at least 3 characters' }]);
    expect(errorsOf(form, { ...valid, age: 1.5 })).toEqual([{ field: 'age', msg: 'must be a whole number' }]);
    expect(errorsOf(form, { ...valid, age: -1 })).toEqual([{ field: 'age', msg: 'must be at least 0' }]);
    expect(errorsOf(form, { ...valid, email: 'nope' })).toEqual([
      { field: 'email', msg: 'is not a valid email address' },
    ]);
    expect(errorsOf(form, { ...valid, tags: ['a', 'b', 'c', 'd'] })).toEqual([
      { field: 'tags', msg: 'must have at most 3 items' },
    ]);
    expect(errorsOf(form, { ...valid, kind: 'plc' })).toEqual([{ field: 'kind', msg: 'must be one of: dtu, gateway' }]);
    expect(errorsOf(form, { ...valid, address: { city: 5 } })).toEqual([
      { field: 'address.city', msg: 'must be text' },
    ]);
  });

  it('tells a missing field from a wrong type, and reports unknown fields', () => {
    const { name: _, ...withoutName } = valid;
    expect(errorsOf(form, withoutName)).toEqual([{ field: 'name', msg: 'is required' }]);
    expect(errorsOf(form, { ...valid, age: 'three' })).toEqual([{ field: 'age', msg: 'must be a number' }]);
    expect(errorsOf(form, { ...valid, admin: true })).toEqual([{ field: 'body', msg: 'unknown field(s): admin' }]);
  });

  it('speaks Chinese', () => {
    expect(errorsOf(form, { ...valid, name: 'ab' }, 'zh-CN')).toEqual([{ field: 'name', msg: '至少 3 个字符' }]);
    expect(errorsOf(form, { ...valid, age: 'x' }, 'zh-CN')).toEqual([{ field: 'age', msg: '应为数字' }]);
  });

  it('uses a catalogue sentence when the schema names one', () => {
    const schema = z.object({ code: z.string().regex(/^[0-9a-f]*$/i, 'http.invalidJson') });
    expect(errorsOf(schema, { code: 'zz' })).toEqual([{ field: 'code', msg: 'The request body is not valid JSON' }]);
  });
});
