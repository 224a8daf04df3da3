import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DATA_PUSH_SIGNATURE_HEADER, type DataPushBody } from '@meridian/contracts';

/** What a customer's receiver got: the parsed body and whether its signature checked out. */
export interface ReceivedPush {
  body: DataPushBody;
  signed: boolean;
}

/**
 * A customer's data push receiver on 127.0.0.1: answers each request with the next status of
 * `answers` (200 when none is left), checks the HMAC signature with `secret` once it is set.
 */
export async function startPushReceiver() {
  const state = { answers: [] as number[], secret: '', received: [] as ReceivedPush[], refused: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const status = state.answers.shift() ?? 200;
      if (status >= 200 && status < 300) {
        const expected = Buffer.from(`sha256=${createHmac('sha256', state.secret).update(raw).digest('hex')}`);
        const given = Buffer.from(String(req.headers[DATA_PUSH_SIGNATURE_HEADER] ?? ''));
        const signed = expected.length === given.length && timingSafeEqual(expected, given);
        state.received.push({ body: JSON.parse(raw.toString('utf8')) as DataPushBody, signed });
      } else state.refused++;
      res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    state,
    url: `http://127.0.0.1:${port}/meridian/push`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PushReceiver = Awaited<ReturnType<typeof startPushReceiver>>;
