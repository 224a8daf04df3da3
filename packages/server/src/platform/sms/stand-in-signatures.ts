import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * How the Aliyun and Tencent Cloud stand-ins check a caller's signature: a second implementation
 * of each provider's published algorithm, written from its documentation and sharing no code with
 * the product's signers in `aliyun.ts` and `tencent.ts`, so that a bug there is refused here as the provider
 * would refuse it. `stand-in-signatures.test.ts` holds both to the providers' own worked examples.
 */

/** Why a provider refuses a request: its error code and message (and, for Aliyun, the HTTP status). */
export interface Refusal {
  status: number;
  code: string;
  message: string;
}

const refusal = (status: number, code: string, message: string): Refusal => ({ status, code, message });

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

// --- Aliyun RPC, signature version 1.0 ----------------------------------------------------------

/** Aliyun accepts a Timestamp this far from its own clock. */
const ALIYUN_MAX_SKEW_MS = 15 * 60_000;

/**
 * The documentation's encoding, byte by byte over UTF-8: letters, digits and `-_.~` stay, every
 * other byte is `%XY` in upper-case hex (so a space is `%20`, `*` is `%2A`).
 */
function rpcEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const unreserved =
      (byte >= 0x30 && byte <= 0x39) ||
      (byte >= 0x41 && byte <= 0x5a) ||
      (byte >= 0x61 && byte <= 0x7a) ||
      byte === 0x2d ||
      byte === 0x2e ||
      byte === 0x5f ||
      byte === 0x7e;
    out += unreserved ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** The query's parameters as sent, decoded once (a `+` is a plus sign, as RFC 3986 has it). */
function rpcParams(url: string): Map<string, string> | undefined {
  const at = url.indexOf('?');
  const params = new Map<string, string>();
  if (at < 0) return params;
  try {
    for (const pair of url.slice(at + 1).split('&')) {
      if (!pair) continue;
      const eq = pair.indexOf('=');
      params.set(
        decodeURIComponent(eq < 0 ? pair : pair.slice(0, eq)),
        eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1)),
      );
    }
  } catch {
    return undefined;
  }
  return params;
}

/**
 * Checks an RPC request (`url` is the path and query as received) as Aliyun's POP gateway does:
 * the signature parameters present, a known AccessKeyId, a fresh Timestamp, the Signature
 * recomputed over every other parameter, and a SignatureNonce not seen before (`nonces`
 * remembers them). Returns the refusal, or `undefined` when the request is genuine.
 */
export function verifyAliyunRpc(
  request: { method: string; url: string },
  keys: ReadonlyMap<string, string>,
  nonces: Set<string>,
  now = Date.now(),
): Refusal | undefined {
  const params = rpcParams(request.url);
  const signature = params?.get('Signature');
  const keyId = params?.get('AccessKeyId');
  const nonce = params?.get('SignatureNonce');
  const timestamp = params?.get('Timestamp');
  if (
    !params ||
    !signature ||
    !keyId ||
    !nonce ||
    timestamp === undefined ||
    params.get('SignatureMethod') !== 'HMAC-SHA1' ||
    params.get('SignatureVersion') !== '1.0'
  ) {
    return refusal(400, 'IncompleteSignature', 'The request signature does not conform to Aliyun standards.');
  }
  const secret = keys.get(keyId);
  if (secret === undefined) return refusal(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(timestamp) || Number.isNaN(Date.parse(timestamp))) {
    return refusal(400, 'InvalidTimeStamp.Format', 'Specified time stamp or date value is not well formatted.');
  }
  if (Math.abs(now - Date.parse(timestamp)) > ALIYUN_MAX_SKEW_MS) {
    return refusal(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
  }
  const canonical = [...params]
    .filter(([name]) => name !== 'Signature')
    .map(([name, value]) => [rpcEncode(name), rpcEncode(value)])
    .sort(([a = ''], [b = '']) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const stringToSign = `${request.method.toUpperCase()}&${rpcEncode('/')}&${rpcEncode(canonical)}`;
  const expected = createHmac('sha1', `${secret}&`).update(stringToSign, 'utf8').digest('base64');
  if (!same(signature, expected)) {
    return refusal(400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.');
  }
  if (nonces.has(nonce)) return refusal(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
  nonces.add(nonce);
  return undefined;
}

// --- Tencent Cloud API 3.0, TC3-HMAC-SHA256 ------------------------------------------------------

/** Tencent accepts an X-TC-Timestamp this far from its own clock. */
const TC3_MAX_SKEW_S = 5 * 60;

const hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const mac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
};

/** The UTC calendar day of a Unix time, `YYYY-MM-DD`. */
function utcDay(seconds: number): string {
  const d = new Date(seconds * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
}

/**
 * Checks an API 3.0 request for `service` (sms, vms...) as Tencent Cloud does: an Authorization
 * in the TC3 form signing at least content-type and host, a known SecretId, an X-TC-Timestamp
 * within five minutes, and the signature recomputed over the headers it names and the body, in
 * the scope of that timestamp's UTC day and this service. Tencent answers such refusals with
 * HTTP 200 and `Response.Error`; `status` is 200 here.
 */
export function verifyTc3(
  request: { method: string; headers: IncomingHttpHeaders; body: string },
  keys: ReadonlyMap<string, string>,
  service: string,
  now = Date.now(),
): Refusal | undefined {
  const parts =
    /^TC3-HMAC-SHA256 Credential=([^/\s]+)\/([^/\s]+)\/([^/\s]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      header(request.headers, 'authorization'),
    );
  const names = parts?.[4]?.split(';') ?? [];
  if (!parts || !names.includes('content-type') || !names.includes('host')) {
    return refusal(
      200,
      'AuthFailure.InvalidAuthorization',
      'The Authorization header does not follow TC3-HMAC-SHA256.',
    );
  }
  const [, secretId = '', day, scopeService, , signature = ''] = parts;
  const secretKey = keys.get(secretId);
  if (secretKey === undefined) {
    return refusal(
      200,
      'AuthFailure.SecretIdNotFound',
      'The SecretId is not found, please ensure that your SecretId is correct.',
    );
  }
  const timestamp = Number(header(request.headers, 'x-tc-timestamp'));
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > TC3_MAX_SKEW_S) {
    return refusal(
      200,
      'AuthFailure.SignatureExpire',
      'The signature expired: X-TC-Timestamp is more than five minutes away.',
    );
  }
  const date = utcDay(timestamp);
  const signed = [...names].sort();
  const canonicalRequest = [
    request.method.toUpperCase(),
    '/',
    '',
    signed.map((name) => `${name}:${header(request.headers, name).trim().toLowerCase()}\n`).join(''),
    signed.join(';'),
    hex(request.body),
  ].join('\n');
  const scope = `${date}/${service}/tc3_request`;
  const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${scope}\n${hex(canonicalRequest)}`;
  const signingKey = mac(mac(mac(`TC3${secretKey}`, date), service), 'tc3_request');
  const expected = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  if (day !== date || scopeService !== service || !same(signature, expected)) {
    return refusal(200, 'AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
  }
  return undefined;
}
