import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as, buildUser, signIn } from '../../../test/factories.ts';
import { startSmtpServer } from '../codes/stand-ins.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer({ user: 'u', pass: 'p' });
  t = await buildTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const api = (url: string, payload: object, headers: Record<string, string> = {}, ip = '10.61.0.1') =>
  t.app.inject({
    method: 'POST',
    url: `/api/apis-authz/${url}`,
    payload,
    headers: { 'accept-language': 'en', ...headers },
    remoteAddress: ip,
  });
const queryInfo = (token: string) => api('auth/user/queryInfo', {}, as(token));

describe('the profile', () => {
  it('changes name, avatar and language, refusing an avatar a browser would run', async () => {
    const user = await buildUser(t.db.kysely);
    const token = await signIn(t.app, user);
    const res = await api(
      'auth/user/updateInfo',
      { nickname: '王老师', avatar: '/api/apis-third/file/getByPath?path=a.png', lang: 'zh-CN' },
      as(token),
    );
    expect(res.json().data).toMatchObject({
      nickname: '王老师',
      avatar: '/api/apis-third/file/getByPath?path=a.png',
      lang: 'zh-CN',
    });
    expect((await queryInfo(token)).json().data).toMatchObject({ nickname: '王老师', lang: 'zh-CN' });
    const bad = await api(
      'auth/user/updateInfo',
      { avatar: 'javascript:alert(1)', nickname: 'x'.repeat(31) },
      { ...as(token), 'accept-language': 'en' },
    );
    // The user's own language setting now wins over the browser's.
    expect(bad.json().data).toEqual([
      { field: 'nickname', msg: '姓名为 1-30 个字符' },
      { field: 'avatar', msg: '头像地址无效' },
    ]);
  });

  it('binds a new email only with the code sent to it, and not one another user holds', async () => {
    const user = await buildUser(t.db.kysely);
    await buildUser(t.db.kysely, { email: 'taken@school.example' });
    const token = await signIn(t.app, user);
    const update = (body: object) => api('auth/user/updateInfo', body, as(token));
    expect((await update({ email: 'zhao@school.example' })).json().data).toEqual([
      { field: 'emailCode', msg: 'is required' },
    ]);
    expect((await update({ email: 'zhao@school.example', emailCode: '000000' })).json().message).toBe(
      'Wrong phone number or verification code',
    );

    await api(
      'auth/user/sendCode',
      { channel: 'email', target: 'taken@school.example', purpose: 'bind' },
      {},
      '10.61.150.1',
    );
    const takenCode = smtp.codeFor('taken@school.example');
    expect((await update({ email: 'taken@school.example', emailCode: takenCode })).json()).toMatchObject({
      code: 409,
      message: 'This email address is bound to another user',
    });

    await api(
      'auth/user/sendCode',
      { channel: 'email', target: 'Zhao@School.example', purpose: 'bind' },
      {},
      '10.61.150.2',
    );
    const ok = await update({ email: 'Zhao@School.example', emailCode: smtp.codeFor('zhao@school.example') });
    expect(ok.json().data.email).toBe('zhao@school.example');
    expect((await update({ email: null })).json().data.email).toBeNull();
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'profileUpdate')
      .where('user_id', '=', user.id)
      .execute();
    expect(audit).toHaveLength(2);
  });
});
