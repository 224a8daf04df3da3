import { randomUUID } from 'node:crypto';
import { RECORDS_PATH, SIGNATURE_HEADERS, signatureOf, type WireRecord, type WireResult } from './protocol.ts';

/** Where and as whom to send: the platform's address, the app id and the opened secret. */
export interface ProvinceEndpoint {
  baseUrl: string;
  appId: string;
  secret: string;
  timeoutMs: number;
}

/** A batch the platform did not take (down, slow, busy, or refusing the signature): retried later. */
export class ProvinceCallError extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null) {
    super(message);
    this.name = 'ProvinceCallError';
    this.status = status;
  }
}

/** Posts one batch, signed, with the batch's key as its idempotency key; answers each record's outcome. */
export async function sendBatch(
  endpoint: ProvinceEndpoint,
  batchKey: string,
  records: WireRecord[],
): Promise<WireResult[]> {
  const body = JSON.stringify({ batchKey, records });
  const timestamp = String(Date.now());
  const nonce = randomUUID();
  const url = `${endpoint.baseUrl.replace(/\/+$/, '')}${RECORDS_PATH}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADERS.appId]: endpoint.appId,
        [SIGNATURE_HEADERS.timestamp]: timestamp,
        [SIGNATURE_HEADERS.nonce]: nonce,
        [SIGNATURE_HEADERS.signature]: signatureOf(endpoint.secret, endpoint.appId, timestamp, nonce, body),
        [SIGNATURE_HEADERS.idempotency]: batchKey,
      },
      body,
      signal: AbortSignal.timeout(endpoint.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ProvinceCallError(
      timedOut ? `no answer within ${endpoint.timeoutMs} ms` : `unreachable: ${(error as Error).message}`,
      null,
    );
  }
  const text = await response.text();
  if (!response.ok) {
    const retry = response.headers.get('retry-after');
    throw new ProvinceCallError(
      `HTTP ${response.status}${retry ? ` (retry after ${retry} s)` : ''}: ${text.slice(0, 200)}`,
      response.status,
    );
  }
  let parsed: { results?: WireResult[] };
  try {
    parsed = JSON.parse(text) as { results?: WireResult[] };
  } catch {
    throw new ProvinceCallError('the platform answered something that is not JSON', response.status);
  }
  if (!Array.isArray(parsed.results)) throw new ProvinceCallError('the platform answered no results', response.status);
  return parsed.results;
}
