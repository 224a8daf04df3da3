import { envelopeOf } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from './app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ BODY_LIMIT_BYTES: String(64 * 1024) });
  // A route of the kind every feature will add, to see how the platform treats its requests.
  const device = z.strictObject({ name: z.string().min(4).max(30), port: z.number().int().min(1).max(65535) });
  t.app.post(
    '/api/test/devices',
    { config: { access: 'public' }, schema: { body: device, response: { 200: envelopeOf(device) } } },
    async (request) => ({ code: 200, message: 'ok', data: request.body }),
  );
  t.app.get('/api/test/boom', { config: { access: 'public', sends: 'stream' } }, async () => {
    throw new Error('secret detail at /srv/app.ts:12');
  });
  await t.app.ready();
});
afterAll(() => t.close());

const post = (payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/test/devices',
    payload,
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('the response envelope', () => {
  it('wraps success', async () => {
    const res = await post(JSON.stringify({ name: 'Pump 1', port: 502 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, message: 'ok', data: { name: 'Pump 1', port: 502 } });
  });

  it('lists each broken rule as { field, msg } with code 400', async () => {
    const res = await post(JSON.stringify({ name: 'ab', port: 70000, admin: true }), { 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 400,
      message: 'Some fields are not valid',
      data: expect.arrayContaining([
        { field: 'name', msg: 'must be at least 4 characters' },
        { field: 'port', msg: 'must be at most 65535' },
        { field: 'body', msg: 'unknown field(s): admin' },
      ]),
    });
  });

  it('answers in Chinese unless the caller prefers English', async () => {
    const res = await post(JSON.stringify({ name: 'Pump 1', port: 'x' }));
    expect(res.json()).toEqual({ code: 400, message: '请求参数有误', data: [{ field: 'port', msg: '应为数字' }] });
    const missing = await post(JSON.stringify({ port: 1 }), { 'accept-language': 'en-GB,en;q=0.9' });
    expect(missing.json().data).toEqual([{ field: 'name', msg: 'is required' }]);
  });

  it('refuses malformed JSON, an empty JSON body and a wrong content type clearly', async () => {
    const bad = await post('{"name": "Pump', { 'accept-language': 'en' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 400, message: 'The request body is not valid JSON', data: null });

    const empty = await post('', { 'accept-language': 'en' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The request body is empty but its content type says JSON');

    const xml = await post('<device/>', { 'content-type': 'application/xml', 'accept-language': 'en' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ code: 415, message: 'Unsupported content type: application/xml', data: null });
  });

  it('refuses an oversized body with 413 and names the limit', async () => {
    const res = await post(JSON.stringify({ name: 'x'.repeat(70 * 1024), port: 1 }), { 'accept-language': 'en' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 413, message: 'The request body is too large; the limit is 64 KB', data: null });
  });

  it('answers an unknown API route with 404 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/no/such/thing?x=1',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: 'No such API: DELETE /api/no/such/thing', data: null });
  });

  it('hides an unexpected error from the caller and logs it in full', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, message: '服务器内部错误', data: null });
    expect(res.body).not.toContain('secret detail');
    const logged = t.logs.find((l) => l.msg === 'unexpected error');
    expect(JSON.stringify(logged)).toContain('secret detail at /srv/app.ts:12');
    expect(JSON.stringify(logged)).toContain('stack');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('route declarations', () => {
  it('refuses to start when an API route does not say who may call it', async () => {
    const other = await buildTestApp();
    other.app.get('/api/test/forgotten', async () => 'x');
    await expect(other.app.ready()).rejects.toThrow('routes without an access declaration: GET /api/test/forgotten');
    await other.close();
  });

  it('refuses to start when a route answering JSON does not declare what it answers', async () => {
    const other = await buildTestApp();
    other.app.get('/api/test/unshaped', { config: { access: 'user' } }, async () => ({
      code: 200,
      data: { secret: 1 },
    }));
    other.app.get('/api/test/export', { config: { access: 'user', sends: 'file' } }, async () => 'a,b');
    await expect(other.app.ready()).rejects.toThrow(
      'routes without a response schema (or config.sends for a file, redirect, stream or page): GET /api/test/unshaped',
    );
    await other.close();
  });

  it('keeps a table of every route with its access and schemas', () => {
    expect(t.app.routeTable).toContainEqual(
      expect.objectContaining({ method: 'GET', url: '/api/health', access: 'public' }),
    );
  });
});
