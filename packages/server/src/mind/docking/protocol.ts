import { createHash, createHmac } from 'node:crypto';

/**
 * The province platform's request signature (docs/protocols/province.md): HMAC-SHA256 under the
 * app's secret over the app id, the time, a nonce and the body's SHA-256, each on its own line.
 * The local stand-in checks it with its own code.
 */
export const SIGNATURE_HEADERS = {
  appId: 'x-app-id',
  timestamp: 'x-timestamp',
  nonce: 'x-nonce',
  signature: 'x-signature',
  idempotency: 'idempotency-key',
} as const;

/** The path the batches are posted to, under the platform's address. */
export const RECORDS_PATH = '/api/v1/records/batch';

export function signatureOf(secret: string, appId: string, timestamp: string, nonce: string, body: string): string {
  const digest = createHash('sha256').update(body, 'utf8').digest('hex');
  return createHmac('sha256', secret).update(`${appId}\n${timestamp}\n${nonce}\n${digest}`, 'utf8').digest('hex');
}

/** One record as the platform receives it: its stable key (the idempotency key) and its fields. */
export interface WireRecord {
  key: string;
  kind: 'student' | 'result' | 'warning' | 'intervention';
  data: Record<string, unknown>;
}

/** The platform's answer for each record of a batch. */
export interface WireResult {
  key: string;
  status: 'created' | 'updated' | 'unchanged' | 'rejected';
  reason?: string;
}
