import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DATA_PUSH_SIGNATURE_HEADER, type DataPushBody } from '@meridian/contracts';
import { expect } from 'vitest';
import { buildTestApp, memoryLogger } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { JobWorker } from '../../platform/jobs/worker.ts';
import { callerFor } from '../../portal/orgs/testing.ts';
import { buildMqttWorld } from '../mqtt/testing.ts';
import { dataPushJob } from './push.ts';

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

/**
 * What the data push tests share: an app whose push prefix is loopback, a super admin (who creates
 * targets), a receiver, a worker of push jobs whose retries come back after milliseconds, and an
 * HTTP device of the world's owner that reports values.
 */
export async function buildPushWorld() {
  const t = await buildTestApp({ DATA_PUSH_URL_PREFIX: 'http://127.0.0.1' });
  const world = await buildMqttWorld(t);
  const admin = await callerFor(t, await buildUser(t.db.kysely, { superAdmin: true, roleIds: [5] }));
  const receiver = await startPushReceiver();
  const worker = new JobWorker({
    db: t.db,
    log: memoryLogger().logger,
    config: t.config,
    jobs: [dataPushJob],
    baseRetryMs: 1,
    maxRetryMs: 4,
  });
  const d = await world.addDevice({ protocol: 'httpJson' });
  const res = await world.owner.post(`/iot/devices/${d.id}/ingest-token`);
  expect(res.statusCode, res.body).toBe(200);
  const device = { id: d.id, token: res.json().data.token as string };
  return {
    t,
    world,
    admin,
    receiver,
    worker,
    device,
    /** The device reports values over HTTP. */
    report: (values: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/iot/ingest',
        headers: { authorization: `Device ${device.token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ values }),
      }),
    async close() {
      await worker.stop();
      await receiver.close();
      await t.close();
    },
  };
}
export type PushWorld = Awaited<ReturnType<typeof buildPushWorld>>;
