import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import { assertSafeKey, type FileStorage, StorageError } from './storage.ts';

export interface S3Options {
  /** `http(s)://host[:port]`, MinIO's address or an S3 region's. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** `endpoint/bucket/key` (MinIO) rather than `bucket.endpoint/key`. */
  forcePathStyle: boolean;
  /** How long the store may take to answer one request (its headers) before it counts as unreachable. */
  timeoutMs?: number;
}

/** The code and message of S3's XML error body, e.g. `SignatureDoesNotMatch: The request signature ...`. */
async function describeFailure(res: Response): Promise<string> {
  const text = res.body ? (await res.text()).slice(0, 4000) : '';
  const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
  const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1];
  return code ? `${res.status} ${code}${message ? `: ${message}` : ''}` : `HTTP ${res.status}`;
}

/**
 * The `OSS_MINIO` channel: objects in one bucket of an S3-compatible store, each request signed
 * with Signature V4 by aws4fetch. Bodies are signed too (their SHA-256 travels in
 * `X-Amz-Content-Sha256`), so that the store refuses a body changed on the way.
 */
export class S3Storage implements FileStorage {
  readonly channel = 'OSS_MINIO' as const;
  private readonly client: AwsClient;
  private readonly base: URL;
  private readonly options: S3Options;

  constructor(options: S3Options) {
    this.options = options;
    this.base = new URL(options.endpoint);
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      region: options.region,
      service: 's3',
      // aws4fetch retries 5xx and 429 answers with backoff; a store that is down should fail fast.
      retries: 2,
    });
  }

  /** The object's address; keys are generated ids of safe characters, so they need no encoding. */
  objectUrl(key: string): string {
    assertSafeKey(key);
    const basePath = this.base.pathname.replace(/\/+$/, '');
    const { protocol, host } = this.base;
    return this.options.forcePathStyle
      ? `${protocol}//${host}${basePath}/${this.options.bucket}/${key}`
      : `${protocol}//${this.options.bucket}.${host}${basePath}/${key}`;
  }

  private async send(method: string, key: string, init: RequestInit = {}): Promise<Response> {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), this.options.timeoutMs ?? 30_000);
    try {
      return await this.client.fetch(this.objectUrl(key), { ...init, method, signal: timeout.signal });
    } catch (error) {
      const reason = timeout.signal.aborted ? 'no answer in time' : (error as Error).message;
      throw new StorageError(this.channel, 'unreachable', `${method} ${key} at ${this.base.origin}: ${reason}`, {
        cause: error,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  private async refused(method: string, key: string, res: Response): Promise<StorageError> {
    return new StorageError(this.channel, 'refused', `${method} ${key}: ${await describeFailure(res)}`);
  }

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    const res = await this.send('PUT', key, {
      // Our buffers are backed by plain ArrayBuffers; the DOM typing of fetch insists on saying so.
      body: body as Uint8Array<ArrayBuffer>,
      headers: {
        'content-type': contentType,
        'x-amz-content-sha256': createHash('sha256').update(body).digest('hex'),
      },
    });
    if (!res.ok) throw await this.refused('PUT', key, res);
    await res.body?.cancel();
  }

  async get(key: string): Promise<Readable> {
    const res = await this.send('GET', key);
    if (res.status === 404) {
      await res.body?.cancel();
      throw new StorageError(this.channel, 'notFound', `GET ${key}: no such key`);
    }
    if (!res.ok || !res.body) throw await this.refused('GET', key, res);
    return Readable.fromWeb(res.body as NodeReadableStream<Uint8Array>);
  }

  async delete(key: string): Promise<void> {
    const res = await this.send('DELETE', key);
    // S3 answers 204 whether or not the key existed; 404 means the same to us.
    if (!res.ok && res.status !== 404) throw await this.refused('DELETE', key, res);
    await res.body?.cancel();
  }

  async exists(key: string): Promise<boolean> {
    const res = await this.send('HEAD', key);
    await res.body?.cancel();
    if (res.status === 404) return false;
    if (!res.ok) throw new StorageError(this.channel, 'refused', `HEAD ${key}: HTTP ${res.status}`);
    return true;
  }
}
