import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { peerRuns } from '@meridian/simulator/peers';
import mqtt from 'mqtt';
import { expect, vi } from 'vitest';
import { freePort } from './processes.ts';

/** Debian's Mosquitto, a broker that is not ours. */
export const MOSQUITTO = '/usr/sbin/mosquitto';

/** Whether Mosquitto can run here (skips, or fails where peers are required). */
export function mosquittoRuns(): boolean {
  return peerRuns({
    name: 'Mosquitto',
    install: 'apt-get install -y mosquitto',
    runs: () => /mosquitto version/.test(spawnSync(MOSQUITTO, ['-h'], { encoding: 'utf8' }).stdout ?? ''),
  });
}

export interface RunningMosquitto {
  port: number;
  url: string;
  stop(): void;
}

/** Mosquitto on a free loopback port, anonymous, no persistence; resolves once it takes a connection. */
export async function startMosquitto(): Promise<RunningMosquitto> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'mosquitto-'));
  writeFileSync(join(dir, 'mosquitto.conf'), `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\n`);
  const child: ChildProcess = spawn(MOSQUITTO, ['-c', join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
  const url = `mqtt://127.0.0.1:${port}`;
  const stop = () => {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // Mosquitto takes connections once it listens: try one until it is accepted.
    await vi.waitFor(
      async () => {
        const probe = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 500 });
        const up = await new Promise<boolean>((resolve) => {
          probe.once('connect', () => resolve(true));
          probe.once('error', () => resolve(false));
          probe.once('close', () => resolve(false));
        });
        probe.end(true);
        expect(up, 'Mosquitto accepts a connection').toBe(true);
      },
      { timeout: 5_000 },
    );
  } catch (error) {
    stop();
    throw error;
  }
  return { port, url, stop };
}
