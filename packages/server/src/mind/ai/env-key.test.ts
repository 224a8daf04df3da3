import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { type Caller, callerFor } from '../../portal/orgs/testing.ts';
import { type OpenAiStandIn, startOpenAiStandIn } from './openai-stand-in.ts';

const ENV_KEY = 'sk-from-the-environment-42';
let t: TestApp;
let ai: OpenAiStandIn;
let admin: Caller;

beforeAll(async () => {
  ai = await startOpenAiStandIn({ apiKey: ENV_KEY });
  // No key stored: the environment's is used.
  t = await buildTestApp({ AI_API_KEY: ENV_KEY });
  admin = await callerFor(t, await buildUser(t.db.kysely, { roleIds: [5], superAdmin: true, identityId: 4 }));
}, 60_000);
afterAll(async () => {
  await t.close();
  await ai.close();
});

describe('a key from the environment', () => {
  it('is used for calls and never shown; a stored key takes over, and removing it gives the environment’s back', async () => {
    const body = { enabled: true, baseUrl: ai.baseUrl, model: 'stand-in-chat', dailyTokenBudget: 1000 };
    const saved = await admin.call('PUT', '/apis-psychology/aiSetting', body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ keySource: 'environment', canStoreKey: true });
    expect(saved.body).not.toContain(ENV_KEY);
    const test = await admin.post('/apis-psychology/aiSetting/test');
    expect(test.json().data.outcome).toBe('ok');
    expect(ai.received[0]?.authorization).toBe(`Bearer ${ENV_KEY}`);
    // Stored, sealed by the deployment's box (its key in DATA_DIR here): the stand-in refuses it.
    const stored = await admin.call('PUT', '/apis-psychology/aiSetting', { ...body, apiKey: 'sk-other' });
    expect(stored.json().data.keySource).toBe('stored');
    expect(stored.body).not.toContain('sk-other');
    expect((await admin.post('/apis-psychology/aiSetting/test')).json().data.outcome).toBe('unauthorized');
    const removed = await admin.call('PUT', '/apis-psychology/aiSetting', { ...body, apiKey: '' });
    expect(removed.json().data.keySource).toBe('environment');
    expect((await admin.post('/apis-psychology/aiSetting/test')).json().data.outcome).toBe('ok');
  });
});
