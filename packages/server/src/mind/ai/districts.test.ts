import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { type AssessmentWorld, buildAssessmentWorld } from '../assessments/testing.ts';
import { type OpenAiStandIn, startOpenAiStandIn } from './openai-stand-in.ts';

// A district's own endpoint (decision 0146): the deployment's is one stand-in, North Bureau's another.
const SECRETS_KEY = 'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=';
const P = '/apis-psychology/aiSetting';
const say = '/apis-psychology/h5/treeHole/say';
let t: TestApp;
let w: AssessmentWorld;
let deployment: OpenAiStandIn;
let district: OpenAiStandIn;

const districtBody = (more: Record<string, unknown> = {}) => ({
  enabled: true,
  baseUrl: district.baseUrl,
  model: 'district-chat',
  apiKey: 'sk-district',
  ...more,
});

beforeAll(async () => {
  deployment = await startOpenAiStandIn({ apiKey: 'sk-deployment' });
  district = await startOpenAiStandIn({ apiKey: 'sk-district' });
  // The environment's key is the deployment's: it must never go to a district's address.
  t = await buildTestApp({ SECRETS_KEY, AI_TIMEOUT_MS: '5000', AI_API_KEY: 'sk-from-environment' });
  w = await buildAssessmentWorld(t);
  const saved = await w.platform.call('PUT', P, {
    enabled: true,
    baseUrl: deployment.baseUrl,
    model: 'deployment-chat',
    apiKey: 'sk-deployment',
    dailyTokenBudget: 1_000_000,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const privacy = await w.schoolAdmin.call('PUT', `${P}/schools/${w.orgs.school.id}`, {
    sending: true,
    legalBasis: '家长知情同意书（2026 秋季）',
  });
  expect(privacy.statusCode, privacy.body).toBe(200);
}, 120_000);
afterAll(async () => {
  await t.close();
  await deployment.close();
  await district.close();
});
beforeEach(() => {
  deployment.reset();
  district.reset();
});

describe("a district's own AI endpoint", () => {
  it('is set by the district administrator for their district only, audited without the key', async () => {
    const mine = await w.bureauAdmin.get(`${P}/districts`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toEqual([{ districtId: w.orgs.bureau.id, districtName: 'North Bureau', own: null }]);
    const all = (await w.platform.get(`${P}/districts`)).json().data;
    expect(all.map((d: { districtName: string }) => d.districtName)).toEqual(['North Bureau', 'South Bureau']);
    expect((await w.schoolAdmin.get(`${P}/districts`)).json().data).toEqual([]);

    const foreign = await w.bureauAdmin.call('PUT', `${P}/districts/${w.orgs.otherBureau.id}`, districtBody());
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('No such district, or it is not yours to manage');
    const fromSchool = await w.schoolAdmin.call('PUT', `${P}/districts/${w.orgs.bureau.id}`, districtBody());
    expect(fromSchool.statusCode).toBe(404);
    const incomplete = await w.bureauAdmin.call(
      'PUT',
      `${P}/districts/${w.orgs.bureau.id}`,
      districtBody({ model: '' }),
    );
    expect(incomplete.statusCode).toBe(400);

    const saved = await w.bureauAdmin.call('PUT', `${P}/districts/${w.orgs.bureau.id}`, districtBody());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.own).toMatchObject({ enabled: true, model: 'district-chat', keySource: 'stored' });
    expect(saved.body).not.toContain('sk-district');
    const stored = await t.db.kysely
      .selectFrom('settings')
      .select('value')
      .where('key', '=', `mind.ai.district.${w.orgs.bureau.id}`)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored.value)).not.toContain('sk-district');
    const audits = await t.db.kysely
      .selectFrom('audit_log')
      .select(['target_id', 'detail'])
      .where('action', '=', 'ai.district.save')
      .execute();
    expect(audits.map((a) => Number(a.target_id))).toEqual([w.orgs.bureau.id]);
    expect(JSON.stringify(audits)).not.toContain('sk-district');

    const tested = await w.bureauAdmin.post(`${P}/districts/${w.orgs.bureau.id}/test`);
    expect(tested.json().data.outcome).toBe('ok');
    expect(district.received[0]?.authorization).toBe('Bearer sk-district');
    expect(deployment.received).toEqual([]);
  });

  it("serves its schools instead of the deployment's; off there is off; cleared, they go back", async () => {
    await w.bureauAdmin.call('PUT', `${P}/districts/${w.orgs.bureau.id}`, districtBody());
    district.script({ reply: '我在听，慢慢说。' });
    const heard = await w.callers.a1.post(say, { text: '最近作业好多，有点累' });
    expect(heard.statusCode, heard.body).toBe(200);
    expect(heard.json().data.conversations[0].messages.at(-1).content).toBe('我在听，慢慢说。');
    expect(district.received.map((r) => [r.body.model, r.authorization])).toEqual([
      ['district-chat', 'Bearer sk-district'],
    ]);
    expect(deployment.received).toEqual([]);

    // The budget per school is still the deployment's.
    const budget = { enabled: true, baseUrl: deployment.baseUrl, model: 'deployment-chat', dailyTokenBudget: 1 };
    expect((await w.platform.call('PUT', P, budget)).statusCode).toBe(200);
    expect((await w.callers.a1.get('/apis-psychology/h5/treeHole')).json().data.unavailable).toBe('overBudget');
    expect((await w.platform.call('PUT', P, { ...budget, dailyTokenBudget: 1_000_000 })).statusCode).toBe(200);

    const off = await w.bureauAdmin.call('PUT', `${P}/districts/${w.orgs.bureau.id}`, districtBody({ enabled: false }));
    expect(off.statusCode, off.body).toBe(200);
    const plain = await w.callers.a1.post(say, { text: '今天还好' });
    expect(plain.json().data.unavailable).toBe('off');
    expect(plain.json().data.conversations[0].messages.at(-1).content).toContain('12356');
    expect([...district.received, ...deployment.received]).toHaveLength(1);

    // Without its own key, the district's address gets no key: never the environment's.
    await w.bureauAdmin.call('PUT', `${P}/districts/${w.orgs.bureau.id}`, districtBody({ apiKey: '' }));
    district.requireKey(null);
    await w.callers.a1.post(say, { text: '还在吗' });
    expect(district.received.at(-1)?.authorization).not.toContain('sk-from-environment');
    district.requireKey('sk-district');

    const cleared = await w.bureauAdmin.call('DELETE', `${P}/districts/${w.orgs.bureau.id}`);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await w.bureauAdmin.get(`${P}/districts`)).json().data[0].own).toBeNull();
    deployment.script({ reply: '谢谢你告诉我。' });
    const back = await w.callers.a1.post(say, { text: '又想说两句' });
    expect(back.json().data.conversations[0].messages.at(-1).content).toBe('谢谢你告诉我。');
    expect(deployment.received.map((r) => r.authorization)).toEqual(['Bearer sk-deployment']);
  });
});
