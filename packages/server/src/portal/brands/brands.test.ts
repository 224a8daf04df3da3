import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileUrl } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as, buildUser } from '../../../test/factories.ts';
import { filesEnv, jpeg, multipart, png } from '../../../test/files.ts';
import { startSmsWebhook } from '../codes/stand-ins.ts';
import { type Caller, callerFor } from '../orgs/testing.ts';
import { neutralMember } from './testing.ts';

let t: TestApp;
let files: Awaited<ReturnType<typeof filesEnv>>;
let sms: Awaited<ReturnType<typeof startSmsWebhook>>;
let webDir: string;

/** The four pages as the web's sources write them (the build keeps their heads), standing in for a build. */
function pagesOfTheWeb(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-brand-web-'));
  const sources = path.resolve(import.meta.dirname, '../../../../web');
  for (const entry of ['', 'iot', 'jdp', 'h5']) {
    fs.mkdirSync(path.join(dir, entry), { recursive: true });
    fs.copyFileSync(path.join(sources, entry, 'index.html'), path.join(dir, entry, 'index.html'));
  }
  return dir;
}

beforeAll(async () => {
  files = await filesEnv('LOCAL');
  sms = await startSmsWebhook();
  webDir = pagesOfTheWeb();
  t = await buildTestApp({ ...files.env, SMS_WEBHOOK_URL: sms.url, WEB_DIR: webDir });
});
afterAll(async () => {
  await t.close();
  await files.close();
  await sms.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

async function upload(c: Caller, bytes: Buffer, purpose: 'logo' | 'image') {
  const form = await multipart([{ name: `${purpose}.png`, bytes }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/apis-third/file/upload/image?purpose=${purpose}`,
    payload: form.payload,
    headers: { ...as(c.token), ...form.headers },
  });
}
async function uploaded(c: Caller, bytes: Buffer, purpose: 'logo' | 'image'): Promise<string> {
  const res = await upload(c, bytes, purpose);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0].path as string;
}

let seq = 0;
const domain = () => `console.brand${++seq}${process.pid % 1000}.com`;

async function brandOf(c: Caller, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Acme IoT',
    logo: await uploaded(c, png(106, 60), 'logo'),
    favicon: await uploaded(c, png(32, 32), 'image'),
    background: await uploaded(c, jpeg(400, 240), 'image'),
    primaryColor: '#0E7C66',
    icp: '沪ICP备12345678号',
    domain: domain(),
    ...overrides,
  };
}
const save = (c: Caller, body: object) => c.call('PUT', '/portal/brand', body);
const current = (host: string) =>
  t.app.inject({ method: 'GET', url: '/api/portal/brand/current', headers: { host, 'accept-language': 'en' } });

describe('a neutral member’s brand', () => {
  it('is served to requests on its domain, and to no other host', async () => {
    const member = await neutralMember(t);
    expect((await member.get('/portal/brand')).json().data).toEqual({ neutral: true, brand: null });
    const body = await brandOf(member, { domain: 'Console.Acme-Test.com' });
    const res = await save(member, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.brand).toMatchObject({
      name: 'Acme IoT',
      domain: 'console.acme-test.com',
      primaryColor: '#0e7c66',
    });

    const onDomain = await current('console.acme-test.com:8080');
    expect(onDomain.json().data).toEqual({
      name: 'Acme IoT',
      logo: body.logo,
      favicon: body.favicon,
      background: body.background,
      primaryColor: '#0e7c66',
      icp: '沪ICP备12345678号',
    });
    expect((await current('127.0.0.1')).json().data).toBeNull();
    expect((await current('www.acme-test.com')).json().data).toBeNull();
  });

  it('is in the page itself on its domain, so that nothing names the platform while the page loads', async () => {
    const member = await neutralMember(t);
    const body = await brandOf(member, { name: 'Acme <IoT>' });
    expect((await save(member, body)).statusCode).toBe(200);
    const page = (url: string, host: string) => t.app.inject({ method: 'GET', url, headers: { host } });
    for (const [url, title] of [
      ['/', 'Acme &lt;IoT&gt;'],
      ['/iot/devices', '设备云 - Acme &lt;IoT&gt;'],
      ['/iot/index.html', '设备云 - Acme &lt;IoT&gt;'],
      ['/jdp/data/home', '心理健康 - Acme &lt;IoT&gt;'],
      ['/h5/', '我的任务 - Acme &lt;IoT&gt;'],
    ]) {
      const res = await page(url, body.domain);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('Meridian');
      expect(res.body, url).toContain(`<title>${title}</title>`);
      expect(res.body, url).toContain(`<link rel="icon" href="${fileUrl(body.favicon)}" />`);
      const data = /<script type="application\/json" id="meridian-brand">(.*?)<\/script>/.exec(res.body)?.[1];
      expect(JSON.parse(data ?? 'undefined'), url).toEqual((await current(body.domain)).json().data);
      expect(data, url).not.toContain('<IoT>');
    }
    const own = await page('/iot/devices', '127.0.0.1');
    expect(own.body).toContain('<title>设备云 - Meridian</title>');
    expect(own.body).toContain('<script type="application/json" id="meridian-brand">null</script>');
  });

  it('refuses a domain that does not start with console or has more than three levels', async () => {
    const member = await neutralMember(t);
    const body = await brandOf(member);
    for (const [bad, message] of [
      ['www.example.com', 'The custom domain must start with console, like console.example.com'],
      ['console.a.b.com', 'The custom domain may have at most three levels, like console.example.com'],
      ['console', 'The custom domain may have at most three levels, like console.example.com'],
      ['console.exa_mple.com', 'The custom domain may hold only letters, digits and hyphens'],
    ]) {
      const res = await save(member, { ...body, domain: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().data, bad).toEqual([{ field: 'domain', msg: message }]);
    }
    expect((await member.get('/portal/brand')).json().data.brand).toBeNull();
  });

  it('takes a logo of exactly 106x60 by its content, and nothing else as a logo', async () => {
    const member = await neutralMember(t);
    const wrongSize = await upload(member, png(120, 60), 'logo');
    expect(wrongSize.statusCode).toBe(400);
    expect(wrongSize.json().message).toBe('The image must be 106 x 60 pixels; this one is 120 x 60');
    const notAnImage = await upload(member, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo');
    expect(notAnImage.statusCode).toBe(400);

    // A picture uploaded for another use was never checked for the logo's size.
    const picture = await uploaded(member, png(106, 60), 'image');
    const res = await save(member, await brandOf(member, { logo: picture }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The logo must be an uploaded jpg, png or gif of 106x60 px');

    // Nor another account's logo.
    const other = await neutralMember(t);
    const theirs = await uploaded(other, png(106, 60), 'logo');
    expect((await save(member, await brandOf(member, { logo: theirs }))).statusCode).toBe(400);
  });

  it('keeps each domain to one brand', async () => {
    const first = await neutralMember(t);
    const second = await neutralMember(t);
    const taken = domain();
    expect((await save(first, await brandOf(first, { domain: taken }))).statusCode).toBe(200);
    const res = await save(second, await brandOf(second, { domain: taken }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`The domain ${taken} is used by another brand`);
    // Its owner saves it again with changes.
    const again = await save(first, await brandOf(first, { domain: taken, name: 'Acme Cloud' }));
    expect(again.json().data.brand).toMatchObject({ name: 'Acme Cloud', domain: taken });
  });

  it('is for neutral members only, and stops showing when the membership ends', async () => {
    const plain = await callerFor(
      t,
      await buildUser(t.db.kysely, { roleIds: [10], userType: 'main', identityId: null }),
    );
    expect((await plain.get('/portal/brand')).json().data).toEqual({ neutral: false, brand: null });
    const refused = await save(plain, await brandOf(plain));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only neutral members configure a brand: buy neutral operation first');
    expect((await plain.get('/portal/brand/customers')).statusCode).toBe(403);

    const member = await neutralMember(t);
    const body = await brandOf(member);
    expect((await save(member, body)).statusCode).toBe(200);
    await t.db.kysely
      .updateTable('users')
      .set({ vip_expires_at: Date.now() - 1000 })
      .where('id', '=', member.user.id)
      .execute();
    expect((await current(body.domain)).json().data).toBeNull();
  });
});

describe('customers who sign up on the domain', () => {
  let ip = 0;
  async function signUp(host: string, account: string, phone: string) {
    const remoteAddress = `10.87.${++ip}.1`;
    const headers = { host, 'accept-language': 'en' };
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/apis-authz/auth/user/sendCode',
      payload: { channel: 'sms', target: phone, purpose: 'register' },
      headers,
      remoteAddress,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/apis-authz/auth/user/register',
      payload: {
        account,
        password: 'Secret#2026',
        confirmPassword: 'Secret#2026',
        phone,
        code: sms.codeFor(phone),
        app: 'iot',
      },
      headers,
      remoteAddress,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.userId as number;
  }

  it('belong to the neutral member, who lists them and disables one', async () => {
    const member = await neutralMember(t);
    const body = await brandOf(member);
    expect((await save(member, body)).statusCode).toBe(200);
    const tag = process.pid % 1000;
    const theirs = await signUp(body.domain, `acme_a_${tag}`, '13688870001');
    await signUp('127.0.0.1', `plain_${tag}`, '13688870002');

    const list = (await member.get('/portal/brand/customers')).json().data;
    expect(list.total).toBe(1);
    expect(list.list).toEqual([
      expect.objectContaining({ id: theirs, account: `acme_a_${tag}`, phone: '13688870001', status: 'enabled' }),
    ]);

    const disabled = await member.call('PUT', `/portal/brand/customers/${theirs}/status`, { status: 'disabled' });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await member.get('/portal/brand/customers')).json().data.list[0].status).toBe('disabled');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/apis-authz/authz/login',
      payload: { account: `acme_a_${tag}`, password: 'Secret#2026' },
      headers: { 'accept-language': 'en' },
    });
    expect(signIn.json().code).not.toBe(200);

    // Another neutral member sees none of them and manages none.
    const other = await neutralMember(t);
    expect((await other.get('/portal/brand/customers')).json().data.total).toBe(0);
    const refused = await other.call('PUT', `/portal/brand/customers/${theirs}/status`, { status: 'enabled' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('That account is not one of your customers');

    // The platform's administrators see every neutral member's customers, and no one else's.
    const admin = await callerFor(t, await buildUser(t.db.kysely, { superAdmin: true, roleIds: [5] }));
    const all = (await admin.get(`/portal/brand/customers?keyword=_${tag}`)).json().data;
    expect(all.list.map((u: { id: number }) => u.id)).toEqual([theirs]);
  });

  it('are not offered the platform’s neutral operation, and cannot buy it', async () => {
    const member = await neutralMember(t);
    const body = await brandOf(member);
    expect((await save(member, body)).statusCode).toBe(200);
    const tag = process.pid % 1000;
    await signUp(body.domain, `acme_b_${tag}`, '13688870003');
    await signUp('127.0.0.1', `plain_b_${tag}`, '13688870004');
    for (const [account, customer] of [
      [`acme_b_${tag}`, true],
      [`plain_b_${tag}`, false],
    ] as const) {
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/apis-authz/authz/login',
        payload: { account, password: 'Secret#2026' },
        headers: { 'accept-language': 'en' },
      });
      const token = signIn.json().data.token as string;
      const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
        t.app.inject({ method, url: `/api${url}`, payload, headers: as(token) });
      expect((await call('POST', '/apis-authz/auth/user/queryInfo')).json().data.brandCustomer, account).toBe(customer);
      const neutral = await call('POST', '/iot/billing/orders', { product: 'neutral' });
      if (customer) {
        expect(neutral.statusCode).toBe(409);
        expect(neutral.json().message).toBe(
          'Your account was opened by your provider; ask your provider about neutral operation',
        );
        // Everything else is theirs to buy as before.
        expect((await call('POST', '/iot/billing/orders', { product: 'member1' })).statusCode).toBe(200);
      } else {
        expect(neutral.statusCode, neutral.body).toBe(200);
      }
    }
  });
});
