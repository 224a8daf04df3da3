import { randomBytes } from 'node:crypto';
import { ModbusSlave, SimulatedMqttDevice, Ticker } from '@meridian/simulator';
import type { TestApp } from '../../../test/app.ts';
import { as } from '../../../test/factories.ts';
import { multipart } from '../../../test/files.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { PASSWORD } from '../mqtt/testing.ts';

export const SERIES = 'M100';
export const MODEL = 'M100-A';

/** Uploads a firmware image of `bytes` random bytes for M100 / M100-A and returns its id. */
export async function uploadFirmware(t: TestApp, owner: Caller, version: string, bytes: number): Promise<number> {
  const body = await multipart([{ name: 'm100.bin', bytes: randomBytes(bytes) }], {
    name: 'Meter firmware',
    series: SERIES,
    model: MODEL,
    version,
    type: 'full',
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/iot/firmware',
    headers: { ...as(owner.token), ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 200) throw new Error(`firmware not uploaded: ${res.body}`);
  return res.json().data.id as number;
}

/** A simulated MQTT device on the broker at `port`, running `version` of M100 / M100-A unless told otherwise. */
export function simulatedDevice(
  port: number,
  sn: string,
  firmware: { version?: string; model?: string; failVerification?: boolean; chunkDelayMs?: number } = {},
): SimulatedMqttDevice {
  return new SimulatedMqttDevice({
    url: `mqtt://127.0.0.1:${port}`,
    sn,
    password: PASSWORD,
    values: new ModbusSlave(1, []),
    intervalSeconds: 3600,
    statusSeconds: 0,
    ticker: new Ticker(),
    reconnectMs: 100,
    firmware: {
      series: SERIES,
      model: firmware.model ?? MODEL,
      version: firmware.version ?? '1.0.0',
      failVerification: firmware.failVerification,
      chunkDelayMs: firmware.chunkDelayMs,
    },
  });
}
