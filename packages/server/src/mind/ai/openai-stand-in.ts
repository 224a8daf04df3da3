import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in of an OpenAI-compatible endpoint, for tests and for trying AI on a laptop. It
 * speaks the chat-completions protocol (`POST /v1/chat/completions`, JSON or SSE with
 * `stream: true`, usage in the last chunk when `stream_options.include_usage`), checks the bearer
 * key when it is given one, and answers what the test scripts: a reply (streamed whole, held midway
 * until released, or cut midway), an error status (401, 429 with `retry-after`, 500) or silence (a
 * timeout). Listens on 127.0.0.1, port 0; bodies are capped.
 */

export type ScriptedAnswer =
  | {
      reply: string;
      /** Streams this many pieces, then waits for `release()`: a slow model, without timed sleeps. */
      holdAfter?: number;
      /**
       * Streams this many pieces, then drops the connection: an answer cut midway. With the same
       * `holdAfter`, it drops on `release()`, once the test saw the pieces arrive.
       */
      cutAfter?: number;
    }
  | { status: 401 | 429 | 500; retryAfterSeconds?: number }
  /** Accepts the request and never answers: the caller's timeout must end it. */
  | { silence: true };

/** A request as the stand-in received it: what tests read to prove what was (not) sent. */
export interface ReceivedRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    stream?: boolean;
    messages?: Array<{ role: string; content: string }>;
    [key: string]: unknown;
  };
  raw: string;
}

const BODY_LIMIT = 1024 * 1024;
const KEPT_REQUESTS = 200;
const DEFAULT_REPLY = '1. 与学生进行一次单独谈话，了解近况。\n2. 与家长沟通，共同关注学生情绪变化。';

const errorBody = (status: number) => {
  const [type, message] =
    status === 401
      ? ['invalid_request_error', 'Incorrect API key provided.']
      : status === 429
        ? ['rate_limit_exceeded', 'Rate limit reached for requests.']
        : ['server_error', 'The server had an error while processing your request.'];
  return JSON.stringify({ error: { message, type, param: null, code: status === 401 ? 'invalid_api_key' : null } });
};

// Roughly a token per two characters: enough for budgets to move in tests.
const tokensOf = (text: string) => Math.max(1, Math.ceil(text.length / 2));

export async function startOpenAiStandIn(options: { apiKey?: string } = {}) {
  const script: ScriptedAnswer[] = [];
  const received: ReceivedRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  let expectedKey = options.apiKey ?? null;
  let seq = 0;
  // The held streams, each waiting for `release()`, and the tests waiting for one to be held.
  const waiting: Array<() => void> = [];
  const watchers: Array<() => void> = [];

  const answer = async (req: http.IncomingMessage, res: http.ServerResponse, raw: string) => {
    let body: ReceivedRequest['body'];
    try {
      body = JSON.parse(raw) as ReceivedRequest['body'];
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' }).end(errorBody(400));
      return;
    }
    received.push({ path: req.url ?? '', authorization: req.headers.authorization, body, raw });
    if (received.length > KEPT_REQUESTS) received.shift();
    if (expectedKey !== null && req.headers.authorization !== `Bearer ${expectedKey}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(errorBody(401));
      return;
    }
    const next = script.shift() ?? { reply: DEFAULT_REPLY };
    if ('silence' in next) return;
    if ('status' in next) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (next.retryAfterSeconds !== undefined) headers['retry-after'] = String(next.retryAfterSeconds);
      res.writeHead(next.status, headers).end(errorBody(next.status));
      return;
    }
    const id = `chatcmpl-stand-in-${++seq}`;
    const created = Math.floor(Date.now() / 1000);
    const model = body.model ?? 'stand-in';
    const prompt = tokensOf((body.messages ?? []).map((m) => m.content).join(''));
    const completion = tokensOf(next.reply);
    const usage = { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model,
          choices: [{ index: 0, message: { role: 'assistant', content: next.reply }, finish_reason: 'stop' }],
          usage,
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const chunk = (delta: Record<string, string>, finish: string | null, extra: Record<string, unknown> = {}) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`;
    res.write(chunk({ role: 'assistant', content: '' }, null));
    // A few pieces, as a model streams: the client must put them back together.
    const pieces = next.reply.match(/[\s\S]{1,12}/g) ?? [];
    for (const [i, piece] of pieces.entries()) {
      if (i === next.holdAfter) {
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          for (const notify of watchers.splice(0)) notify();
        });
      }
      if (i === next.cutAfter) {
        // What was written goes out first; then the connection closes in the middle of the body.
        res.socket?.end();
        return;
      }
      res.write(chunk({ content: piece }, null));
    }
    res.write(chunk({}, 'stop'));
    const include = (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage;
    if (include) {
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage })}\n\n`,
      );
    }
    res.end('data: [DONE]\n\n');
  };

  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(errorBody(404));
      return;
    }
    const parts: Buffer[] = [];
    let size = 0;
    req.on('data', (part: Buffer) => {
      size += part.length;
      if (size > BODY_LIMIT) {
        res.writeHead(413).end();
        req.destroy();
        return;
      }
      parts.push(part);
    });
    req.on('end', () => {
      if (size <= BODY_LIMIT) void answer(req, res, Buffer.concat(parts).toString('utf8'));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** The base URL to configure, as for OpenAI itself (`…/v1`). */
    baseUrl: `http://127.0.0.1:${port}/v1`,
    /** Queues the next answers, in order; when none is queued it replies with a short default draft. */
    script(...answers: ScriptedAnswer[]) {
      script.push(...answers);
    },
    /** The key it expects (null: any). */
    requireKey(key: string | null) {
      expectedKey = key;
    },
    received,
    /** Resolves once a stream is held (`holdAfter`): its first pieces have been written. */
    held(): Promise<void> {
      return new Promise((resolve) => {
        if (waiting.length > 0) resolve();
        else watchers.push(resolve);
      });
    },
    /** Lets the held streams go on to their end. */
    release() {
      for (const go of waiting.splice(0)) go();
    },
    /** Forgets the script and the requests. */
    reset() {
      script.length = 0;
      received.length = 0;
      for (const go of waiting.splice(0)) go();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type OpenAiStandIn = Awaited<ReturnType<typeof startOpenAiStandIn>>;
