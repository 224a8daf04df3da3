import type { AiTestOutcome } from '@meridian/contracts';
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';

/** Where to call and with what: the deployment's endpoint with its key opened. */
export interface AiEndpoint {
  baseUrl: string;
  model: string;
  apiKey: string;
  timeoutMs: number;
}

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

export interface ChatAnswer {
  text: string;
  /** As the endpoint counted them; estimated from the text when it does not say. */
  tokens: number;
  latencyMs: number;
}

/** Why a call failed, in the words the page and the test button use. */
export class AiCallError extends Error {
  readonly outcome: Exclude<AiTestOutcome, 'ok' | 'notSet'>;
  readonly status: number | null;
  readonly retryAfterSeconds: number | null;
  constructor(outcome: AiCallError['outcome'], status: number | null, retryAfterSeconds: number | null) {
    super(`AI call failed: ${outcome}${status ? ` (${status})` : ''}`);
    this.name = 'AiCallError';
    this.outcome = outcome;
    this.status = status;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

// Our own retry policy is "tell the user": a 429 says when to come back rather than queueing here.
const clientOf = (e: AiEndpoint) =>
  new OpenAI({ apiKey: e.apiKey || 'none', baseURL: e.baseUrl, timeout: e.timeoutMs, maxRetries: 0 });

function retryAfter(headers: Headers | undefined): number | null {
  const value = headers?.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function callError(error: unknown, timedOut: boolean): AiCallError {
  if (error instanceof APIConnectionTimeoutError || (timedOut && error instanceof APIUserAbortError)) {
    return new AiCallError('timeout', null, null);
  }
  if (error instanceof APIConnectionError) return new AiCallError('unreachable', null, null);
  if (error instanceof APIError && error.status !== undefined) {
    if (error.status === 401 || error.status === 403) return new AiCallError('unauthorized', error.status, null);
    if (error.status === 429) return new AiCallError('rateLimited', 429, retryAfter(error.headers));
    return new AiCallError('failed', error.status, null);
  }
  if (timedOut) return new AiCallError('timeout', null, null);
  return new AiCallError('failed', null, null);
}

/**
 * The stream stopped before the model said it was done (the connection dropped midway): what came
 * is incomplete and is not kept; the student's message is, and they can ask again.
 */
export class AiStreamCut extends Error {
  constructor() {
    super('AI stream cut before it finished');
    this.name = 'AiStreamCut';
  }
}

/** Roughly a token per 4 letters or per Chinese character: used only when the endpoint reports no usage. */
const estimateTokens = (text: string) => Math.ceil(text.length / 2);

/**
 * One chat completion, streamed (the usage comes in the last chunk). The whole call, the stream
 * included, must finish within the endpoint's timeout. `onText` hears each piece as it comes; the
 * answer is returned only once the model finished, else `AiStreamCut` (or `AiCallError`) is thrown.
 */
export async function chat(
  endpoint: AiEndpoint,
  messages: ChatMessage[],
  maxTokens: number,
  onText?: (piece: string) => void,
): Promise<ChatAnswer> {
  const started = performance.now();
  const deadline = AbortSignal.timeout(endpoint.timeoutMs);
  try {
    const stream = await clientOf(endpoint).chat.completions.create(
      {
        model: endpoint.model,
        messages,
        stream: true,
        stream_options: { include_usage: true },
        max_tokens: maxTokens,
        temperature: 0.3,
      },
      { signal: deadline },
    );
    let text = '';
    let tokens: number | null = null;
    let finished = false;
    try {
      for await (const chunk of stream) {
        const piece = chunk.choices[0]?.delta?.content ?? '';
        if (piece) {
          text += piece;
          onText?.(piece);
        }
        if (chunk.choices[0]?.finish_reason) finished = true;
        if (chunk.usage) tokens = chunk.usage.total_tokens;
      }
    } catch (error) {
      // Past the first chunk a dropped connection is a cut answer, not an unreachable endpoint.
      if (!deadline.aborted && text !== '') throw new AiStreamCut();
      throw error;
    }
    if (!finished) throw new AiStreamCut();
    const sent = messages.reduce((n, m) => n + m.content.length, 0);
    return {
      text: text.trim(),
      tokens: tokens ?? estimateTokens(text) + Math.ceil(sent / 2),
      latencyMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    if (error instanceof AiStreamCut) throw error;
    throw callError(error, deadline.aborted);
  }
}

/** The "test" button: a one-word completion, not streamed; says what happened and how long it took. */
export async function testEndpoint(endpoint: AiEndpoint) {
  const started = performance.now();
  const deadline = AbortSignal.timeout(endpoint.timeoutMs);
  try {
    await clientOf(endpoint).chat.completions.create(
      { model: endpoint.model, messages: [{ role: 'user', content: 'ping' }], max_tokens: 1 },
      { signal: deadline },
    );
    return {
      outcome: 'ok' as const,
      latencyMs: Math.round(performance.now() - started),
      status: null,
      retryAfterSeconds: null,
    };
  } catch (error) {
    const failed = callError(error, deadline.aborted);
    return {
      outcome: failed.outcome,
      latencyMs: Math.round(performance.now() - started),
      status: failed.status,
      retryAfterSeconds: failed.retryAfterSeconds,
    };
  }
}
