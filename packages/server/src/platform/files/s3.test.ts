import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../../../test/files.ts';
import { type S3StandIn, startS3StandIn, verifySignature } from '../../../test/s3-standin.ts';
import { S3Storage } from './s3.ts';
import { StorageError } from './storage.ts';

let s3: S3StandIn;
beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(() => s3.close());

const driver = (overrides: Partial<ConstructorParameters<typeof S3Storage>[0]> = {}) =>
  new S3Storage({
    endpoint: s3.endpoint,
    bucket: s3.bucket,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    region: s3.region,
    forcePathStyle: true,
    ...overrides,
  });

const key = (n: number) => `image/202605/${n.toString(16).padStart(32, '0')}.png`;
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe('the stand-in checks signatures as S3 does', () => {
  // AWS's own example (S3 API reference, "Signature Calculations for the Authorization Header", GET Object).
  const example = {
    method: 'GET',
    url: '/test.txt',
    body: Buffer.alloc(0),
    headers: {
      host: 'examplebucket.s3.amazonaws.com',
      range: 'bytes=0-9',
      'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      'x-amz-date': '20130524T000000Z',
      authorization:
        'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    },
  };
  const keys = new Map([['AKIAIOSFODNN7EXAMPLE', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY']]);
  const then = Date.parse('2013-05-24T00:00:00Z');

  it("accepts AWS's published example request", async () => {
    expect(await verifySignature(example, keys, 'us-east-1', then)).toBeUndefined();
  });

  it('refuses it when a signed header was changed, or the key is unknown', async () => {
    const changed = { ...example, headers: { ...example.headers, range: 'bytes=0-99' } };
    expect((await verifySignature(changed, keys, 'us-east-1', then))?.code).toBe('SignatureDoesNotMatch');
    expect((await verifySignature(example, new Map([['OTHER', 'x']]), 'us-east-1', then))?.code).toBe(
      'InvalidAccessKeyId',
    );
    expect((await verifySignature(example, keys, 'us-east-1', then + 3_600_000))?.code).toBe('RequestTimeTooSkewed');
  });
});

describe('the S3 driver (OSS_MINIO)', () => {
  it('puts, finds, reads back identical bytes, and deletes an object', async () => {
    const store = driver();
    const bytes = png(4, 3);
    await store.put(key(1), bytes, 'image/png');
    expect(s3.objects.get(key(1))?.contentType).toBe('image/png');
    expect(await store.exists(key(1))).toBe(true);
    expect(sha(await bytesOf(await store.get(key(1))))).toBe(sha(bytes));
    await store.delete(key(1));
    expect(await store.exists(key(1))).toBe(false);
    await expect(store.get(key(1))).rejects.toMatchObject({ kind: 'notFound' });
  });

  it('with a wrong secret key, says what S3 answered and stores nothing', async () => {
    const before = s3.objects.size;
    const error = await driver({ secretAccessKey: 'not-the-secret' })
      .put(key(2), png(2, 2), 'image/png')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect(error).toMatchObject({ kind: 'refused' });
    expect((error as Error).message).toMatch(/403 SignatureDoesNotMatch: The request signature we calculated/);
    expect(s3.objects.size).toBe(before);
  });

  it('with an unknown access key, says so', async () => {
    const error = await driver({ accessKeyId: 'NOBODY' })
      .put(key(3), png(2, 2), 'image/png')
      .catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/403 InvalidAccessKeyId/);
    expect(s3.objects.has(key(3))).toBe(false);
  });

  it('names a missing bucket, and a store that does not answer', async () => {
    await expect(driver({ bucket: 'no-such-bucket' }).put(key(4), png(2, 2), 'image/png')).rejects.toThrow(
      /404 NoSuchBucket/,
    );
    const closed = await startS3StandIn();
    await closed.close();
    await expect(driver({ endpoint: closed.endpoint }).exists(key(4))).rejects.toMatchObject({ kind: 'unreachable' });
  });

  it('refuses a key it did not generate before sending anything', async () => {
    const sent = s3.requests.length;
    await expect(driver().get('../../etc/passwd')).rejects.toThrow(/not a storage key/);
    expect(s3.requests.length).toBe(sent);
  });

  it('addresses the bucket in the path or in the host name', () => {
    expect(driver().objectUrl(key(5))).toBe(`${s3.endpoint}/${s3.bucket}/${key(5)}`);
    const virtual = driver({ endpoint: 'https://s3.example.com', forcePathStyle: false });
    expect(virtual.objectUrl(key(5))).toBe(`https://${s3.bucket}.s3.example.com/${key(5)}`);
  });
});
