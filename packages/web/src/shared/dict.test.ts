import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadDict } from './dict.ts';
import { memoryStorage } from './testing.ts';

const deviceStatus = {
  type: 'device_status',
  name: '设备状态',
  items: [
    { code: 'online', label: '在线', labels: { 'zh-CN': '在线', en: 'Online' }, sort: 1 },
    { code: 'offline', label: '离线', labels: { 'zh-CN': '离线', en: 'Offline' }, sort: 2 },
  ],
};

describe('dictionary codes', () => {
  let calls: string[];
  beforeEach(() => {
    calls = [];
    vi.stubGlobal('localStorage', memoryStorage());
    vi.stubGlobal('sessionStorage', memoryStorage());
    vi.stubGlobal('fetch', async (url: string) => {
      calls.push(url);
      return new Response(JSON.stringify({ code: 200, message: '操作成功', data: deviceStatus }), { status: 200 });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('are fetched once per type, however many pages ask at once, and then come from the cache', async () => {
    const [first, second] = await Promise.all([loadDict('device_status'), loadDict('device_status')]);
    expect(first).toEqual(deviceStatus.items);
    expect(second).toEqual(deviceStatus.items);
    expect(await loadDict('device_status')).toEqual(deviceStatus.items);
    expect(calls).toEqual(['/api/apis-portal/dict/device_status']);
  });

  it('are fetched again after sign-out has cleared session storage', async () => {
    await loadDict('device_status');
    sessionStorage.clear();
    await loadDict('device_status');
    expect(calls).toHaveLength(2);
  });
});
