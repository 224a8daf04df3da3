import type { Envelope, FieldError } from '@meridian/contracts';
import { ApiError } from './errors.ts';
import { currentLang } from './i18n.ts';
import { getToken } from './session.ts';
import { readLocal, writeLocal } from './storage.ts';

/** Mind spec section 9: every call gives up after 30 seconds. */
export const REQUEST_TIMEOUT_MS = 30_000;
export const DEVICE_ID_KEY = 'meridian.deviceId';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** A random id for this browser, kept so the server can tell one device's sessions from another's. */
export function deviceId(): string {
  const stored = readLocal(DEVICE_ID_KEY);
  if (stored) return stored;
  // getRandomValues, not randomUUID: the latter needs a secure context, and plants often serve plain http.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  writeLocal(DEVICE_ID_KEY, id);
  return id;
}

function addressOf(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(name, String(value));
  }
  const search = params.size > 0 ? `?${params}` : '';
  return `/api/${path.replace(/^\/+/, '')}${search}`;
}

function headersFor(body: unknown, extra: RequestOptions['headers']): Headers {
  const headers = new Headers({
    Accept: 'application/json',
    'Cache-Control': 'no-cache',
    Pragma: 'no-cache',
    'X-Device-Id': deviceId(),
    'Accept-Language': currentLang(),
  });
  const token = getToken();
  if (token) headers.set('X-Authorization', token);
  if (body !== undefined && !(body instanceof FormData)) headers.set('Content-Type', 'application/json');
  for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value);
  return headers;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'code' in value && typeof value.code === 'number';
}

function isFieldErrors(value: unknown): value is FieldError[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item: unknown) => typeof item === 'object' && item !== null && 'msg' in item && typeof item.msg === 'string',
    )
  );
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // A proxy's HTML error page, not our envelope: the status alone then describes the failure.
    return undefined;
  }
}

/**
 * Calls `/api/<path>` and resolves the whole envelope when its code is 200, for the few callers
 * that read its message (a sign-in must say the success text). Anything else is thrown as an
 * `ApiError`; a caller's own abort is rethrown unchanged so query cancellation stays silent.
 */
export async function requestEnvelope<T>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<Envelope<T>> {
  const { body, signal } = options;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    const response = await fetch(addressOf(path, options.query), {
      method,
      headers: headersFor(body, options.headers),
      body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
      signal: controller.signal,
    });
    const payload = await readBody(response);
    if (!isEnvelope(payload)) {
      throw new ApiError({ code: response.status, message: '', httpStatus: response.status });
    }
    if (payload.code === 200) return payload as Envelope<T>;
    throw new ApiError({
      code: payload.code,
      message: payload.message,
      httpStatus: response.status,
      items: isFieldErrors(payload.data) ? payload.data : [],
      data: payload.data,
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (signal?.aborted) throw signal.reason;
    const failure = controller.signal.aborted ? 'timeout' : 'network';
    throw new ApiError({ code: 0, message: '', httpStatus: 0, failure });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

/** Calls `/api/<path>` and resolves the envelope's `data` when its code is 200 (see `requestEnvelope`). */
export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  return (await requestEnvelope<T>(method, path, options)).data;
}

type CallOptions = Omit<RequestOptions, 'body'>;

export const get = <T>(path: string, options?: CallOptions) => request<T>('GET', path, options);
export const post = <T>(path: string, body?: unknown, options?: CallOptions) =>
  request<T>('POST', path, { ...options, body });
export const put = <T>(path: string, body?: unknown, options?: CallOptions) =>
  request<T>('PUT', path, { ...options, body });
export const del = <T>(path: string, options?: CallOptions) => request<T>('DELETE', path, options);

/** One event of a streamed answer: its name and its data, parsed. */
export interface StreamEvent {
  event: string;
  data: unknown;
}

function eventOf(block: string): StreamEvent | null {
  let event = 'message';
  let data = '';
  for (const line of block.split('\n')) {
    if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('data: ')) data += line.slice(6);
  }
  return data === '' ? null : { event, data: JSON.parse(data) as unknown };
}

/**
 * POSTs to `/api/<path>` and hands each event of its text/event-stream answer to `onEvent` as it
 * arrives, for answers the user watches being written. A refusal before the stream (an envelope)
 * is thrown as an `ApiError`, as is a stream that breaks off (`network`). No overall timeout: the
 * server bounds the work; `signal` stops reading.
 */
export async function streamEvents(
  path: string,
  body: unknown,
  onEvent: (event: StreamEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(addressOf(path, undefined), {
      method: 'POST',
      headers: headersFor(body, { Accept: 'text/event-stream' }),
      body: JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
      signal,
    });
  } catch {
    if (signal?.aborted) throw signal.reason;
    throw new ApiError({ code: 0, message: '', httpStatus: 0, failure: 'network' });
  }
  if (!response.headers.get('content-type')?.startsWith('text/event-stream') || !response.body) {
    const payload = await readBody(response);
    throw new ApiError({
      code: isEnvelope(payload) ? payload.code : response.status,
      message: isEnvelope(payload) ? payload.message : '',
      httpStatus: response.status,
      items: isEnvelope(payload) && isFieldErrors(payload.data) ? payload.data : [],
    });
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const event = eventOf(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (event) onEvent(event);
      }
    }
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (error instanceof ApiError) throw error;
    throw new ApiError({ code: 0, message: '', httpStatus: 0, failure: 'network' });
  }
}
