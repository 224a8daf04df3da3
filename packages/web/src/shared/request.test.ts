import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors.ts';
import { get, post, REQUEST_TIMEOUT_MS, streamEvents } from './request.ts';
import { memoryStorage } from './testing.ts';

interface Call {
  url: string;
  init: RequestInit;
}

/** Answers every fetch with `body` and records what was asked. */
function serverAnswers(status: number, body: unknown): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

/** A fetch that never answers, as a hung server: it only ends when its signal aborts. */
function serverHangs(): void {
  vi.stubGlobal(
    'fetch',
    (_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
}

async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('the request client', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('resolves the data of a 200 envelope, calling /api/ with the platform headers', async () => {
    localStorage.setItem('token', 'token-1');
    const calls = serverAnswers(200, { code: 200, message: 'ok', data: { version: '1.0.0' } });

    await expect(get('health', { query: { page: 1, q: undefined } })).resolves.toEqual({ version: '1.0.0' });

    const [call] = calls;
    expect(call?.url).toBe('/api/health?page=1');
    expect(call?.init.credentials).toBe('same-origin');
    const headers = new Headers(call?.init.headers);
    expect(headers.get('X-Authorization')).toBe('token-1');
    expect(headers.get('Cache-Control')).toBe('no-cache');
    expect(headers.get('Pragma')).toBe('no-cache');
    expect(headers.get('Accept-Language')).toBe('zh-CN');
    expect(headers.get('X-Device-Id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('keeps one device id, sends no token when signed out, and speaks the remembered language', async () => {
    localStorage.setItem('meridian.lang', 'en');
    const calls = serverAnswers(200, { code: 200, message: 'ok', data: null });
    await post('things', { name: 'x' });
    await post('things', { name: 'y' });
    const [first, second] = calls.map((call) => new Headers(call.init.headers));
    expect(first?.get('X-Device-Id')).toBe(second?.get('X-Device-Id'));
    expect(first?.get('X-Authorization')).toBeNull();
    expect(first?.get('Accept-Language')).toBe('en');
    expect(first?.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.init.body).toBe('{"name":"x"}');
  });

  it('throws the envelope of a refused request as an ApiError with its field errors', async () => {
    const items = [{ field: 'name', msg: '必填' }];
    serverAnswers(400, { code: 400, message: '请求参数有误', data: items });
    const error = await failureOf(post('things', {}));
    expect(error).toMatchObject({ code: 400, httpStatus: 400, message: '请求参数有误', items, failure: 'response' });
  });

  it('throws a session-invalid code as it came, whatever the HTTP status', async () => {
    serverAnswers(401, { code: 10021, message: '登录已过期', data: null });
    expect(await failureOf(get('me'))).toMatchObject({ code: 10021, httpStatus: 401 });
  });

  it('reports a body that is not an envelope by its HTTP status', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await failureOf(get('health'))).toMatchObject({ code: 502, httpStatus: 502, message: '' });
  });

  it('reports a network failure as such', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await failureOf(get('health'))).toMatchObject({ failure: 'network', code: 0 });
  });

  it('gives up after 30 seconds', async () => {
    vi.useFakeTimers();
    serverHangs();
    const pending = failureOf(get('slow'));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(await pending).toMatchObject({ failure: 'timeout' });
  });

  it("passes the caller's own abort through untouched, so a cancelled query stays quiet", async () => {
    serverHangs();
    const controller = new AbortController();
    const pending = get('slow', { signal: controller.signal });
    const reason = new DOMException('left the page', 'AbortError');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });
});

describe('streamEvents', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  /** A streamed answer whose bytes arrive in reads cut at these byte offsets. */
  function serverStreams(text: string, cuts: number[]): void {
    const bytes = new TextEncoder().encode(text);
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(
          new ReadableStream({
            start(controller) {
              for (const [i, from] of [0, ...cuts].entries()) controller.enqueue(bytes.slice(from, cuts[i]));
              controller.close();
            },
          }),
          { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } },
        ),
    );
  }

  it('hands over each event whole, however the bytes were cut', async () => {
    const text =
      'event: kept\ndata: {"conversationId":7}\n\nevent: piece\ndata: {"text":"听起来"}\n\n' +
      'event: piece\ndata: {"text":"很累"}\n\nevent: done\ndata: {"ok":true}\n\n';
    const at = (part: string) => new TextEncoder().encode(text.slice(0, text.indexOf(part))).length;
    // Inside an event's name, inside a Chinese character, and between the two newlines ending an event.
    serverStreams(text, [at('ce\ndata'), at('听') + 1, at('\nevent: piece\ndata: {"text":"很')]);
    const seen: unknown[] = [];
    await streamEvents('apis-psychology/h5/treeHole/say/stream', { text: '累' }, (e) => seen.push(e));
    expect(seen).toEqual([
      { event: 'kept', data: { conversationId: 7 } },
      { event: 'piece', data: { text: '听起来' } },
      { event: 'piece', data: { text: '很累' } },
      { event: 'done', data: { ok: true } },
    ]);
  });

  it('throws a refusal before the stream as the envelope says', async () => {
    serverAnswers(409, {
      code: 409,
      message: 'The last message of this conversation already has an answer',
      data: null,
    });
    const error = await failureOf(streamEvents('apis-psychology/h5/treeHole/again/stream', {}, () => undefined));
    expect(error.code).toBe(409);
    expect(error.message).toBe('The last message of this conversation already has an answer');
  });
});
