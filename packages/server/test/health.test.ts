import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './app.ts';
import { testEngine } from './db.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('/api/health', () => {
  it('reports the version, the engine and that the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 200,
      message: 'Success',
      data: { version: '0.0.0-test', engine: testEngine(), database: 'up', services: ['api', 'gateway', 'jobs'] },
    });
  });

  it('says 503 when the database does not answer', async () => {
    const broken = await buildTestApp();
    await broken.db.close();
    const res = await broken.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 503,
      message: 'The service is unavailable, please try again later',
      data: { database: 'down' },
    });
    await broken.app.close();
  });
});

describe('/api/docs', () => {
  it('serves the OpenAPI document generated from the Zod schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const health = doc.paths['/api/health'].get.responses['200'].content['application/json'].schema;
    expect(health.properties.data.properties.engine.enum).toEqual(['sqlite', 'postgres']);
    expect(Object.keys(health.properties)).toEqual(['code', 'message', 'data']);
  });

  it('has a viewer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/ui/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
  });
});
