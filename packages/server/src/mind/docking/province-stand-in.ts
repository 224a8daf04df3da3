import { createHash, createHmac } from 'node:crypto';
import { type Answer, type Received, serve } from '../../platform/sms/stand-ins.ts';
import type { WireRecord, WireResult } from './protocol.ts';

/**
 * A local stand-in of a province platform, for tests, walks and trying docking on a laptop. It
 * speaks docs/protocols/province.md: `POST …/api/v1/records/batch`, signed with HMAC-SHA256 under
 * the app's secret (a bad or stale signature, or a nonce seen before, is 401), at most 100 records
 * (413 beyond). Each record is kept by its key: a new key is created, a known key updated or left
 * unchanged, never created twice. A record whose ID number fails its check digit, or that has no
 * name, is refused with a reason. On command it answers 429 with `retry-after`, 503, or silence
 * (a timeout). Listens on 127.0.0.1, port 0. It checks signatures with its own code, never the
 * product's `protocol.ts`, so that a mistake there cannot agree with itself.
 */

export type ScriptedOutage = { status: 429 | 503; retryAfterSeconds?: number } | { silence: true };

export interface StoredRecord {
  kind: WireRecord['kind'];
  data: Record<string, unknown>;
  /** How many times the platform created this key: a correct client keeps it at 1. */
  created: number;
  received: number;
}

const BATCH_MAX = 100;
const CLOCK_SKEW_MS = 5 * 60_000;
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

/** Whether an 18-character resident ID number's last character is its GB 11643 check digit. */
export function idCardValid(idCard: string): boolean {
  if (!/^\d{17}[\dX]$/.test(idCard)) return false;
  const sum = WEIGHTS.reduce((acc, w, i) => acc + w * Number(idCard[i]), 0);
  return '10X98765432'[sum % 11] === idCard[17];
}

function refusal(record: WireRecord): string | null {
  const name = record.data.name;
  if (typeof name !== 'string' || name.trim() === '') return '姓名不能为空 (name is required)';
  const idCard = record.data.idCard;
  if (typeof idCard !== 'string' || idCard === '') return '缺少身份证号 (ID number is missing)';
  if (!idCardValid(idCard)) return '身份证号校验位错误 (ID number fails its check digit)';
  return null;
}

/** The signature the platform expects, as docs/protocols/province.md writes it. */
function expectedSignature(secret: string, appId: string, timestamp: string, nonce: string, body: string) {
  const bodyHash = createHash('sha256').update(body).digest('hex');
  return createHmac('sha256', secret).update([appId, timestamp, nonce, bodyHash].join('\n')).digest('hex');
}

export async function startProvinceStandIn(options: { appId: string; secret: string }) {
  const outages: ScriptedOutage[] = [];
  const records = new Map<string, StoredRecord>();
  const nonces = new Set<string>();
  /** Every accepted request's idempotency key, record count and record keys, in order. */
  const batches: Array<{ idempotencyKey: string; size: number; keys: string[] }> = [];
  let down = false;
  let refusedSignatures = 0;

  const header = (r: Received, name: string) => {
    const value = r.headers[name];
    return typeof value === 'string' ? value : '';
  };

  const answer = (r: Received): Answer => {
    if (r.method !== 'POST' || r.path !== '/api/v1/records/batch') return { status: 404, body: { error: 'not_found' } };
    const appId = header(r, 'x-app-id');
    const timestamp = header(r, 'x-timestamp');
    const nonce = header(r, 'x-nonce');
    const given = header(r, 'x-signature');
    const fresh = Math.abs(Date.now() - Number(timestamp)) <= CLOCK_SKEW_MS;
    if (
      appId !== options.appId ||
      !fresh ||
      nonce === '' ||
      nonces.has(nonce) ||
      given !== expectedSignature(options.secret, appId, timestamp, nonce, r.body)
    ) {
      refusedSignatures++;
      return { status: 401, body: { error: 'invalid_signature', message: 'The request signature does not verify.' } };
    }
    nonces.add(nonce);
    if (down) return { status: 503, body: { error: 'unavailable', message: 'The platform is under maintenance.' } };
    const outage = outages.shift();
    if (outage) {
      if ('silence' in outage) return 'hang';
      const headers: Record<string, string> =
        outage.retryAfterSeconds === undefined ? {} : { 'retry-after': String(outage.retryAfterSeconds) };
      return {
        status: outage.status,
        body: { error: outage.status === 429 ? 'rate_limited' : 'unavailable' },
        headers,
      };
    }
    let parsed: { records?: WireRecord[] };
    try {
      parsed = JSON.parse(r.body) as typeof parsed;
    } catch {
      return { status: 400, body: { error: 'bad_json' } };
    }
    const list = Array.isArray(parsed.records) ? parsed.records : [];
    if (list.length > BATCH_MAX) {
      return { status: 413, body: { error: 'batch_too_large', message: `At most ${BATCH_MAX} records per request.` } };
    }
    batches.push({ idempotencyKey: header(r, 'idempotency-key'), size: list.length, keys: list.map((x) => x.key) });
    const results: WireResult[] = list.map((record) => {
      const reason = refusal(record);
      if (reason) return { key: record.key, status: 'rejected', reason };
      const known = records.get(record.key);
      if (!known) {
        records.set(record.key, { kind: record.kind, data: record.data, created: 1, received: 1 });
        return { key: record.key, status: 'created' };
      }
      known.received++;
      const same = JSON.stringify(known.data) === JSON.stringify(record.data);
      known.data = record.data;
      return { key: record.key, status: same ? 'unchanged' : 'updated' };
    });
    return { body: { results } };
  };

  const server = await serve(answer);

  return {
    /** The platform address to configure. */
    baseUrl: server.url,
    records,
    batches,
    get refusedSignatures() {
      return refusedSignatures;
    },
    /** Queues outages for the next requests, in order. */
    script(...next: ScriptedOutage[]) {
      outages.push(...next);
    },
    /** Down (503 to every signed request) until told otherwise. */
    setDown(value: boolean) {
      down = value;
    },
    reset() {
      outages.length = 0;
      records.clear();
      batches.length = 0;
      down = false;
      refusedSignatures = 0;
    },
    close: server.close,
  };
}
export type ProvinceStandIn = Awaited<ReturnType<typeof startProvinceStandIn>>;
