import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as, buildUser } from '../../../test/factories.ts';
import { HOUR } from '../../platform/time.ts';
import { neutralMember } from '../../portal/brands/testing.ts';
import { type Caller, callerFor } from '../../portal/orgs/testing.ts';
import { mainAccount } from '../devices/testing.ts';

let t: TestApp;
let admin: Caller;
let owner: Caller;

const article = (over: Record<string, unknown> = {}) => ({
  title: 'Maintenance on Saturday',
  type: 'announcement',
  content: '<p>Version <strong>2.7.0</strong> ships on Saturday; the platform pauses from 02:00 to 04:00.</p>',
  published: true,
  ...over,
});

async function write(over: Record<string, unknown> = {}) {
  const res = await admin.post('/iot/articles', article(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; content: string; publishedAt: number | null };
}

const announcements = async (by: Caller) => {
  const res = await by.get('/iot/home/summary');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.announcements as Array<{ id: number; title: string; summary: string; pinned: boolean }>;
};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await callerFor(t, await buildUser(t.db.kysely, { roleIds: [12] }));
  owner = await mainAccount(t);
});
afterAll(async () => {
  await t.close();
});

describe('articles', () => {
  it('keeps the markup an article may hold and drops whatever runs', async () => {
    const saved = await write({
      title: 'Sanitised',
      type: 'news',
      content:
        '<p onclick="steal()">Read <a href="https://example.com/notes" onmouseover="x()">the notes</a>' +
        '<script>alert(1)</script><a href="javascript:alert(2)">bad</a></p><img src="x" onerror="alert(3)">' +
        '<iframe src="https://evil.example"></iframe><ul><li>one</li></ul>',
    });
    expect(saved.content).toContain('<a href="https://example.com/notes" target="_blank" rel="noopener noreferrer">');
    expect(saved.content).toContain('<ul><li>one</li></ul>');
    for (const gone of ['onclick', 'onmouseover', 'script', 'javascript:', 'onerror', 'iframe', 'alert']) {
      expect(saved.content).not.toContain(gone);
    }
  });

  it('refuses an article without title, type or readable content, in the caller’s language', async () => {
    const res = await admin.post('/iot/articles', { ...article(), title: ' ', type: 'ad', content: '' });
    expect(res.statusCode).toBe(400);
    const fields = res.json().data;
    expect(fields).toContainEqual({ field: 'title', msg: 'Give the article a title (at most 100 characters)' });
    expect(fields).toContainEqual({ field: 'type', msg: 'Choose the article type' });
    expect(fields).toContainEqual({ field: 'content', msg: 'Write the article’s content' });
    // Markup alone is no content once sanitised.
    const empty = await admin.call('POST', '/iot/articles', article({ content: '<p><script>x()</script></p>' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Write the article’s content');
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/iot/articles',
      headers: { ...as(admin.token), 'accept-language': 'zh-CN' },
      payload: article({ showFrom: Date.now(), showUntil: Date.now() - HOUR }),
    });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().data).toContainEqual({ field: 'showUntil', msg: '展示结束时间必须晚于开始时间' });
  });

  it('shows running announcements on every user’s home page, pinned first, and opens them', async () => {
    const now = Date.now();
    const older = await write({ title: 'Older notice' });
    const pinned = await write({ title: 'Pinned notice', pinned: true });
    await write({ title: 'Draft notice', published: false });
    await write({ title: 'Future notice', showFrom: now + 24 * HOUR });
    await write({ title: 'Past notice', showFrom: now - 48 * HOUR, showUntil: now - 24 * HOUR });
    await write({ title: 'Just news', type: 'news' });
    const newest = await write({ title: 'Newest notice' });
    const seen = await announcements(owner);
    expect(seen.map((a) => a.title)).toEqual(['Pinned notice', 'Newest notice', 'Older notice']);
    expect(seen[0]?.summary).toBe('Version 2.7.0 ships on Saturday; the platform pauses from 02:00 to 04:00.');
    expect(seen.map((a) => a.id)).toEqual([pinned.id, newest.id, older.id]);
    const open = await owner.get(`/iot/articles/published/${newest.id}`);
    expect(open.statusCode).toBe(200);
    expect(open.json().data.content).toContain('<strong>2.7.0</strong>');
  });

  it('keeps drafts and the management list to those who manage articles', async () => {
    const draft = await write({ title: 'Unreleased', published: false });
    expect((await owner.get(`/iot/articles/published/${draft.id}`)).statusCode).toBe(404);
    expect((await owner.get('/iot/articles')).statusCode).toBe(403);
    expect((await owner.post('/iot/articles', article())).statusCode).toBe(403);
    const list = await admin.get('/iot/articles?published=false&keyword=unrel');
    expect(list.json().data.list.map((a: { title: string }) => a.title)).toEqual(['Unreleased']);
  });

  it('edits and deletes, keeping the first publication time', async () => {
    const saved = await write({ title: 'To edit', type: 'help' });
    const hidden = await admin.call(
      'PUT',
      `/iot/articles/${saved.id}`,
      article({ title: 'Edited', type: 'help', published: false }),
    );
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().data).toMatchObject({ title: 'Edited', published: false, publishedAt: saved.publishedAt });
    expect((await admin.call('DELETE', `/iot/articles/${saved.id}`)).statusCode).toBe(200);
    const gone = await admin.get(`/iot/articles/${saved.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('No such article');
  });
});

describe('a neutral member’s articles', () => {
  it('are its customers’ announcements instead of the platform’s, and its own to manage', async () => {
    const member = await neutralMember(t);
    const platform = await write({ title: 'Platform maintenance' });
    const own = await member.post('/iot/brand/articles', article({ title: 'Acme maintenance' }));
    expect(own.statusCode, own.body).toBe(200);
    const ownId = own.json().data.id as number;

    const customer = await mainAccount(t);
    await t.db.kysely
      .updateTable('users')
      .set({ reseller_id: member.user.id })
      .where('id', '=', customer.user.id)
      .execute();
    expect((await announcements(customer)).map((a) => a.title)).toEqual(['Acme maintenance']);
    expect((await customer.get(`/iot/articles/published/${ownId}`)).statusCode).toBe(200);
    expect((await customer.get(`/iot/articles/published/${platform.id}`)).statusCode).toBe(404);

    const seen = (await announcements(owner)).map((a) => a.title);
    expect(seen).toContain('Platform maintenance');
    expect(seen).not.toContain('Acme maintenance');
    expect((await owner.get(`/iot/articles/published/${ownId}`)).statusCode).toBe(404);

    // Each desk lists and changes its own only.
    const platformList = (await admin.get('/iot/articles?size=100')).json().data.list as Array<{ id: number }>;
    expect(platformList.map((a) => a.id)).not.toContain(ownId);
    const brandList = (await member.get('/iot/brand/articles')).json().data;
    expect(brandList.list.map((a: { id: number }) => a.id)).toEqual([ownId]);
    expect((await admin.call('PUT', `/iot/articles/${ownId}`, article())).statusCode).toBe(404);
    const other = await neutralMember(t);
    expect((await other.get('/iot/brand/articles')).json().data.total).toBe(0);
    expect((await other.call('DELETE', `/iot/brand/articles/${ownId}`)).statusCode).toBe(404);
    expect((await member.call('PUT', `/iot/brand/articles/${platform.id}`, article())).statusCode).toBe(404);

    // Only a neutral member has a brand's desk.
    const refused = await owner.get('/iot/brand/articles');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only neutral members configure a brand: buy neutral operation first');

    const edited = await member.call(
      'PUT',
      `/iot/brand/articles/${ownId}`,
      article({ title: 'Acme maintenance, moved' }),
    );
    expect(edited.json().data.title).toBe('Acme maintenance, moved');
    expect((await member.call('DELETE', `/iot/brand/articles/${ownId}`)).statusCode).toBe(200);
    expect(await announcements(customer)).toEqual([]);
  });
});
