import { createHash, timingSafeEqual } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AwsV4Signer } from 'aws4fetch';

/**
 * A stand-in for MinIO in tests: an HTTP server on 127.0.0.1 that speaks the part of the S3
 * protocol the file store uses (PUT, GET, HEAD and DELETE of an object in one bucket, path
 * style), checks each request's Signature V4 against its own keys, and answers refusals with
 * S3's XML error body. No MinIO-compatible server can be installed from npm or Debian here.
 */

export interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface S3StandIn {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, StoredObject>;
  /** `METHOD key status` of every request, to see what reached the store. */
  requests: string[];
  close(): Promise<void>;
}

interface Refusal {
  status: number;
  code: string;
  message: string;
}

const MAX_SKEW_MS = 15 * 60_000;
const MAX_BODY = 32 * 1024 * 1024;

const refusal = (status: number, code: string, message: string): Refusal => ({ status, code, message });

/**
 * Checks a request's `Authorization: AWS4-HMAC-SHA256 ...` header as S3 does: a known key, the
 * store's region, a fresh date, the body's hash, and the signature recomputed over the headers
 * the client says it signed. Returns the refusal, or `undefined` when the request is genuine.
 */
export async function verifySignature(
  request: { method: string; url: string; headers: IncomingHttpHeaders; body: Buffer },
  keys: ReadonlyMap<string, string>,
  region: string,
  now = Date.now(),
): Promise<Refusal | undefined> {
  const header = request.headers.authorization ?? '';
  const parts =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      header,
    );
  if (!parts) return refusal(403, 'AccessDenied', 'Access Denied.');
  const [, keyId, day, scopeRegion, signedHeaders, signature] = parts;
  const secret = keys.get(keyId);
  if (secret === undefined) {
    return refusal(403, 'InvalidAccessKeyId', 'The Access Key Id you provided does not exist in our records.');
  }
  if (scopeRegion !== region) {
    return refusal(400, 'AuthorizationHeaderMalformed', `the region '${scopeRegion}' is wrong; expecting '${region}'`);
  }
  const date = String(request.headers['x-amz-date'] ?? '');
  const at = Date.parse(date.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  if (!date.startsWith(day) || Number.isNaN(at)) return refusal(403, 'AccessDenied', 'X-Amz-Date is missing or wrong.');
  if (Math.abs(now - at) > MAX_SKEW_MS) {
    return refusal(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
    );
  }
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (!payloadHash)
    return refusal(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== createHash('sha256').update(request.body).digest('hex')) {
    return refusal(
      400,
      'XAmzContentSHA256Mismatch',
      "The provided 'x-amz-content-sha256' header does not match what was computed.",
    );
  }
  const names = signedHeaders.split(';');
  if (!names.includes('host')) return refusal(403, 'AccessDenied', 'The host header must be signed.');
  const headers = new Headers();
  for (const name of names) {
    const value = request.headers[name];
    if (name !== 'host' && value !== undefined) headers.set(name, Array.isArray(value) ? value.join(',') : value);
  }
  // aws4fetch builds the canonical request; it is checked against AWS's published example in s3.test.ts.
  const expected = new AwsV4Signer({
    method: request.method,
    url: `http://${request.headers.host}${request.url}`,
    headers,
    accessKeyId: keyId,
    secretAccessKey: secret,
    service: 's3',
    region,
    datetime: date,
    allHeaders: true,
  });
  const computed = Buffer.from(await expected.signature());
  const given = Buffer.from(signature);
  if (expected.signedHeaders !== signedHeaders || !timingSafeEqual(computed, given)) {
    return refusal(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  }
  return undefined;
}

function errorXml({ code, message }: Refusal, resource: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><Resource>${resource}</Resource><RequestId>standin</RequestId></Error>`;
}

async function readBody(req: http.IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of req) {
    length += (chunk as Buffer).length;
    if (length > MAX_BODY) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function startS3StandIn(
  options: { bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string } = {},
): Promise<S3StandIn> {
  const bucket = options.bucket ?? 'meridian-test';
  const region = options.region ?? 'us-east-1';
  const accessKeyId = options.accessKeyId ?? 'STANDINACCESSKEY';
  const secretAccessKey = options.secretAccessKey ?? 'standin/secret/key/0123456789abcdef';
  const keys = new Map([[accessKeyId, secretAccessKey]]);
  const objects = new Map<string, StoredObject>();
  const requests: string[] = [];

  const server = http.createServer(async (req, res) => {
    const method = req.method ?? 'GET';
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
    const [, bucketName = '', ...rest] = path.split('/');
    const key = rest.join('/');
    const answer = (status: number, body?: string | Buffer, headers: Record<string, string | number> = {}) => {
      requests.push(`${method} ${key} ${status}`);
      res.writeHead(status, headers);
      res.end(method === 'HEAD' ? undefined : body);
    };
    const refuse = (r: Refusal) => answer(r.status, errorXml(r, path), { 'content-type': 'application/xml' });

    const body = await readBody(req);
    if (!body) return refuse(refusal(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.'));
    const denied = await verifySignature({ method, url: req.url ?? '/', headers: req.headers, body }, keys, region);
    if (denied) return refuse(denied);
    if (bucketName !== bucket) return refuse(refusal(404, 'NoSuchBucket', 'The specified bucket does not exist.'));
    if (!key) return refuse(refusal(501, 'NotImplemented', 'Only object operations are supported here.'));

    const found = objects.get(key);
    switch (method) {
      case 'PUT':
        objects.set(key, { body, contentType: req.headers['content-type'] ?? 'application/octet-stream' });
        return answer(200, '', { etag: `"${createHash('md5').update(body).digest('hex')}"` });
      case 'GET':
      case 'HEAD':
        if (!found) return refuse(refusal(404, 'NoSuchKey', 'The specified key does not exist.'));
        return answer(200, found.body, { 'content-type': found.contentType, 'content-length': found.body.length });
      case 'DELETE':
        objects.delete(key);
        return answer(204);
      default:
        return refuse(refusal(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.'));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
