import { expect } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { as } from '../../../test/factories.ts';
import { multipart } from '../../../test/files.ts';
import type { Caller } from '../../portal/orgs/testing.ts';

/** The id of the default template whose title holds `words`. */
export async function templateId(by: Caller, words: string): Promise<number> {
  const res = await by.get('/apis-user/signTemplate/list');
  expect(res.statusCode, res.body).toBe(200);
  const found = (res.json().data as Array<{ id: number; title: string }>).find((t) => t.title.includes(words));
  if (!found) throw new Error(`no template titled ${words}`);
  return found.id;
}

/** The id of the parent of a student whose account is `parent`. */
export async function parentIdOf(t: TestApp, parent: Caller): Promise<number> {
  const row = await t.db.kysely
    .selectFrom('parents')
    .select('id')
    .where('user_id', '=', parent.user.id)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Uploads a signature as `by` through `psychology sign upload`. */
export async function uploadSignature(t: TestApp, by: Caller, bytes: Buffer, name = 'signature.png') {
  const form = await multipart([{ name, bytes, type: 'image/png' }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/apis-psychology/sign/upload',
    payload: form.payload,
    headers: { ...as(by.token), 'accept-language': 'en', ...form.headers },
  });
}
