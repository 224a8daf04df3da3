import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  RECORDS_PATH,
  SIGNATURE_HEADERS,
  signatureMatches,
  signatureOf,
  type WireRecord,
  type WireResult,
} from './protocol.ts';

/**
 * A local stand-in of a province platform, for tests, walks and trying docking on a laptop. It
 * speaks docs/protocols/province.md: `POST …/api/v1/records/batch`, signed with HMAC-SHA256 under
 * the app's secret (a bad or stale signature, or a nonce seen before, is 401), at most 100 records
 * (413 beyond). Each record is kept by its key: a new key is created, a known key updated or left
 * unchanged, never created twice. A record whose ID number fails its check digit, or that has no
 * name, is refused with a reason. On command it answers 429 with `retry-after`, 503, or silence
 * (a timeout). Listens on 127.0.0.1, port 0; bodies are capped.
 */

export type ScriptedOutage = { status: 429 | 503; retryAfterSeconds?: number } | { silence: true };

export interface StoredRecord {
  kind: WireRecord['kind'];
  data: Record<string, unknown>;
  /** How many times the platform created this key: a correct client keeps it at 1. */
  created: number;
  received: number;
}

const BODY_LIMIT = 2 * 1024 * 1024;
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

const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

export async function startProvinceStandIn(options: { appId: string; secret: string }) {
  const outages: ScriptedOutage[] = [];
  const records = new Map<string, StoredRecord>();
  const nonces = new Set<string>();
  const sockets = new Set<Socket>();
  /** Every accepted request's idempotency key and record count, in order. */
  const batches: Array<{ idempotencyKey: string; size: number }> = [];
  let down = false;
  let refusedSignatures = 0;

  const header = (req: http.IncomingMessage, name: string) => {
    const value = req.headers[name];
    return typeof value === 'string' ? value : '';
  };

  const answer = (req: http.IncomingMessage, res: http.ServerResponse, raw: string) => {
    const appId = header(req, SIGNATURE_HEADERS.appId);
    const timestamp = header(req, SIGNATURE_HEADERS.timestamp);
    const nonce = header(req, SIGNATURE_HEADERS.nonce);
    const given = header(req, SIGNATURE_HEADERS.signature);
    const fresh = Math.abs(Date.now() - Number(timestamp)) <= CLOCK_SKEW_MS;
    if (
      appId !== options.appId ||
      !fresh ||
      nonce === '' ||
      nonces.has(nonce) ||
      !signatureMatches(signatureOf(options.secret, appId, timestamp, nonce, raw), given)
    ) {
      refusedSignatures++;
      json(res, 401, { error: 'invalid_signature', message: 'The request signature does not verify.' });
      return;
    }
    nonces.add(nonce);
    if (down) {
      json(res, 503, { error: 'unavailable', message: 'The platform is under maintenance.' });
      return;
    }
    const outage = outages.shift();
    if (outage) {
      if ('silence' in outage) return;
      const headers: Record<string, string> =
        outage.retryAfterSeconds === undefined ? {} : { 'retry-after': String(outage.retryAfterSeconds) };
      json(res, outage.status, { error: outage.status === 429 ? 'rate_limited' : 'unavailable' }, headers);
      return;
    }
    let body: { batchKey?: string; records?: WireRecord[] };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      json(res, 400, { error: 'bad_json' });
      return;
    }
    const list = Array.isArray(body.records) ? body.records : [];
    if (list.length > BATCH_MAX) {
      json(res, 413, { error: 'batch_too_large', message: `At most ${BATCH_MAX} records per request.` });
      return;
    }
    batches.push({ idempotencyKey: header(req, SIGNATURE_HEADERS.idempotency), size: list.length });
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
    json(res, 200, { results });
  };

  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || !req.url?.endsWith(RECORDS_PATH)) {
      json(res, 404, { error: 'not_found' });
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
      if (size <= BODY_LIMIT) answer(req, res, Buffer.concat(parts).toString('utf8'));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** The platform address to configure. */
    baseUrl: `http://127.0.0.1:${port}`,
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
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type ProvinceStandIn = Awaited<ReturnType<typeof startProvinceStandIn>>;
