import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type OpenAiStandIn, startOpenAiStandIn } from '../../server/src/mind/ai/openai-stand-in.ts';
import { buildUser } from '../../server/test/factories.ts';
import { launchBrowser, phone } from './browser.ts';
import { buildClassWorld, tokenOf } from './mind-assess-world.ts';
import { type PortalServer, startPortalServer } from './portal-server.ts';

// The AI walks' common ground (interviews, the tree hole): a portal server with a secrets key, the
// local OpenAI-compatible stand-in, a browser, and a class whose school may send text to the model.

/** The phone of the brief: 375 px wide. */
export const narrowPhone = { ...phone, viewport: { width: 375, height: 812 } };

export interface AiSuite {
  server: PortalServer;
  browser: Browser;
  ai: OpenAiStandIn;
  apiKey: string;
}

/** Starts the server, the stand-in and the browser before the file's tests, and stops them after. */
export function aiWalkSuite(apiKey: string): AiSuite {
  const suite = { apiKey } as AiSuite;
  beforeAll(async () => {
    suite.ai = await startOpenAiStandIn({ apiKey });
    suite.server = await startPortalServer({ SECRETS_KEY: 'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=' });
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.close();
    await suite.ai?.close();
  });
  return suite;
}

async function call(suite: AiSuite, token: string, method: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${suite.server.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-authorization': token },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number };
  if (envelope.code !== 200) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
}

/** A class world whose deployment's endpoint is the stand-in and whose school recorded its legal basis. */
export async function aiClassWorld(suite: AiSuite) {
  const world = await buildClassWorld(suite.server);
  const admin = await buildUser(suite.server.db, { roleIds: [1], superAdmin: true, identityId: 1 });
  const adminToken = await tokenOf(suite.server.url, admin);
  await call(suite, adminToken, 'PUT', '/apis-psychology/aiSetting', {
    enabled: true,
    baseUrl: suite.ai.baseUrl,
    model: 'stand-in-chat',
    apiKey: suite.apiKey,
    dailyTokenBudget: 1_000_000,
  });
  await call(suite, adminToken, 'PUT', `/apis-psychology/aiSetting/schools/${world.orgs.school.id}`, {
    sending: true,
    legalBasis: '家长知情同意书（2026 秋季）',
  });
  return world;
}
