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
  // No SECRETS_KEY: a key can only come from the environment.
  t = await buildTestApp({ AI_API_KEY: ENV_KEY });
  admin = await callerFor(t, await buildUser(t.db.kysely, { roleIds: [5], superAdmin: true, identityId: 4 }));
}, 60_000);
afterAll(async () => {
  await t.close();
  await ai.close();
});

describe('a key from the environment', () => {
  it('is used for calls, never shown, and no key can be stored without SECRETS_KEY', async () => {
    const body = { enabled: true, baseUrl: ai.baseUrl, model: 'stand-in-chat', dailyTokenBudget: 1000 };
    const saved = await admin.call('PUT', '/apis-psychology/aiSetting', body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ keySource: 'environment', canStoreKey: false });
    expect(saved.body).not.toContain(ENV_KEY);
    const refused = await admin.call('PUT', '/apis-psychology/aiSetting', { ...body, apiKey: 'sk-other' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('SECRETS_KEY');
    const test = await admin.post('/apis-psychology/aiSetting/test');
    expect(test.json().data.outcome).toBe('ok');
    expect(ai.received[0]?.authorization).toBe(`Bearer ${ENV_KEY}`);
  });
});
