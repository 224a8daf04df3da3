import { afterEach, expect } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { DEFAULT_DEMO_PASSWORD } from '../../portal/demo.ts';

/**
 * Test apps with demo data on, closed after each test with whatever else a test started
 * (`cleanups`, closed first and in reverse order).
 */
export function demoApps() {
  const apps: TestApp[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    for (const t of apps.splice(0)) await t.close();
  });
  const app = async (env: Record<string, string> = { DEMO_DATA: 'on' }) => {
    const t = await buildTestApp(env);
    apps.push(t);
    return t;
  };
  return { app, cleanups };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Signs in as the demo account with the demo password, as a visitor following the README would. */
export async function signInDemoIot(t: TestApp) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/apis-authz/authz/login',
    payload: { account: 'demo_iot', password: DEFAULT_DEMO_PASSWORD },
  });
  expect(res.json().message).toBe('操作成功');
  const { token, user } = res.json().data as { token: string; user: { roleId: number; defaultPass: boolean } };
  const call = (method: Method, url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { 'x-authorization': token, 'accept-language': 'en' },
      payload: method === 'GET' || method === 'DELETE' ? undefined : (payload ?? {}),
    });
  return {
    user,
    call,
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: object) => call('POST', url, payload),
  };
}
