import { ModbusSlave, type SimulatedDtu } from '@meridian/simulator';
import { encodeRequest, parseReply } from '@meridian/simulator/modbus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDevice, mainAccount, newSn } from '../src/iot/devices/testing.ts';
import type { DtuServer } from '../src/iot/gateway/server.ts';
import { RecordingTelemetry, startTestDtu, startTestDtuServer } from '../src/iot/gateway/testing.ts';
import { type PassthroughServer, startPassthroughServer } from '../src/iot/passthrough/relay.ts';
import { oneRegisterTemplate, pcClient } from '../src/iot/passthrough/testing.ts';
import type { Caller } from '../src/portal/orgs/testing.ts';
import { buildTestApp, memoryLogger, type TestApp } from './app.ts';
import { nginxRuns, type RunningNginx, startNginx } from './nginx.ts';
import { freePort } from './processes.ts';

/**
 * The repository's stream configuration (deploy/nginx/meridian-stream.conf) in front of one
 * gateway: a DTU connects through nginx's DTU port and a PC client through its passthrough port,
 * both with nginx's PROXY header (DTU_PROXY_PROTOCOL=on), and the PC exchanges bytes with the
 * serial device behind the DTU (decisions 0113 and 0138).
 */
const withNginx = nginxRuns();
const memory = memoryLogger();

let t: TestApp;
let owner: Caller;
let server: DtuServer;
let relay: PassthroughServer;
let nginx: RunningNginx | undefined;
let ports: { dtu: number; passthrough: number };
const telemetry = new RecordingTelemetry();
const dtus: SimulatedDtu[] = [];

beforeAll(async () => {
  if (!withNginx) return;
  t = await buildTestApp();
  owner = await mainAccount(t);
  server = await startTestDtuServer(t.db, memory.logger, { readTimeoutMs: 300, proxyProtocol: true }, telemetry);
  relay = await startPassthroughServer(t.db, memory.logger, {
    host: '127.0.0.1',
    port: 0,
    tokenTimeoutMs: 2000,
    bufferCap: 64 * 1024,
    proxyProtocol: true,
  });
  ports = { dtu: await freePort(), passthrough: await freePort() };
  nginx = await startNginx({
    http: await freePort(),
    dtu: ports.dtu,
    api: [await freePort()],
    gateways: [server.port],
    passthrough: { port: ports.passthrough, gateways: [relay.port] },
  });
}, 30_000);
afterAll(async () => {
  for (const dtu of dtus) dtu.stop();
  await nginx?.stop();
  await relay?.stop();
  await server?.stop();
  await t?.close();
});

const readCounter = { slave: 1, fn: 3, address: 0, count: 1 } as const;

describe.runIf(withNginx)('passthrough behind nginx', () => {
  it("relays a PC client's bytes through nginx's passthrough port to the serial device behind a DTU connected through nginx", async () => {
    const sn = newSn();
    const template = await owner.post('/iot/templates', oneRegisterTemplate('Passthrough behind nginx'));
    expect(template.statusCode, template.body).toBe(200);
    const deviceId = await buildDevice(owner, {
      sn,
      commPassword: 'ngx12345',
      templateId: template.json().data.id,
      queryInterval: 1,
    });
    const dtu = startTestDtu(server, {
      port: ports.dtu,
      sn: sn.padEnd(20, ' '),
      password: 'ngx12345',
      slaves: [
        new ModbusSlave(1, [
          {
            name: 'Counter',
            table: 'holdingRegister',
            address: 0,
            encoding: 'uint16',
            initial: 2718,
            drift: { kind: 'fixed' },
          },
        ]),
      ],
    });
    dtus.push(dtu);
    await dtu.ready();
    await expect.poll(() => telemetry.batches.some((b) => b.deviceId === deviceId), { timeout: 10_000 }).toBe(true);

    // Only the PC's own address may connect: nginx's PROXY header names it (127.0.0.1 here).
    const res = await owner.post('/iot/passthrough', { name: 'Through nginx', deviceId, allowList: ['127.0.0.1'] });
    expect(res.statusCode, res.body).toBe(200);
    const pc = await pcClient(ports.passthrough, `${res.json().data.token}\n`);
    pc.socket.write(encodeRequest(readCounter, 'rtu'));
    await expect.poll(() => parseReply(readCounter, pc.received(), 'rtu').kind, { timeout: 10_000 }).toBe('ok');
    const verdict = parseReply(readCounter, pc.received(), 'rtu');
    expect(verdict.kind === 'ok' && Buffer.from(verdict.data).readUInt16BE(0)).toBe(2718);

    // A strategy allowing another address refuses the same PC: the relay saw the PC's address, not a header's bytes.
    pc.socket.destroy();
    await pc.closed;
    const other = await owner.call('PUT', `/iot/passthrough/${res.json().data.id}`, {
      name: 'Through nginx',
      deviceId,
      allowList: ['10.9.9.9'],
    });
    expect(other.statusCode, other.body).toBe(200);
    const refused = await pcClient(ports.passthrough, `${res.json().data.token}\n`);
    await refused.closed;
    expect(refused.received().length).toBe(0);
    // (nginx's start-up check also reached the relay: refused as `noToken`.)
    const refusals = memory.lines.filter((l) => l.msg === 'passthrough client refused' && l.reason === 'address');
    expect(refusals).toEqual([expect.objectContaining({ address: '127.0.0.1' })]);
  });
});
